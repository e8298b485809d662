import { Injectable, Logger } from '@nestjs/common';
import {
  amlThresholdsNzd,
  screen,
  screeningRecordStatus,
  supersedingStatusPairs,
  toUsd,
  type ScreeningRule,
  type SourceTransaction,
  type TransactionStatus,
} from '@app/contracts';
import { preparedQuery, sqlPairs } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { isoDay, utcDay } from '../insights/calendar';
import { activityBoundaries, priorFromOf, recentFromOf } from '../insights/customer-windows';

/** The (stored, reported) status pairs under which a known transaction takes the reported status. */
const supersedingStatuses = sqlPairs(supersedingStatusPairs);

/** The stored row as it was (null when the transaction is new) and the row as it became (null when ignored). */
interface Applied {
  other_user: boolean | null;
  old_status: TransactionStatus | null;
  old_amount_usd: string | null;
  old_customer_ref: string | null;
  id: string | null;
  occurred_at: Date | null;
  amount_usd: string | null;
  customer_ref: string | null;
  /** The merchant's window day (customer-windows.ts) under a share lock, when the row names a customer. */
  windows_day: string | null;
}

/** Adds to (or with a negative sign takes from) the day's or the month's rollup bucket the moved rows. */
const bucketSql = (table: 'daily_totals' | 'monthly_totals', period: 'day' | 'month', bucketOf: string) => `
  INSERT INTO analytics.${table} AS t
    (user_id, ${period}, type, status, currency, risk_level, tx_count, amount, usd_count, amount_usd)
  SELECT user_id, ${bucketOf}, type, status, currency, risk_level, sum(sign), sum(sign * amount),
         sum(CASE WHEN amount_usd IS NULL THEN 0 ELSE sign END), sum(sign * coalesce(amount_usd, 0))
    FROM moved GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (user_id, ${period}, type, status, currency, risk_level) DO UPDATE SET
    tx_count = t.tx_count + excluded.tx_count,
    amount = t.amount + excluded.amount,
    usd_count = t.usd_count + excluded.usd_count,
    amount_usd = t.amount_usd + excluded.amount_usd`;

/**
 * One statement per event: reads the stored row (locked), applies the event when the transaction
 * is new or the stored row is the user's and its status is superseded, and moves the rollups:
 * the stored row out of its day's and month's bucket and the new one in (a later status keeps the
 * first event's amount, currency, type and time; a bucket that nets nothing is left alone), a new
 * transaction into its day's channel bucket, and a known one that now names its customer into
 * that bucket's identified count. The parts see one snapshot: the upsert's RETURNING feeds the
 * buckets; `old` is the row as it was (FOR UPDATE returns its latest version). When the row names a
 * customer, the merchant's window row is created as of today ($19) if missing and share-locked
 * (windowsDay reads it when it was created by a transaction that committed during the statement).
 */
