import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  integrationWebhookPath,
  sampleTransactionDelivery,
  type IntegrationTransactionDetail,
  type IntegrationTransactionView,
  type SampleDeliveryResponse,
} from '@app/contracts';
import { AppError, isUuid, signWebhook, TransactionRunner } from '@app/platform';
import { Credentials } from '../integrations/credentials';
import { IntegrationsRepository } from '../integrations/integrations.repository';
import { TransactionsRepository, type TransactionRow, type TransactionWebhookRow } from './transactions.repository';
import { WebhooksService } from './webhooks.service';

const iso = (date: Date | string): string => new Date(date).toISOString();

function transactionView(row: TransactionRow): IntegrationTransactionView {
  return {
    id: row.id,
    integrationId: row.integrationId,
    integrationName: row.integrationName,
    sourceKind: row.sourceKind,
    provider: row.provider,
    externalTransactionId: row.externalTransactionId,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    paymentMethod: row.paymentMethod,
    country: row.country,
    test: row.test,
    occurredAt: iso(row.occurredAt),
    recordedAt: iso(row.createdAt),
    updatedAt: iso(row.processedAt),
  };
}

const webhookView = (row: TransactionWebhookRow): IntegrationTransactionDetail['webhooks'][number] => ({
  id: row.id,
  endpointId: row.endpointId,
  endpointUrl: row.endpointUrl,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  deliveredAt: row.deliveredAt ? iso(row.deliveredAt) : null,
  createdAt: iso(row.createdAt),
});

const transactionNotFound = () => new AppError(ErrorCode.NotFound, 'Transaction not found');
const integrationNotFound = () => new AppError(ErrorCode.NotFound, 'Integration not found');

/**
 * A merchant's reported transactions (the list and one's detail: the provider's fields, its history
 * and the webhooks sent for it), and the sample delivery of the merchants' ingestion guide.
 */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly repository: TransactionsRepository,
    private readonly integrations: IntegrationsRepository,
    private readonly credentials: Credentials,
    private readonly webhooks: WebhooksService,
  ) {}

  async list(userId: string, query: { integrationId?: string; limit: number }): Promise<IntegrationTransactionView[]> {
    const rows = await this.repository.listOf(this.transactions.autocommit, userId, query);
    return rows.map(transactionView);
  }

  /** The user's transaction; another user's, or none, is a 404. */
  async detail(userId: string, id: string): Promise<IntegrationTransactionDetail> {
    if (!isUuid(id)) throw transactionNotFound();
    return this.transactions.run(async (manager) => {
      const row = await this.repository.transactionOf(manager, userId, id);
      if (!row) throw transactionNotFound();
      const history = await this.repository.historyOf(manager, row.id);
      const webhooks = await this.repository.webhooksOf(manager, userId, row.id);
      return {
        ...transactionView(row),
        customer: row.customerData,
        product: row.productData,
        location: row.locationData,
        raw: row.rawData,
        history: history.map((entry) => ({
          kind: entry.kind,
          status: entry.status,
          at: iso(entry.at),
          eventId: entry.eventId,
        })),
        webhooks: webhooks.map(webhookView),
      };
    });
  }

  /**
   * Builds a sample transaction (marked test), signs it with the integration's signing secret and
   * hands the bytes to the same receiving path as a provider's delivery: verified, parsed, stored,
   * its event and the merchant's webhooks written. Answers what was sent and what ingestion said;
   * an integration switched off refuses it (409) as it would a provider's.
   */
  async sendSample(userId: string, id: string, requestId?: string): Promise<SampleDeliveryResponse> {
    if (!isUuid(id)) throw integrationNotFound();
    const [target] = await this.integrations.webhookTargets(this.transactions.autocommit, [id]);
    if (!target || target.userId.toLowerCase() !== userId.toLowerCase()) throw integrationNotFound();
    const secret = this.credentials.openSigningSecret(target.id, target.signingSecret);
    const body = sampleTransactionDelivery(target.provider, target.kind, { id: randomBytes(6).toString('hex') });
    const raw = JSON.stringify(body);
    const signature = signWebhook(secret, raw);
    const answer = await this.webhooks.receive(target.id, Buffer.from(raw), signature, requestId);
    return { ...answer, body, signature, ingestUrl: integrationWebhookPath(target.id) };
  }
}
