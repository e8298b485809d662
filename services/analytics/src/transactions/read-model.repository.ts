import { Injectable, Logger } from '@nestjs/common';
import {
  amlThresholdsNzd,
  screen,
  screeningRecordStatus,
  supersedes,
  toUsd,
  type ScreeningRule,
  type SourceTransaction,
  type TransactionStatus,
} from '@app/contracts';
import type { EntityManager } from 'typeorm';
import { isoDay, utcDay } from '../insights/calendar';
import { activityBoundaries, priorFromOf, recentFromOf } from '../insights/customer-windows';

interface StoredRow {
  id: string;
  user_id: string;
  type: string;
  status: TransactionStatus;
  currency: string;
  risk_level: string;
  amount: string;
  amount_usd: string | null;
  customer_ref: string | null;
  payment_method: string | null;
  processor: string;
  country: string | null;
  occurred_at: Date;
}

interface Bucket {
  userId: string;
  occurredAt: Date;
  type: string;
  status: string;
  currency: string;
  riskLevel: string;
  amount: string;
  amountUsd: string | null;
}

/**
 * Writes the read model: the transaction row, the daily and monthly rollups, the customer's spend and the AML
 * screening records, all through the event's inbox transaction, so a redelivered event (refused by
 * the inbox) or a repeated status (no change of bucket) never counts twice.
 */
@Injectable()
export class ReadModelRepository {
  private readonly logger = new Logger(ReadModelRepository.name);

  async apply(manager: EntityManager, tx: SourceTransaction): Promise<'recorded' | 'updated' | 'ignored'> {
    const [old] = (await manager.query(
      `SELECT id, user_id, type, status, currency, risk_level, amount, amount_usd, customer_ref, payment_method,
              processor, country, occurred_at
         FROM analytics.transactions WHERE source = $1 AND source_id = $2 FOR UPDATE`,
      [tx.source, tx.sourceId],
    )) as StoredRow[];
    if (old && old.user_id !== tx.userId) {
      this.logger.warn(`${tx.source} ${tx.sourceId}: event for another user ignored`);
      return 'ignored';
    }
    if (old && !supersedes(tx.status, old.status)) return 'ignored';

    const amountUsd = toUsd(tx.amount, tx.currency);
    const screening = screen({ type: tx.type, status: tx.status, amountUsd, country: tx.country });
    const [row] = (await manager.query(
      `INSERT INTO analytics.transactions
         (user_id, source, source_id, type, amount, currency, amount_usd, status, risk_level, risk_score,
          processor, country, payment_method, customer_ref, property_id, compliance_checked,
          blockchain_tx_hash, description, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, true, $16, $17, $18)
       ON CONFLICT (source, source_id) DO UPDATE SET
         status = excluded.status, risk_level = excluded.risk_level, risk_score = excluded.risk_score,
         blockchain_tx_hash = coalesce(excluded.blockchain_tx_hash, transactions.blockchain_tx_hash),
         customer_ref = coalesce(transactions.customer_ref, excluded.customer_ref),
         updated_at = now()
       RETURNING id, occurred_at, amount, amount_usd, customer_ref`,
      [
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
      ],
    )) as { id: string; occurred_at: Date; amount: string; amount_usd: string | null; customer_ref: string | null }[];

    // A later status keeps the first event's amount, currency, type and time: move the row's bucket.
    const now: Bucket = {
      userId: tx.userId,
      occurredAt: row.occurred_at,
      type: old?.type ?? tx.type,
      status: tx.status,
      currency: old?.currency ?? tx.currency,
      riskLevel: screening.level,
      amount: row.amount,
      amountUsd: row.amount_usd,
    };
    if (old) {
      await this.addToBucket(
        manager,
        {
          userId: old.user_id,
          occurredAt: old.occurred_at,
          type: old.type,
          status: old.status,
          currency: old.currency,
          riskLevel: old.risk_level,
          amount: old.amount,
          amountUsd: old.amount_usd,
        },
        -1,
      );
    }
    await this.addToBucket(manager, now, 1);

    if (!old) await this.addToChannel(manager, tx, row);
    else if (!old.customer_ref && row.customer_ref) await this.identifyInChannel(manager, old);
    if (row.customer_ref) await this.addToCustomer(manager, tx.userId, row.customer_ref, old, now);
    await this.recordScreening(manager, row.id, tx, screening.rules, screening.score, screening.amountNzd);
    return old ? 'updated' : 'recorded';
  }

