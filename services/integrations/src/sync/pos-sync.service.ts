import { Inject, Injectable, Logger } from '@nestjs/common';
import { integrationLabels, transactionDeliverySchema } from '@app/contracts';
import { APP_CONFIG, TransactionRunner } from '@app/platform';
import type { IntegrationsConfig } from '../config';
import { Credentials } from '../integrations/credentials';
import { IntegrationsRepository } from '../integrations/integrations.repository';
import type { PosIntegration } from '../integrations/pos-integration.entity';
import { IngestionService } from '../transactions/ingestion.service';
import { deliveryOfSquarePayment, SQUARE_VERSION, squarePaymentsUrl, type SquarePaymentsPage } from './square';

export type SyncResult =
  | { outcome: 'synced'; payments: number; recorded: number; syncedThrough: Date }
  | { outcome: 'failed'; error: string }
  | { outcome: 'skipped' };

/** How far back the first sync of a new entry reads; later syncs overlap the last one a little. */
const FIRST_SYNC_DAYS = 30;
const OVERLAP_MS = 10 * 60_000;
/** At most this many pages per run; the next run continues where this one stopped (synced_through). */
const MAX_PAGES = 50;

class SyncError extends Error {}

/**
 * Pulls a POS entry's transactions from its provider's API into the same ingestion as webhook
 * deliveries. Failures (no API for the system, provider unreachable, key refused) are recorded on
 * the entry (lastSyncError, last_sync_attempt_at); nothing is ever invented.
 */
@Injectable()
export class PosSyncService {
  private readonly logger = new Logger(PosSyncService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: IntegrationsConfig,
    private readonly transactions: TransactionRunner,
    private readonly repository: IntegrationsRepository,
    private readonly credentials: Credentials,
    private readonly ingestion: IngestionService,
  ) {}

  async sync(posId: string): Promise<SyncResult> {
    const pos = await this.transactions.run((manager) => this.repository.pos(manager, posId));
    if (!pos?.isActive) return { outcome: 'skipped' };
    try {
      const result = await this.pull(pos);
      await this.transactions.run((manager) =>
        this.repository.recordSyncAttempt(manager, pos.id, { syncedThrough: result.syncedThrough }),
      );
      return result;
    } catch (error) {
      const message = error instanceof SyncError ? error.message : `Sync failed: ${(error as Error).message}`;
      this.logger.warn(`sync of POS ${pos.id} (${pos.posSystem}) failed: ${message}`);
      await this.transactions.run((manager) => this.repository.recordSyncAttempt(manager, pos.id, { error: message }));
      return { outcome: 'failed', error: message };
    }
  }

  /**
   * Reads payments in creation order (ASC) from just before synced_through, so a run cut short by
   * the page cap leaves synced_through at the last payment it read and the next run resumes there.
   * lastSync is not the position: webhook deliveries move it too.
   */
  private async pull(pos: PosIntegration): Promise<Extract<SyncResult, { outcome: 'synced' }>> {
    if (pos.posSystem !== 'square') {
      throw new SyncError(
        `Automatic sync is not available for ${integrationLabels[pos.posSystem]} yet; send transactions to the webhook URL`,
      );
    }
    const startedAt = new Date();
    const since = pos.syncedThrough
      ? new Date(pos.syncedThrough.getTime() - OVERLAP_MS)
      : new Date(pos.createdAt.getTime() - FIRST_SYNC_DAYS * 86_400_000);
    const apiKey = this.credentials.open(pos.id, 'apiKey', pos.apiKey);
    const source = { id: pos.id, userId: pos.userId, kind: 'pos' as const, provider: pos.posSystem };
    let payments = 0;
    let recorded = 0;
    let cursor: string | undefined;
    let lastCreatedAt: Date | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const body = await this.squarePage(
        squarePaymentsUrl(this.config.SQUARE_API_BASE, since, pos.locationId, cursor),
        apiKey,
      );
      for (const payment of body.payments ?? []) {
        payments += 1;
        const createdAt = new Date(payment.created_at);
        if (!Number.isNaN(createdAt.getTime())) lastCreatedAt = createdAt;
        const parsed = transactionDeliverySchema.safeParse(deliveryOfSquarePayment(payment));
        if (!parsed.success) {
          this.logger.warn(`Square payment ${payment.id} skipped: ${parsed.error.issues[0]?.message}`);
          continue;
        }
        const result = await this.ingestion.ingest(source, parsed.data, { square: payment });
        if (result.outcome !== 'duplicate') recorded += 1;
      }
      cursor = body.cursor;
      if (!cursor) break;
    }
    // All pages read: everything created before the run started is in. Cut short: up to the last one read.
    const syncedThrough = cursor && lastCreatedAt ? lastCreatedAt : startedAt;
    return { outcome: 'synced', payments, recorded, syncedThrough };
  }

  private async squarePage(url: string, apiKey: string): Promise<SquarePaymentsPage> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${apiKey}`, 'square-version': SQUARE_VERSION, accept: 'application/json' },
        signal: AbortSignal.timeout(this.config.SYNC_HTTP_TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new SyncError(`Square API unreachable: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as SquarePaymentsPage;
    if (response.status === 401) throw new SyncError('Square refused the API key (401); check the access token');
    if (!response.ok) {
      throw new SyncError(`Square API answered ${response.status}: ${body.errors?.[0]?.detail ?? response.statusText}`);
    }
    return body;
  }
}