const applyTransactionSql = `
  WITH old AS (
    SELECT id, user_id, type, status, currency, risk_level, amount, amount_usd, customer_ref, payment_method,
           processor, country, occurred_at
      FROM analytics.transactions WHERE source = $2::varchar AND source_id = $3::varchar FOR UPDATE
  ), upserted AS (
    INSERT INTO analytics.transactions
      (user_id, source, source_id, type, amount, currency, amount_usd, status, risk_level, risk_score,
       processor, country, payment_method, customer_ref, property_id, compliance_checked,
       blockchain_tx_hash, description, occurred_at)
    SELECT $1::uuid, $2::varchar, $3::varchar, $4::varchar, $5::numeric, $6::varchar, $7::numeric, $8::varchar,
           $9::varchar, $10::int, $11::varchar, $12::varchar, $13::varchar, $14::varchar, $15::varchar, true,
           $16::varchar, $17::text, $18::timestamptz
     WHERE NOT EXISTS (
       SELECT 1 FROM old WHERE old.user_id <> $1::uuid OR (old.status, $8::varchar) NOT IN (${supersedingStatuses}))
    ON CONFLICT (source, source_id) DO UPDATE SET
      status = excluded.status, risk_level = excluded.risk_level, risk_score = excluded.risk_score,
      blockchain_tx_hash = coalesce(excluded.blockchain_tx_hash, transactions.blockchain_tx_hash),
      customer_ref = coalesce(transactions.customer_ref, excluded.customer_ref),
      updated_at = now()
    RETURNING id, user_id, type, status, currency, risk_level, amount, amount_usd, customer_ref, occurred_at
  ), moved AS (
    SELECT 1 AS sign, user_id, type, status, currency, risk_level, amount, amount_usd, occurred_at FROM upserted
    UNION ALL
    SELECT -1, user_id, type, status, currency, risk_level, amount, amount_usd, occurred_at FROM old
     WHERE EXISTS (SELECT 1 FROM upserted)
  ), daily AS (${bucketSql('daily_totals', 'day', `(occurred_at AT TIME ZONE 'UTC')::date`)}
  ), monthly AS (${bucketSql('monthly_totals', 'month', `date_trunc('month', occurred_at AT TIME ZONE 'UTC')::date`)}
  ), channel AS (
    INSERT INTO analytics.daily_channel_totals AS c
      (user_id, day, payment_method, processor, country, tx_count, amount_usd, identified_count)
    SELECT user_id, (occurred_at AT TIME ZONE 'UTC')::date, coalesce($13::varchar, 'unknown'), $11::varchar,
           coalesce($12::varchar, 'unknown'), 1, coalesce(amount_usd, 0), CASE WHEN customer_ref IS NULL THEN 0 ELSE 1 END
      FROM upserted WHERE NOT EXISTS (SELECT 1 FROM old)
    ON CONFLICT (user_id, day, payment_method, processor, country) DO UPDATE SET
      tx_count = c.tx_count + 1,
      amount_usd = c.amount_usd + excluded.amount_usd,
      identified_count = c.identified_count + excluded.identified_count
  ), identified AS (
    UPDATE analytics.daily_channel_totals c SET identified_count = c.identified_count + 1
      FROM old, upserted
     WHERE old.customer_ref IS NULL AND upserted.customer_ref IS NOT NULL
       AND c.user_id = old.user_id AND c.day = (old.occurred_at AT TIME ZONE 'UTC')::date
       AND c.payment_method = coalesce(old.payment_method, 'unknown') AND c.processor = old.processor
       AND c.country = coalesce(old.country, 'unknown')
  ), windows_created AS (
    INSERT INTO analytics.customer_windows (user_id, as_of)
    SELECT $1::uuid, $19::date WHERE EXISTS (SELECT 1 FROM upserted WHERE customer_ref IS NOT NULL)
    ON CONFLICT (user_id) DO NOTHING
    RETURNING as_of
  ), windows_existing AS (
    SELECT as_of FROM analytics.customer_windows
     WHERE user_id = $1::uuid AND EXISTS (SELECT 1 FROM upserted WHERE customer_ref IS NOT NULL)
       FOR SHARE
  )
  SELECT old.user_id <> $1::uuid AS other_user, old.status AS old_status, old.amount_usd AS old_amount_usd,
         old.customer_ref AS old_customer_ref, upserted.id, upserted.occurred_at, upserted.amount_usd,
         upserted.customer_ref,
         (SELECT to_char(as_of, 'YYYY-MM-DD') FROM windows_created
           UNION ALL SELECT to_char(as_of, 'YYYY-MM-DD') FROM windows_existing LIMIT 1) AS windows_day
    FROM (SELECT 1) AS one LEFT JOIN old ON true LEFT JOIN upserted ON true`;

const activityColumns = activityBoundaries.map((b) => b.column);

/**
 * The customer's figures move by the transaction (the row locked first, so the statement's
 * snapshot holds its latest figures): `was` reads them as they were, the update returns them as
 * they become, and the band sums move by the difference.
 */
