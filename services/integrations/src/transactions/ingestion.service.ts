import { Injectable } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { DeliveryResponse, transactionDeliverySchema } from '@app/contracts';
import { OutboxService, TransactionRunner } from '@app/platform';
import type { z } from 'zod';
import { IntegrationsRepository, type WebhookTarget } from '../integrations/integrations.repository';
import { TransactionsRepository } from './transactions.repository';

export type Delivery = z.output<typeof transactionDeliverySchema>;
export type IngestionSource = Pick<WebhookTarget, 'id' | 'userId' | 'kind' | 'provider'>;

/** TransactionRecorded's customer_ref: the e-mail across integrations, else the provider's id in this one. */
export function customerRef(integrationId: string, customer: Record<string, unknown> | null): string {
  const email = customer?.email;
  if (typeof email === 'string' && email.trim() !== '') return email.trim().toLowerCase();
  const id = customer?.id;
  if ((typeof id === 'string' && id.trim() !== '') || typeof id === 'number')
    return `${integrationId}:${String(id).trim()}`;
  return '';
}

/**
 * Turns one reported transaction into an integrated transaction, the same way for webhook
 * deliveries and provider syncs: the row, the integration's lastSync and TransactionRecorded
 * commit together in one short transaction, or not at all.
 */
@Injectable()
export class IngestionService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly repository: TransactionsRepository,
    private readonly integrations: IntegrationsRepository,
    private readonly outbox: OutboxService,
  ) {}

  ingest(source: IngestionSource, delivery: Delivery, raw: Record<string, unknown>, requestId?: string) {
    return this.transactions.run(async (manager): Promise<DeliveryResponse> => {
      const result = await this.repository.upsert(manager, {
        userId: source.userId,
        integrationId: source.id,
        sourceKind: source.kind,
        provider: source.provider,
        externalTransactionId: delivery.externalTransactionId,
        amount: delivery.amount,
        currency: delivery.currency,
        status: delivery.status,
        paymentMethod: delivery.paymentMethod,
        country: delivery.country ?? null,
        customerData: delivery.customer ?? null,
        productData: delivery.product ?? null,
        locationData: delivery.location ?? null,
        rawData: raw,
        occurredAt: new Date(delivery.occurredAt),
      });
      if (result.outcome === 'duplicate') return { received: true, outcome: 'duplicate', transactionId: result.id };
      const { row } = result;
      await this.integrations.touchLastSync(manager, source.kind, source.id);
      // Last: the outbox row takes the merchant's event-order lock, held until the commit.
      await this.outbox.publish(
        manager,
        'TransactionRecorded',
        source.userId,
        {
          userId: source.userId,
          transactionId: row.id,
          externalTransactionId: delivery.externalTransactionId,
          type: 'fiat',
          amount: row.amount,
          currency: row.currency,
          status: row.status,
          paymentMethod: row.paymentMethod,
          country: row.country ?? '',
          processor: source.provider,
          sourceKind: source.kind,
          integrationId: source.id,
          occurredAt: timestampFromDate(new Date(row.occurredAt)),
          customerRef: customerRef(source.id, row.customerData),
          updated: result.outcome === 'updated',
        },
        requestId,
      );
      return { received: true, outcome: result.outcome, transactionId: row.id };
    });
  }
}
