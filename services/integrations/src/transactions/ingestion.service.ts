import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { TransactionRecordedSchema, type DeliveryResponse, type transactionDeliverySchema } from '@app/contracts';
import {
  activeTraceContext,
  Batcher,
  OutboxService,
  TransactionRunner,
  type ItemResult,
  type TraceContext,
  type Transaction,
} from '@app/platform';
import type { z } from 'zod';
import { IntegrationsRepository, type WebhookTarget } from '../integrations/integrations.repository';
import { WebhookDispatcher } from '../webhook-endpoints/webhook-dispatcher';
import { transactionWebhook } from '../webhook-endpoints/webhook-events.handlers';
import { TransactionsRepository, type NewTransaction, type UpsertResult } from './transactions.repository';

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

interface Reported {
  source: IngestionSource;
  delivery: Delivery;
  raw: Record<string, unknown>;
  requestId?: string;
  trace: TraceContext;
}

/** Most deliveries one ingest transaction takes. */
const MAX_BATCH = 64;
/**
 * Ingest transactions at once. One: the deliveries arriving meanwhile all wait for the next, so
 * batches are about twice as large as with two in flight and a delivery costs fewer statements
 * (5-8% less CPU per delivery on the path, docs/benchmarks.md).
 */
const MAX_IN_FLIGHT = 1;

/**
 * Turns reported transactions into integrated transactions, the same way for webhook deliveries
 * and provider syncs: each row, its integration's lastSync, its TransactionRecorded and the
 * merchant's webhook deliveries of that event commit together, or not at all. Deliveries that
 * arrive while an ingest transaction runs share the next one (group commit: one upsert statement,
 * one outbox statement and one commit for all of them), so under load a delivery costs a fraction
 * of a transaction; one that arrives alone goes at once.
 * If a shared transaction fails, each of its deliveries is retried in a transaction of its own, so
 * one bad delivery fails only itself.
 */
@Injectable()
export class IngestionService {
  private readonly batcher = new Batcher<Reported, DeliveryResponse>((items) => this.ingestAll(items), {
    maxBatch: MAX_BATCH,
    maxInFlight: MAX_IN_FLIGHT,
  });

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly repository: TransactionsRepository,
    private readonly integrations: IntegrationsRepository,
    private readonly outbox: OutboxService,
    private readonly webhooks: WebhookDispatcher,
  ) {}

  ingest(
    source: IngestionSource,
    delivery: Delivery,
    raw: Record<string, unknown>,
    requestId?: string,
  ): Promise<DeliveryResponse> {
    return this.batcher.add({ source, delivery, raw, requestId, trace: activeTraceContext() });
  }

  private async ingestAll(items: Reported[]): Promise<ItemResult<DeliveryResponse>[]> {
    try {
      const answers = await this.transactions.run((tx) => this.write(tx, items));
      return answers.map((value) => ({ status: 'fulfilled', value }));
    } catch (error) {
      if (items.length === 1) return [{ status: 'rejected', reason: error }];
      const results: ItemResult<DeliveryResponse>[] = [];
      for (const item of items) {
        try {
          const [answer] = await this.transactions.run((tx) => this.write(tx, [item]));
          results.push({ status: 'fulfilled', value: answer! });
        } catch (reason) {
          results.push({ status: 'rejected', reason });
        }
      }
      return results;
    }
  }

  /**
   * Writes the deliveries in one transaction. Deliveries of one transaction in the same batch (a
   * redelivery racing its original) go in turns, in the order they arrived, since one statement
   * cannot change a row twice.
   */
  private async write(tx: Transaction, items: Reported[]): Promise<DeliveryResponse[]> {
    const turns: number[][] = [];
    const seen = new Map<string, number>();
    items.forEach((item, index) => {
      const key = `${item.source.id}\u0000${item.delivery.externalTransactionId}`;
      const turn = seen.get(key) ?? 0;
      seen.set(key, turn + 1);
      (turns[turn] ??= []).push(index);
    });
    const results: UpsertResult[] = new Array(items.length);
    for (const turn of turns) {
      const written = await this.repository.upsertAll(
        tx,
        turn.map((index) => newTransaction(items[index]!)),
      );
      turn.forEach((index, i) => (results[index] = written[i]!));
    }

    const changed = items.flatMap((item, index) => {
      const result = results[index]!;
      return result.outcome === 'duplicate' ? [] : [{ item, result }];
    });
    // A test delivery (a sample) shows the path works, but is not the provider's traffic.
    const synced = changed.filter(({ result }) => !result.row.test).map(({ item }) => item.source.id);
    if (synced.length > 0) await this.integrations.touchLastSync(tx, [...new Set(synced)]);
    const occurredAt = new Date();
    const recorded = changed.map(({ item: { source, delivery, requestId, trace }, result: { outcome, row } }) => ({
      id: randomUUID(),
      source,
      requestId,
      trace,
      event: create(TransactionRecordedSchema, {
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
        updated: outcome === 'updated',
        test: row.test,
      }),
    }));
    // Each change's step in its transaction's history, named by its event.
    await this.repository.addHistory(
      tx,
      changed.map(({ result: { outcome, row } }, index) => ({
        transactionId: row.id,
        kind: outcome,
        status: row.status,
        eventId: recorded[index]!.id,
      })),
    );
    // The merchant's outgoing webhooks of these events (one look-up of the owners' endpoints), in
    // this transaction: this service does not consume its own events back from Kafka.
    await this.webhooks.dispatch(
      tx,
      recorded.map(({ id, event }) => transactionWebhook(event, id, occurredAt)),
    );
    // Last: the outbox rows take their merchants' event-order locks, held until the commit.
    await this.outbox.publishAll(
      tx,
      recorded.map(({ id, source, requestId, trace, event }) => ({
        type: 'TransactionRecorded' as const,
        key: source.userId,
        requestId,
        trace,
        id,
        occurredAt,
        data: event,
      })),
    );
    return results.map((result) =>
      result.outcome === 'duplicate'
        ? { received: true, outcome: 'duplicate', transactionId: result.id }
        : { received: true, outcome: result.outcome, transactionId: result.row.id },
    );
  }
}

function newTransaction({ source, delivery, raw }: Reported): NewTransaction {
  return {
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
    test: delivery.test,
  };
}