const addToCustomerSql = `
  WITH was AS (
    SELECT spend_usd, tx_count, recent_usd, prior_usd, last_seen FROM analytics.customers
     WHERE user_id = $1 AND customer_ref = $2
  ), becomes AS (
    UPDATE analytics.customers SET
      spend_usd = spend_usd + $3::numeric - $4::numeric,
      tx_count = tx_count + $5::int,
      first_seen = least(first_seen, $6::timestamptz),
      last_seen = greatest(last_seen, $6::timestamptz),
      recent_usd = recent_usd + ($3::numeric - $4::numeric) * $7::int,
      prior_usd = prior_usd + ($3::numeric - $4::numeric) * $8::int,
      ${activityColumns.map((c, i) => `${c} = greatest(${c}, $${i + 9}::timestamptz)`).join(',\n      ')}
     WHERE user_id = $1 AND customer_ref = $2
     RETURNING spend_usd, tx_count, recent_usd, prior_usd, last_seen
  ), moved AS (
    SELECT 1 AS sign, * FROM becomes WHERE spend_usd > 0
    UNION ALL SELECT -1, * FROM was WHERE spend_usd > 0
  )
  INSERT INTO analytics.customer_spend_bands AS b
    (user_id, band, customers, spend_usd, tx_count, recent_usd, prior_usd, last_seen_seconds)
  SELECT $1, analytics.spend_band(spend_usd), sum(sign), sum(sign * spend_usd), sum(sign * tx_count),
         sum(sign * recent_usd), sum(sign * prior_usd), sum(sign * extract(epoch FROM last_seen))
    FROM moved GROUP BY 2 ORDER BY 2
  ON CONFLICT (user_id, band) DO UPDATE SET
    customers = b.customers + excluded.customers,
    spend_usd = b.spend_usd + excluded.spend_usd,
    tx_count = b.tx_count + excluded.tx_count,
    recent_usd = b.recent_usd + excluded.recent_usd,
    prior_usd = b.prior_usd + excluded.prior_usd,
    last_seen_seconds = b.last_seen_seconds + excluded.last_seen_seconds`;

const windowsDaySql = `SELECT to_char(as_of, 'YYYY-MM-DD') AS as_of FROM analytics.customer_windows WHERE user_id = $1 FOR SHARE`;
const lockCustomerSql = `SELECT 1 FROM analytics.customers WHERE user_id = $1 AND customer_ref = $2 FOR UPDATE`;

/**
 * Writes the read model: the transaction row, the daily and monthly rollups, the customer's spend and the AML
 * screening records, all through the event's inbox transaction, so a redelivered event (refused by
 * the inbox) or a repeated status (no change of bucket) never counts twice. Each per-event
 * statement is a named prepared statement (`preparedQuery`): fixed texts, planned once per connection.
 */
@Injectable()
export class ReadModelRepository {
  private readonly logger = new Logger(ReadModelRepository.name);

  async apply(manager: EntityManager, tx: SourceTransaction): Promise<'recorded' | 'updated' | 'ignored'> {
    const amountUsd = toUsd(tx.amount, tx.currency);
    const screening = screen({ type: tx.type, status: tx.status, amountUsd, country: tx.country });
    const [applied] = await preparedQuery<Applied>(manager, 'analytics-apply-transaction', applyTransactionSql, [
      tx.userId,
      tx.source,
      tx.sourceId,
      tx.type,
      tx.amount,
      tx.currency,
      amountUsd,
      tx.status,
      screening.level,
      screening.score,
      tx.processor,
      tx.country,
      tx.paymentMethod,
      tx.customerRef,
      tx.propertyId,
      tx.blockchainTxHash,
      tx.description,
      tx.occurredAt,
      isoDay(utcDay(new Date())),
    ]);
    if (applied.other_user) {
      this.logger.warn(`${tx.source} ${tx.sourceId}: event for another user ignored`);
      return 'ignored';
    }
    if (applied.id === null || applied.occurred_at === null) return 'ignored';
    const known = applied.old_status !== null;
    if (applied.customer_ref) {
      const completedUsd = (status: string | null, usd: string | null) => (status === 'completed' && usd ? usd : '0');
      const windowsDay = applied.windows_day ?? (await this.windowsDay(manager, tx.userId));
      await this.addToCustomer(manager, tx.userId, applied.customer_ref, applied.occurred_at, windowsDay, {
        before: applied.old_customer_ref ? completedUsd(applied.old_status, applied.old_amount_usd) : '0',
        after: completedUsd(tx.status, applied.amount_usd),
        first: !applied.old_customer_ref,
      });
    }
    await this.recordScreening(manager, applied.id, tx, screening.rules, screening.score, screening.amountNzd);
    return known ? 'updated' : 'recorded';
  }

