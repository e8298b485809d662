import { Injectable } from '@nestjs/common';
import { transactionStatusTransitions } from '@app/contracts';
import { sqlPairs } from '@app/platform';
import type { EntityManager } from 'typeorm';
import type { IntegratedTransaction } from './integrated-transaction.entity';
import type { TransactionHistory } from './transaction-history.entity';

export type NewTransaction = Pick<
  IntegratedTransaction,
  | 'userId'
  | 'integrationId'
  | 'sourceKind'
  | 'provider'
  | 'externalTransactionId'
  | 'amount'
  | 'currency'
  | 'status'
  | 'paymentMethod'
  | 'country'
  | 'customerData'
  | 'productData'
  | 'locationData'
  | 'rawData'
  | 'occurredAt'
  | 'test'
>;

/** The stored row after an upsert, as the event needs it. */
export interface StoredTransaction {
  id: string;
  amount: string;
  currency: string;
  status: IntegratedTransaction['status'];
  paymentMethod: IntegratedTransaction['paymentMethod'];
  country: string | null;
  customerData: Record<string, unknown> | null;
  occurredAt: Date;
  test: boolean;
}

export type UpsertResult =
  { outcome: 'recorded' | 'updated'; row: StoredTransaction } | { outcome: 'duplicate'; id: string };

export interface AnalyticsRow {
  activeIntegrations: number;
  transactionsToday: number;
  revenueToday: string | null;
  currency: string | null;
  lastSync: Date | null;
}

/** A history entry to write with the change it records. */
export type NewHistoryEntry = Pick<TransactionHistory, 'transactionId' | 'kind' | 'status' | 'eventId'>;

/** A transaction as the list and the detail show it, with its integration's name. */
export interface TransactionRow extends IntegratedTransaction {
  integrationName: string | null;
}

