import { Injectable } from '@nestjs/common';
import { ErrorCode, transactionDeliverySchema, type DeliveryResponse } from '@app/contracts';
import { AppError, Batcher, isUuid, parseInput, TransactionRunner, verifyWebhookSignature } from '@app/platform';
import { Credentials } from '../integrations/credentials';
import { IntegrationsRepository, type WebhookTarget } from '../integrations/integrations.repository';
import { IngestionService } from './ingestion.service';

/**
 * The delivery's JSON; a signed body that is not JSON is the sender's mistake (400), not ours.
 * (parseInput then refuses NUL characters, which Postgres cannot store, as for every other input.)
 */
function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError(ErrorCode.MalformedBody, 'The delivery body is not valid JSON.');
  }
}

const notFound = () => new AppError(ErrorCode.NotFound, 'Integration not found');

/** Look-ups of delivery targets at once: one, so those arriving meanwhile share the next. */
const TARGET_LOOKUPS_IN_FLIGHT = 1;

/** Signed transaction deliveries from processors and POS systems (POST /api/integrations/webhooks/{id}). */
@Injectable()
export class WebhooksService {
  /**
   * The targets of deliveries that arrive together are read in one statement, outside any
   * transaction; each read still starts after its delivery arrived, so a signing secret rotated
   * or an integration turned off is seen by every delivery after the change answered.
   */
  private readonly targets = new Batcher<string, WebhookTarget | null>(
    async (ids) => {
      const found = await this.integrations.webhookTargets(this.transactions.autocommit, [...new Set(ids)]);
      const byId = new Map(found.map((target) => [target.id, target]));
      return ids.map((id) => ({ status: 'fulfilled', value: byId.get(id) ?? null }));
    },
    { maxBatch: 256, maxInFlight: TARGET_LOOKUPS_IN_FLIGHT },
  );

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly integrations: IntegrationsRepository,
    private readonly credentials: Credentials,
    private readonly ingestion: IngestionService,
  ) {}

  /**
   * Verifies the signature over the exact bytes received before reading anything in them. A
   * delivery to an inactive integration is verified, then refused with 409 and not recorded, so
   * the provider keeps retrying and nothing is lost once the merchant turns it back on.
   */
  async receive(
    id: string,
    rawBody: Buffer | undefined,
    signature: string | undefined,
    requestId?: string,
  ): Promise<DeliveryResponse> {
    if (!isUuid(id)) throw notFound();
    const target = await this.targets.add(id);
    if (!target) throw notFound();
    const secret = this.credentials.openSigningSecret(target.id, target.signingSecret);
    if (!rawBody || !verifyWebhookSignature(secret, rawBody, signature)) {
      throw new AppError(ErrorCode.InvalidSignature, 'Invalid or missing signature.');
    }
    if (!target.isActive) throw new AppError(ErrorCode.Conflict, 'Integration is inactive');
    const raw = parseJson(rawBody);
    const delivery = parseInput(transactionDeliverySchema, raw);
    return this.ingestion.ingest(target, delivery, raw as Record<string, unknown>, requestId);
  }
}
