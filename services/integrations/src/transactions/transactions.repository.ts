import { Injectable } from '@nestjs/common';
import { transactionStatusTransitions } from '@app/contracts';
import { sqlPairs } from '@app/platform';
import type { EntityManager } from 'typeorm';
import type { IntegratedTransaction } from './integrated-transaction.entity';

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
  customer_data AS "customerData", occurred_at AS "occurredAt", (xmax = 0) AS inserted`;

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
          payment_method, country, customer_data, product_data, location_data, raw_data, occurred_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::text[],
                            $8::text[], $9::text[], $10::text[], $11::jsonb[], $12::jsonb[], $13::jsonb[], $14::jsonb[],
                            $15::timestamptz[])
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

  /**
   * The integrations summary of one user, from stored data; "today" is the UTC day. A refund
   * changes its sale's status, so the completed sales are completed minus refunded.
   */
  async analytics(manager: EntityManager, userId: string): Promise<AnalyticsRow> {
    const [row] = (await manager.query(
      `WITH day AS (
         SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start
       ), today AS (
         SELECT t.amount, t.currency, t.status
           FROM integrations.integrated_transactions t, day
          WHERE t.user_id = $1 AND t.occurred_at >= day.start AND t.occurred_at < day.start + interval '1 day'
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