/** An outgoing webhook of the transaction, with its endpoint's URL. */
export interface TransactionWebhookRow {
  id: string;
  endpointId: string;
  endpointUrl: string;
  eventId: string;
  eventType: 'transaction.recorded' | 'transaction.updated';
  status: 'pending' | 'retrying' | 'succeeded' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

type Key = Pick<IntegratedTransaction, 'integrationId' | 'externalTransactionId'>;
const keyOf = (t: Key): [string, string] => [t.integrationId, t.externalTransactionId];
const keyString = (t: Key): string => `${t.integrationId}\u0000${t.externalTransactionId}`;
const compareKeys = (a: [string, string], b: [string, string]): number =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
const jsonOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** The moves the transition table allows, as SQL (from, to) pairs: code's constants, not input. */
const allowedMoves = sqlPairs(
  Object.entries(transactionStatusTransitions).flatMap(([from, tos]) => tos.map((to) => [from, to] as const)),
);

const returned = `id, amount, currency, status, payment_method AS "paymentMethod", country,
  customer_data AS "customerData", occurred_at AS "occurredAt", test, (xmax = 0) AS inserted`;

@Injectable()
export class TransactionsRepository {
  /**
   * Inserts each transaction or moves a known one to a later status, atomically (ON CONFLICT), so
   * concurrent replays of one delivery cannot store it twice. A known transaction changes status
   * only as the shared transition table allows (contracts, which analytics applies too); anything
   * else is a duplicate. One statement for all of them: their keys must be distinct, and are
   * written in key order so two batches sharing rows lock them in the same order. Answers in the
   * order given.
   */
  async upsertAll(manager: EntityManager, list: NewTransaction[]): Promise<UpsertResult[]> {
    const sorted = [...list].sort((a, b) => compareKeys(keyOf(a), keyOf(b)));
    const rows = (await manager.query(
      `INSERT INTO integrations.integrated_transactions
         (user_id, integration_id, source_kind, provider, external_transaction_id, amount, currency, status,
          payment_method, country, customer_data, product_data, location_data, raw_data, occurred_at, test)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::text[],
                            $8::text[], $9::text[], $10::text[], $11::jsonb[], $12::jsonb[], $13::jsonb[], $14::jsonb[],
                            $15::timestamptz[], $16::boolean[])
       ON CONFLICT (integration_id, external_transaction_id) DO UPDATE
         SET status = EXCLUDED.status, raw_data = EXCLUDED.raw_data, processed_at = now()
       WHERE (integrated_transactions.status, EXCLUDED.status) IN (${allowedMoves})
       RETURNING integration_id AS "integrationId", external_transaction_id AS "externalTransactionId", ${returned}`,
      [
        sorted.map((t) => t.userId),
        sorted.map((t) => t.integrationId),
        sorted.map((t) => t.sourceKind),
        sorted.map((t) => t.provider),
        sorted.map((t) => t.externalTransactionId),
        sorted.map((t) => t.amount),
        sorted.map((t) => t.currency),
        sorted.map((t) => t.status),
        sorted.map((t) => t.paymentMethod),
        sorted.map((t) => t.country),
        sorted.map((t) => jsonOrNull(t.customerData)),
        sorted.map((t) => jsonOrNull(t.productData)),
        sorted.map((t) => jsonOrNull(t.locationData)),
        sorted.map((t) => JSON.stringify(t.rawData)),
        sorted.map((t) => t.occurredAt.toISOString()),
        sorted.map((t) => t.test),
      ],
    )) as (StoredTransaction & Key & { inserted: boolean })[];
    const written = new Map(
      rows.map(({ integrationId, externalTransactionId, inserted, ...row }) => [
        keyString({ integrationId, externalTransactionId }),
        { outcome: inserted ? ('recorded' as const) : ('updated' as const), row },
      ]),
    );
    const unchanged = list.filter((t) => !written.has(keyString(t)));
    const existing = new Map<string, string>();
    if (unchanged.length > 0) {
      const found = (await manager.query(
        `SELECT t.id, t.integration_id AS "integrationId", t.external_transaction_id AS "externalTransactionId"
           FROM integrations.integrated_transactions t
           JOIN unnest($1::uuid[], $2::text[]) AS k(integration_id, external_transaction_id)
             ON t.integration_id = k.integration_id AND t.external_transaction_id = k.external_transaction_id`,
        [unchanged.map((t) => t.integrationId), unchanged.map((t) => t.externalTransactionId)],
      )) as (Key & { id: string })[];
      for (const row of found) existing.set(keyString(row), row.id);
    }
    return list.map((t): UpsertResult => {
      const key = keyString(t);
      return written.get(key) ?? { outcome: 'duplicate', id: existing.get(key)! };
    });
  }

  /** Records these changes in their transactions' history, in the transaction that makes them. */
  async addHistory(manager: EntityManager, entries: NewHistoryEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await manager.query(
      `INSERT INTO integrations.transaction_history (transaction_id, kind, status, event_id)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[])`,
      [
        entries.map((e) => e.transactionId),
        entries.map((e) => e.kind),
        entries.map((e) => e.status),
        entries.map((e) => e.eventId),
      ],
    );
  }

  /** The user's transactions, newest first (when they happened), of one integration or all. */
  listOf(
    manager: EntityManager,
    userId: string,
    { integrationId, limit }: { integrationId?: string; limit: number },
  ): Promise<TransactionRow[]> {
    return this.rows(
      manager,
      `t.user_id = $1 ${integrationId ? 'AND t.integration_id = $3' : ''}
       ORDER BY t.occurred_at DESC, t.id DESC LIMIT $2`,
      integrationId ? [userId, limit, integrationId] : [userId, limit],
    );
  }

  /** The user's transaction with this id; null when the user has none (another user's is none). */
  async transactionOf(manager: EntityManager, userId: string, id: string): Promise<TransactionRow | null> {
    const [row] = await this.rows(manager, 't.user_id = $1 AND t.id = $2', [userId, id]);
    return row ?? null;
  }