  /** Adds (or with -1 takes away) one transaction to its day's and its month's rollup bucket. */
  private async addToBucket(manager: EntityManager, bucket: Bucket, sign: 1 | -1): Promise<void> {
    const priced = bucket.amountUsd === null ? 0 : 1;
    const params = [
      bucket.userId,
      bucket.occurredAt,
      bucket.type,
      bucket.status,
      bucket.currency,
      bucket.riskLevel,
      sign,
      bucket.amount,
      priced * sign,
      bucket.amountUsd ?? '0',
    ];
    for (const [table, period, bucketOf] of [
      ['daily_totals', 'day', `($2::timestamptz AT TIME ZONE 'UTC')::date`],
      ['monthly_totals', 'month', `date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC')::date`],
    ] as const) {
      await manager.query(
        `INSERT INTO analytics.${table}
           (user_id, ${period}, type, status, currency, risk_level, tx_count, amount, usd_count, amount_usd)
         VALUES ($1, ${bucketOf}, $3, $4, $5, $6, $7::int, $8::numeric * $7::int, $9::int, $10::numeric * $7::int)
         ON CONFLICT (user_id, ${period}, type, status, currency, risk_level) DO UPDATE SET
           tx_count = ${table}.tx_count + excluded.tx_count,
           amount = ${table}.amount + excluded.amount,
           usd_count = ${table}.usd_count + excluded.usd_count,
           amount_usd = ${table}.amount_usd + excluded.amount_usd`,
        params,
      );
    }
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
    old: StoredRow | undefined,
    now: Bucket,
  ): Promise<void> {
    const completedUsd = (status: string, usd: string | null) => (status === 'completed' && usd ? usd : '0');
    const before = old?.customer_ref ? completedUsd(old.status, old.amount_usd) : '0';
    const after = completedUsd(now.status, now.amountUsd);
    const first = !old?.customer_ref;
    await manager.query(
      `INSERT INTO analytics.customer_windows (user_id, as_of) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`,
      [userId, isoDay(utcDay(new Date()))],
    );
    const [{ as_of: asOfDay }] = (await manager.query(
      `SELECT to_char(as_of, 'YYYY-MM-DD') AS as_of FROM analytics.customer_windows WHERE user_id = $1 FOR SHARE`,
      [userId],
    )) as { as_of: string }[];
    const asOf = new Date(`${asOfDay}T00:00:00Z`);
    const at = new Date(now.occurredAt);
    const recent = at >= recentFromOf(asOf) ? 1 : 0;
    const prior = !recent && at >= priorFromOf(asOf) ? 1 : 0;
    const lasts = activityBoundaries.map((b) => (first && at < b.at(asOf) ? at : null));
    const columns = activityBoundaries.map((b) => b.column);
    await this.lockCustomer(manager, userId, customerRef, now.occurredAt);
    // The row is locked, so the statement's snapshot holds its latest figures: `was` reads them as
    // they were, the update returns them as they become, and the band sums move by the difference.
    await manager.query(
      `WITH was AS (
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
           ${columns.map((c, i) => `${c} = greatest(${c}, $${i + 9}::timestamptz)`).join(',\n           ')}
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
         last_seen_seconds = b.last_seen_seconds + excluded.last_seen_seconds`,
      [userId, customerRef, after, before, first ? 1 : 0, now.occurredAt, recent, prior, ...lasts],
    );
  }

  /**
   * Locks the customer's row, first inserting it empty (no spend, no transaction, so in no band)
   * when the customer is new; a concurrent first transaction of the same customer inserts it once
   * and this waits for it.
   */
  private async lockCustomer(manager: EntityManager, userId: string, customerRef: string, at: Date): Promise<void> {
    const lock = async () => {
      const rows = (await manager.query(
        `SELECT 1 FROM analytics.customers WHERE user_id = $1 AND customer_ref = $2 FOR UPDATE`,
        [userId, customerRef],
      )) as unknown[];
      return rows.length > 0;
    };
    if (await lock()) return;
    const inserted = (await manager.query(
      `INSERT INTO analytics.customers (user_id, customer_ref, first_seen, last_seen) VALUES ($1, $2, $3, $3)
       ON CONFLICT (user_id, customer_ref) DO NOTHING RETURNING 1`,
      [userId, customerRef, at],
    )) as unknown[];
    if (!inserted.length) await lock();
  }

  /** A new transaction's count, USD value and customer in its day's payment method, processor and country bucket. */
  private async addToChannel(
    manager: EntityManager,
    tx: SourceTransaction,
    row: { occurred_at: Date; amount_usd: string | null; customer_ref: string | null },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO analytics.daily_channel_totals
         (user_id, day, payment_method, processor, country, tx_count, amount_usd, identified_count)
       VALUES ($1, ($2::timestamptz AT TIME ZONE 'UTC')::date, coalesce($3, 'unknown'), $4, coalesce($5, 'unknown'), 1,
               coalesce($6::numeric, 0), $7)
       ON CONFLICT (user_id, day, payment_method, processor, country) DO UPDATE SET
         tx_count = daily_channel_totals.tx_count + 1,
         amount_usd = daily_channel_totals.amount_usd + excluded.amount_usd,
         identified_count = daily_channel_totals.identified_count + excluded.identified_count`,
      [
        tx.userId,
        row.occurred_at,
        tx.paymentMethod,
        tx.processor,
        tx.country,
        row.amount_usd,
        row.customer_ref ? 1 : 0,
      ],
    );
  }

  /** A later event named the transaction's customer: its bucket counts one more identified transaction. */
  private async identifyInChannel(manager: EntityManager, old: StoredRow): Promise<void> {
    await manager.query(
      `UPDATE analytics.daily_channel_totals SET identified_count = identified_count + 1
        WHERE user_id = $1 AND day = ($2::timestamptz AT TIME ZONE 'UTC')::date AND payment_method = coalesce($3, 'unknown')
          AND processor = $4 AND country = coalesce($5, 'unknown')`,
      [old.user_id, old.occurred_at, old.payment_method, old.processor, old.country],
    );
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
      await manager.query(
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
    const [{ n }] = (await manager.query(
      `SELECT count(*)::int AS n FROM analytics.compliance_records
        WHERE user_id = $1 AND type = 'structuring' AND transaction_id <> $3
          AND (data->>'occurredAt')::timestamptz BETWEEN $2::timestamptz - interval '24 hours' AND $2::timestamptz`,
      [tx.userId, tx.occurredAt, transactionId],
    )) as { n: number }[];
    return screeningRecordStatus(rule, score, n);
  }
}
