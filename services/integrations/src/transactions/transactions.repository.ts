import { Injectable } from '@nestjs/common';
import { statusesBefore } from '@app/contracts';
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

const returned = `id, amount, currency, status, payment_method AS "paymentMethod", country,
  customer_data AS "customerData", occurred_at AS "occurredAt", (xmax = 0) AS inserted`;

@Injectable()
export class TransactionsRepository {
  /**
   * Inserts the transaction or moves a known one to a later status, atomically (ON CONFLICT), so
   * concurrent replays of one delivery cannot store it twice. A known transaction changes status only
   * as the shared transition table allows (contracts, which analytics applies too); anything else
   * is a duplicate.
   */
  async upsert(manager: EntityManager, t: NewTransaction): Promise<UpsertResult> {
    const rows = (await manager.query(
      `INSERT INTO integrations.integrated_transactions
         (user_id, integration_id, source_kind, provider, external_transaction_id, amount, currency, status,
          payment_method, country, customer_data, product_data, location_data, raw_data, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (integration_id, external_transaction_id) DO UPDATE
         SET status = EXCLUDED.status, raw_data = EXCLUDED.raw_data, processed_at = now()
       WHERE integrated_transactions.status = ANY($16::text[])
       RETURNING ${returned}`,
      [
        t.userId,
        t.integrationId,
        t.sourceKind,
        t.provider,
        t.externalTransactionId,
        t.amount,
        t.currency,
        t.status,
        t.paymentMethod,
        t.country,
        t.customerData,
        t.productData,
        t.locationData,
        t.rawData,
        t.occurredAt,
        statusesBefore(t.status),
      ],
    )) as (StoredTransaction & { inserted: boolean })[];
    const [row] = rows;
    if (row) {
      const { inserted, ...stored } = row;
      return { outcome: inserted ? 'recorded' : 'updated', row: stored };
    }
    const [existing] = (await manager.query(
      `SELECT id FROM integrations.integrated_transactions WHERE integration_id = $1 AND external_transaction_id = $2`,
      [t.integrationId, t.externalTransactionId],
    )) as { id: string }[];
    return { outcome: 'duplicate', id: existing!.id };
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