  private async rows(manager: EntityManager, where: string, params: unknown[]): Promise<TransactionRow[]> {
    const rows = (await manager.query(
      `SELECT t.id, t.user_id AS "userId", t.integration_id AS "integrationId", t.source_kind AS "sourceKind",
              t.processor_id AS "processorId", t.pos_id AS "posId", t.provider,
              t.external_transaction_id AS "externalTransactionId", t.amount::text AS amount, t.currency, t.status,
              t.payment_method AS "paymentMethod", t.country, t.customer_data AS "customerData",
              t.product_data AS "productData", t.location_data AS "locationData", t.raw_data AS "rawData",
              t.test, t.occurred_at AS "occurredAt", t.processed_at AS "processedAt", t.created_at AS "createdAt",
              coalesce(p.processor_name, s.pos_name) AS "integrationName"
         FROM integrations.integrated_transactions t
         LEFT JOIN integrations.payment_processors p ON p.id = t.processor_id
         LEFT JOIN integrations.pos_integrations s ON s.id = t.pos_id
        WHERE ${where}`,
      params,
    )) as TransactionRow[];
    return rows;
  }

  /** The transaction's history, oldest first. */
  historyOf(manager: EntityManager, transactionId: string): Promise<TransactionHistory[]> {
    return manager.query(
      `SELECT id, transaction_id AS "transactionId", kind, status, event_id AS "eventId", at
         FROM integrations.transaction_history WHERE transaction_id = $1 ORDER BY at, kind, id`,
      [transactionId],
    ) as Promise<TransactionHistory[]>;
  }

  /** The webhooks the user's endpoints were sent for this transaction, oldest first. */
  webhooksOf(manager: EntityManager, userId: string, transactionId: string): Promise<TransactionWebhookRow[]> {
    return manager.query(
      `SELECT d.id, d.endpoint_id AS "endpointId", e.url AS "endpointUrl", d.event_id AS "eventId",
              d.event_type AS "eventType", d.status, d.attempts, d.last_status_code AS "lastStatusCode",
              d.delivered_at AS "deliveredAt", d.created_at AS "createdAt"
         FROM integrations.webhook_deliveries d
         JOIN integrations.webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.user_id = $1 AND d.event_type IN ('transaction.recorded', 'transaction.updated')
          AND d.payload->'data'->>'transactionId' = $2
        ORDER BY d.created_at, d.id`,
      [userId, transactionId],
    ) as Promise<TransactionWebhookRow[]>;
  }

  /**
   * The integrations summary of one user, from stored data; "today" is the UTC day. A refund
   * changes its sale's status, so the completed sales are completed minus refunded. Test
   * deliveries (samples) are no sales: not counted.
   */
  async analytics(manager: EntityManager, userId: string): Promise<AnalyticsRow> {
    const [row] = (await manager.query(
      `WITH day AS (
         SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start
       ), today AS (
         SELECT t.amount, t.currency, t.status
           FROM integrations.integrated_transactions t, day
          WHERE t.user_id = $1 AND NOT t.test
            AND t.occurred_at >= day.start AND t.occurred_at < day.start + interval '1 day'
       ), revenue AS (
         SELECT currency, sum(amount) AS amount
           FROM today WHERE status = 'completed' GROUP BY currency ORDER BY amount DESC, currency LIMIT 1
       ), entries AS (
         SELECT is_active, last_sync FROM integrations.payment_processors WHERE user_id = $1
         UNION ALL
         SELECT is_active, last_sync FROM integrations.pos_integrations WHERE user_id = $1
       )
       SELECT (SELECT count(*) FROM entries WHERE is_active)::int AS "activeIntegrations",
              (SELECT count(*) FROM today)::int AS "transactionsToday",
              (SELECT amount FROM revenue)::text AS "revenueToday",
              (SELECT currency FROM revenue) AS currency,
              (SELECT max(last_sync) FROM entries) AS "lastSync"`,
      [userId],
    )) as AnalyticsRow[];
    return row!;
  }
}