  /**
   * The customer's completed spend follows the transaction's status (a refund takes it back), in
   * total and in the moving windows as of the merchant's window day (customer-windows.ts), read
   * under a share lock so a read moving that day waits for this transaction and the other way round.
   * A transaction counts (and is seen) once, when it first names the customer. The customer's
   * spend band (analytics.customer_spend_bands) takes its figures out as they were and in as they become.
   */
  private async addToCustomer(
    manager: EntityManager,
    userId: string,
    customerRef: string,
    occurredAt: Date,
    asOfDay: string,
    spend: { before: string; after: string; first: boolean },
  ): Promise<void> {
    const asOf = new Date(`${asOfDay}T00:00:00Z`);
    const at = new Date(occurredAt);
    const recent = at >= recentFromOf(asOf) ? 1 : 0;
    const prior = !recent && at >= priorFromOf(asOf) ? 1 : 0;
    const lasts = activityBoundaries.map((b) => (spend.first && at < b.at(asOf) ? at : null));
    await this.lockCustomer(manager, userId, customerRef, occurredAt);
    await preparedQuery(manager, 'analytics-add-to-customer', addToCustomerSql, [
      userId,
      customerRef,
      spend.after,
      spend.before,
      spend.first ? 1 : 0,
      occurredAt,
      recent,
      prior,
      ...lasts,
    ]);
  }

  /**
   * The merchant's window day (YYYY-MM-DD) under a share lock, when the apply statement saw no
   * window row: one created by a transaction that committed during that statement.
   */
  private async windowsDay(manager: EntityManager, userId: string): Promise<string> {
    const [row] = await preparedQuery<{ as_of: string }>(manager, 'analytics-windows-day', windowsDaySql, [userId]);
    return row.as_of;
  }

  /**
   * Locks the customer's row, first inserting it empty (no spend, no transaction, so in no band)
   * when the customer is new; a concurrent first transaction of the same customer inserts it once
   * and this waits for it. One statement (a row it creates is the caller's until the commit), and a
   * second when the row was created by a transaction that committed during the first (whose
   * snapshot sees neither).
   */
  private async lockCustomer(manager: EntityManager, userId: string, customerRef: string, at: Date): Promise<void> {
    const rows = await preparedQuery(
      manager,
      'analytics-create-lock-customer',
      `WITH created AS (
         INSERT INTO analytics.customers (user_id, customer_ref, first_seen, last_seen) VALUES ($1, $2, $3, $3)
         ON CONFLICT (user_id, customer_ref) DO NOTHING RETURNING 1
       ), existing AS (${lockCustomerSql})
       SELECT * FROM created UNION ALL SELECT * FROM existing`,
      [userId, customerRef, at],
    );
    if (!rows.length) await preparedQuery(manager, 'analytics-lock-customer', lockCustomerSql, [userId, customerRef]);
  }

  private async recordScreening(
    manager: EntityManager,
    transactionId: string,
    tx: SourceTransaction,
    rules: ScreeningRule[],
    score: number,
    amountNzd: number | null,
  ): Promise<void> {
    for (const rule of rules) {
      const status = await this.statusOf(manager, rule, tx, transactionId, score);
      await preparedQuery(
        manager,
        'analytics-record-screening',
        `INSERT INTO analytics.compliance_records
           (user_id, transaction_id, provider, record_type, type, status, risk_score, data)
         VALUES ($1, $2, 'platform-aml-rules', 'aml_screening', $3, $4, $5, $6)
         ON CONFLICT (transaction_id, type) DO UPDATE SET
           status = excluded.status, risk_score = excluded.risk_score, data = excluded.data`,
        [
          tx.userId,
          transactionId,
          rule,
          status,
          score,
          JSON.stringify({
            transactionId: tx.sourceId,
            transactionStatus: tx.status,
            amount: tx.amount,
            currency: tx.currency,
            amountNzd: amountNzd === null ? null : Math.round(amountNzd * 100) / 100,
            thresholdsNzd: amlThresholdsNzd,
            occurredAt: tx.occurredAt.toISOString(),
          }),
        ],
      );
    }
  }

  /** The record's status by the shared rule; structuring counts the user's other such records of the 24 hours before. */
  private async statusOf(
    manager: EntityManager,
    rule: ScreeningRule,
    tx: SourceTransaction,
    transactionId: string,
    score: number,
  ): Promise<'review' | 'cleared'> {
    if (rule !== 'structuring') return screeningRecordStatus(rule, score, 0);
    const [{ n }] = await preparedQuery<{ n: number }>(
      manager,
      'analytics-structuring-before',
      `SELECT count(*)::int AS n FROM analytics.compliance_records
        WHERE user_id = $1 AND type = 'structuring' AND transaction_id <> $3
          AND (data->>'occurredAt')::timestamptz BETWEEN $2::timestamptz - interval '24 hours' AND $2::timestamptz`,
      [tx.userId, tx.occurredAt, transactionId],
    );
    return screeningRecordStatus(rule, score, n);
  }
}
