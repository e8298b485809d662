import { Injectable, Logger } from '@nestjs/common';
import {
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
import {
  foldRun,
  keyOf,
  screeningData,
  screeningRecords,
  structuringWindows,
  type CustomerStep,
  type FoldedRun,
  type ScreeningStep,
  type TransactionRow,
} from './transaction-run';

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

/**
 * Adds to (or with a negative sign takes from) the day's or the month's rollup bucket the moved
 * rows. Each event's moves are netted first, as its own statement would: a bucket an event moves
 * a row into and out of again nets nothing and is left alone, one it moves is written (created
 * if missing) even when the run's events net nothing there.
 */
const bucketSql = (table: 'daily_totals' | 'monthly_totals', period: 'day' | 'month', bucketOf: string) => `
  INSERT INTO analytics.${table} AS t
    (user_id, ${period}, type, status, currency, risk_level, tx_count, amount, usd_count, amount_usd)
  SELECT user_id, bucket, type, status, currency, risk_level, sum(n), sum(amount), sum(usd_count), sum(amount_usd)
    FROM (SELECT seq, user_id, ${bucketOf} AS bucket, type, status, currency, risk_level, sum(sign) AS n,
                 sum(sign * amount) AS amount, sum(CASE WHEN amount_usd IS NULL THEN 0 ELSE sign END) AS usd_count,
                 sum(sign * coalesce(amount_usd, 0)) AS amount_usd
            FROM moved GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(sign) <> 0) AS per_event
   GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
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
    SELECT 0 AS seq, 1 AS sign, user_id, type, status, currency, risk_level, amount, amount_usd, occurred_at FROM upserted
    UNION ALL
    SELECT 0, -1, user_id, type, status, currency, risk_level, amount, amount_usd, occurred_at FROM old
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

/** The columns of a transaction's row, in the order the run's statements take them. */
const rowColumns = [
  ['user_id', 'uuid'],
  ['source', 'varchar'],
  ['source_id', 'varchar'],
  ['type', 'varchar'],
  ['amount', 'numeric'],
  ['currency', 'varchar'],
  ['amount_usd', 'numeric'],
  ['status', 'varchar'],
  ['risk_level', 'varchar'],
  ['risk_score', 'int'],
  ['processor', 'varchar'],
  ['country', 'varchar'],
  ['payment_method', 'varchar'],
  ['customer_ref', 'varchar'],
  ['property_id', 'varchar'],
  ['blockchain_tx_hash', 'varchar'],
  ['description', 'text'],
  ['occurred_at', 'timestamptz'],
] as const satisfies readonly (readonly [keyof TransactionRow, string])[];
const rowColumnList = rowColumns.map(([column]) => column).join(', ');

/** `unnest($from::type[], ...) AS alias (columns)`: one array parameter per column. */
const unnestSql = (from: number, columns: readonly (readonly [string, string])[], alias: string) =>
  `unnest(${columns.map(([, type], i) => `$${from + i}::${type}[]`).join(', ')}) AS ${alias} (${columns
    .map(([column]) => column)
    .join(', ')})`;

/** A run's stored rows, locked in key order (the run's rows are folded over them in Node). */
const lockRowsSql = `
  SELECT t.id, ${rowColumns.map(([column]) => `t.${column}`).join(', ')}
    FROM analytics.transactions t JOIN unnest($1::varchar[], $2::varchar[]) AS k (source, source_id)
      ON t.source = k.source AND t.source_id = k.source_id
   ORDER BY t.source, t.source_id FOR UPDATE OF t`;

const movedColumns = [
  ['seq', 'int'],
  ['sign', 'int'],
  ['user_id', 'uuid'],
  ['type', 'varchar'],
  ['status', 'varchar'],
  ['currency', 'varchar'],
  ['risk_level', 'varchar'],
  // As analytics.transactions stores them (the scale of the rollups' sums follows).
  ['amount', 'numeric(21,6)'],
  ['amount_usd', 'numeric(18,2)'],
  ['occurred_at', 'timestamptz'],
] as const;
const channelColumns = [
  ['user_id', 'uuid'],
  ['occurred_at', 'timestamptz'],
  ['payment_method', 'varchar'],
  ['processor', 'varchar'],
  ['country', 'varchar'],
  ['tx_count', 'int'],
  ['amount_usd', 'numeric(18,2)'],
  ['identified', 'int'],
] as const;
const movedFrom = rowColumns.length + 1;
const channelsFrom = movedFrom + movedColumns.length;
const windowsFrom = channelsFrom + channelColumns.length;

/**
 * A run's rows, rollups and channels in one statement, from the fold (transaction-run.ts): each
 * changed row as the run left it (inserted, or its status, risk, hash and customer updated), the
 * rows moved between day and month buckets, the channel buckets' new and newly identified
 * transactions (a bucket gaining only identified ones is updated, never created, as apply does),
 * and the window rows of the merchants whose rows name a customer, created as of today if missing
 * and share-locked (as in applyTransactionSql). Returns each row's id (and whether the statement
 * inserted it) and each window day.
 */
const applyRunSql = `
  WITH upserted AS (
    INSERT INTO analytics.transactions AS t (${rowColumnList}, compliance_checked)
    SELECT ${rowColumnList}, true FROM ${unnestSql(1, rowColumns, 'r')} ORDER BY source, source_id
    ON CONFLICT (source, source_id) DO UPDATE SET
      status = excluded.status, risk_level = excluded.risk_level, risk_score = excluded.risk_score,
      blockchain_tx_hash = excluded.blockchain_tx_hash, customer_ref = excluded.customer_ref, updated_at = now()
    RETURNING t.id, t.source, t.source_id, t.xmax = 0 AS inserted
  ), moved AS (
    SELECT * FROM ${unnestSql(movedFrom, movedColumns, 'm')}
  ), daily AS (${bucketSql('daily_totals', 'day', `(occurred_at AT TIME ZONE 'UTC')::date`)}
  ), monthly AS (${bucketSql('monthly_totals', 'month', `date_trunc('month', occurred_at AT TIME ZONE 'UTC')::date`)}
  ), channel_moves AS (
    SELECT user_id, (occurred_at AT TIME ZONE 'UTC')::date AS day, coalesce(payment_method, 'unknown') AS payment_method,
           processor, coalesce(country, 'unknown') AS country, sum(tx_count) AS tx_count,
           sum(coalesce(amount_usd, 0)) AS amount_usd, sum(identified) AS identified
      FROM ${unnestSql(channelsFrom, channelColumns, 'c')} GROUP BY 1, 2, 3, 4, 5
  ), channel AS (
    INSERT INTO analytics.daily_channel_totals AS c
      (user_id, day, payment_method, processor, country, tx_count, amount_usd, identified_count)
    SELECT * FROM channel_moves WHERE tx_count > 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, day, payment_method, processor, country) DO UPDATE SET
      tx_count = c.tx_count + excluded.tx_count,
      amount_usd = c.amount_usd + excluded.amount_usd,
      identified_count = c.identified_count + excluded.identified_count
  ), identified AS (
    UPDATE analytics.daily_channel_totals c SET identified_count = c.identified_count + m.identified
      FROM channel_moves m
     WHERE m.tx_count = 0 AND c.user_id = m.user_id AND c.day = m.day AND c.payment_method = m.payment_method
       AND c.processor = m.processor AND c.country = m.country
  ), windows_created AS (
    INSERT INTO analytics.customer_windows (user_id, as_of)
    SELECT user_id, $${windowsFrom + 1}::date FROM unnest($${windowsFrom}::uuid[]) AS w (user_id) ORDER BY 1
    ON CONFLICT (user_id) DO NOTHING
    RETURNING user_id, as_of
  ), windows_existing AS (
    SELECT user_id, as_of FROM analytics.customer_windows WHERE user_id = ANY($${windowsFrom}::uuid[])
     ORDER BY user_id FOR SHARE
  )
  SELECT source, source_id, id, inserted, NULL AS user_id, NULL AS as_of FROM upserted
  UNION ALL SELECT NULL, NULL, NULL, NULL, user_id, to_char(as_of, 'YYYY-MM-DD') FROM windows_created
  UNION ALL SELECT NULL, NULL, NULL, NULL, user_id, to_char(as_of, 'YYYY-MM-DD') FROM windows_existing`;

/** What applyRunSql returns: a row's id, or a merchant's window day. */
interface RunWritten {
  source: string | null;
  source_id: string | null;
  id: string | null;
  inserted: boolean | null;
  user_id: string | null;
  as_of: string | null;
}

/** Window days under a share lock, for merchants whose window row applyRunSql did not see. */
const windowsDaysSql = `
  SELECT user_id, to_char(as_of, 'YYYY-MM-DD') AS as_of FROM analytics.customer_windows
   WHERE user_id = ANY($1::uuid[]) ORDER BY user_id FOR SHARE`;

/**
 * Locks the run's customers' rows in key order, first inserting those missing empty (as
 * lockCustomer does); returns the customers it locked or created (one created by a transaction
 * that committed during the statement is neither, and is locked by lockCustomersSql after).
 */
const createLockCustomersSql = `
  WITH wanted AS (
    SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::timestamptz[]) AS w (user_id, customer_ref, at)
  ), created AS (
    INSERT INTO analytics.customers (user_id, customer_ref, first_seen, last_seen)
    SELECT user_id, customer_ref, at, at FROM wanted ORDER BY 1, 2
    ON CONFLICT (user_id, customer_ref) DO NOTHING RETURNING user_id, customer_ref
  ), existing AS (
    SELECT c.user_id, c.customer_ref FROM analytics.customers c JOIN wanted w USING (user_id, customer_ref)
     ORDER BY 1, 2 FOR UPDATE OF c
  )
  SELECT * FROM created UNION ALL SELECT * FROM existing`;
const lockCustomersSql = `
  SELECT c.user_id FROM analytics.customers c
    JOIN unnest($1::uuid[], $2::varchar[]) AS w (user_id, customer_ref) USING (user_id, customer_ref)
   ORDER BY c.user_id, c.customer_ref FOR UPDATE OF c`;

const stepColumns = [
  ['seq', 'int'],
  ['user_id', 'uuid'],
  ['customer_ref', 'varchar'],
  ['spend_after', 'numeric'],
  ['spend_before', 'numeric'],
  ['is_first', 'int'],
  ['at', 'timestamptz'],
  ['recent', 'int'],
  ['prior', 'int'],
  ...activityColumns.map((column) => [column, 'timestamptz'] as const),
] as const;

/**
 * The run's customer steps (locked rows, as addToCustomerSql moves one): each customer's figures
 * move by the sum of its steps (spend and windows by the difference, a transaction counted once,
 * first and last seen and each boundary's latest transaction the extremes), and the spend bands
 * take the customer out as it was before the run and in as it is after it. A band a customer
 * passed through between steps nets nothing but is written (created if missing) all the same, as
 * the steps one by one would (with the customer's figures after each step, so the band's sums keep
 * their scale too).
 */
const addToCustomersSql = `
  WITH steps AS (
    SELECT * FROM ${unnestSql(1, stepColumns, 's')}
  ), added AS (
    SELECT user_id, customer_ref, sum(spend_after - spend_before) AS spend, sum(is_first) AS n, min(at) AS first_at, max(at) AS last_at,
           sum((spend_after - spend_before) * recent) AS recent, sum((spend_after - spend_before) * prior) AS prior,
           ${activityColumns.map((c) => `max(${c}) AS ${c}`).join(', ')}
      FROM steps GROUP BY 1, 2
  ), was AS (
    SELECT c.user_id, c.customer_ref, c.spend_usd, c.tx_count, c.recent_usd, c.prior_usd, c.last_seen
      FROM analytics.customers c JOIN added a USING (user_id, customer_ref)
  ), becomes AS (
    UPDATE analytics.customers c SET
      spend_usd = c.spend_usd + a.spend,
      tx_count = c.tx_count + a.n,
      first_seen = least(c.first_seen, a.first_at),
      last_seen = greatest(c.last_seen, a.last_at),
      recent_usd = c.recent_usd + a.recent,
      prior_usd = c.prior_usd + a.prior,
      ${activityColumns.map((c) => `${c} = greatest(c.${c}, a.${c})`).join(',\n      ')}
      FROM added a
     WHERE c.user_id = a.user_id AND c.customer_ref = a.customer_ref
     RETURNING c.user_id, c.spend_usd, c.tx_count, c.recent_usd, c.prior_usd, c.last_seen
  ), passed AS (
    SELECT * FROM (
      SELECT s.user_id, w.spend_usd + sum(s.spend_after - s.spend_before) OVER steps_so_far AS spend_usd,
             w.tx_count + sum(s.is_first) OVER steps_so_far AS tx_count,
             w.recent_usd + sum((s.spend_after - s.spend_before) * s.recent) OVER steps_so_far AS recent_usd,
             w.prior_usd + sum((s.spend_after - s.spend_before) * s.prior) OVER steps_so_far AS prior_usd,
             greatest(w.last_seen, max(s.at) OVER steps_so_far) AS last_seen,
             s.seq < max(s.seq) OVER (PARTITION BY s.user_id, s.customer_ref) AS between_steps
        FROM steps s JOIN was w ON w.user_id = s.user_id AND w.customer_ref = s.customer_ref
      WINDOW steps_so_far AS (PARTITION BY s.user_id, s.customer_ref ORDER BY s.seq)
    ) AS each_step WHERE between_steps AND spend_usd > 0
  ), moved AS (
    SELECT 1 AS sign, user_id, spend_usd, tx_count, recent_usd, prior_usd, last_seen FROM becomes WHERE spend_usd > 0
    UNION ALL SELECT -1, user_id, spend_usd, tx_count, recent_usd, prior_usd, last_seen FROM was WHERE spend_usd > 0
    UNION ALL SELECT 0, user_id, spend_usd, tx_count, recent_usd, prior_usd, last_seen FROM passed
  )
  INSERT INTO analytics.customer_spend_bands AS b
    (user_id, band, customers, spend_usd, tx_count, recent_usd, prior_usd, last_seen_seconds)
  SELECT user_id, analytics.spend_band(spend_usd), sum(sign), sum(sign * spend_usd), sum(sign * tx_count),
         sum(sign * recent_usd), sum(sign * prior_usd), sum(sign * extract(epoch FROM last_seen))
    FROM moved GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (user_id, band) DO UPDATE SET
    customers = b.customers + excluded.customers,
    spend_usd = b.spend_usd + excluded.spend_usd,
    tx_count = b.tx_count + excluded.tx_count,
    recent_usd = b.recent_usd + excluded.recent_usd,
    prior_usd = b.prior_usd + excluded.prior_usd,
    last_seen_seconds = b.last_seen_seconds + excluded.last_seen_seconds`;

/** The structuring records of the run's merchants whose data's occurredAt falls in the spans asked about. */
const structuringRecordsSql = `
  SELECT r.user_id, r.transaction_id, r.data->>'occurredAt' AS occurred_at
    FROM analytics.compliance_records r
    JOIN unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS w (user_id, from_at, to_at) ON r.user_id = w.user_id
   WHERE r.type = 'structuring' AND (r.data->>'occurredAt')::timestamptz BETWEEN w.from_at AND w.to_at`;

const recordScreeningSql = `
  INSERT INTO analytics.compliance_records (user_id, transaction_id, provider, record_type, type, status, risk_score, data)
  VALUES ($1, $2, 'platform-aml-rules', 'aml_screening', $3, $4, $5, $6)
  ON CONFLICT (transaction_id, type) DO UPDATE SET
    status = excluded.status, risk_score = excluded.risk_score, data = excluded.data`;
const recordScreeningsSql = `
  INSERT INTO analytics.compliance_records (user_id, transaction_id, provider, record_type, type, status, risk_score, data)
  SELECT user_id, transaction_id, 'platform-aml-rules', 'aml_screening', type, status, risk_score, data::jsonb
    FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::varchar[], $5::int[], $6::text[])
      AS r (user_id, transaction_id, type, status, risk_score, data)
   ORDER BY transaction_id, type
  ON CONFLICT (transaction_id, type) DO UPDATE SET
    status = excluded.status, risk_score = excluded.risk_score, data = excluded.data`;

/** Rows of values as one array per column (`width` columns), the parameters of an `unnest`. */
const columnsOf = (rows: unknown[][], width: number): unknown[][] =>
  Array.from({ length: width }, (_, column) => rows.map((row) => row[column]));

/**
 * Where a transaction at `occurredAt` falls in its customer's windows as of the merchant's window
 * day (customer-windows.ts): its spend in the last 30 days (recent) or the 30 before (prior), and,
 * the first time it names the customer, the boundaries it is the latest transaction before.
 */
function windowFigures(
  occurredAt: Date,
  asOfDay: string,
  first: boolean,
): { recent: 0 | 1; prior: 0 | 1; lasts: (Date | null)[] } {
  const asOf = new Date(`${asOfDay}T00:00:00Z`);
  const at = new Date(occurredAt);
  const recent = at >= recentFromOf(asOf) ? 1 : 0;
  const prior = !recent && at >= priorFromOf(asOf) ? 1 : 0;
  return { recent, prior, lasts: activityBoundaries.map((b) => (first && at < b.at(asOf) ? at : null)) };
}

/**
 * Writes the read model: the transaction row, the daily and monthly rollups, the customer's spend and the AML
 * screening records, all through the event's inbox transaction, so a redelivered event (refused by
 * the inbox) or a repeated status (no change of bucket) never counts twice. An event alone goes
 * through `apply` (about three statements); a run of them through `applyAll` (five or so whatever
 * its length, over arrays). Each statement is a named prepared statement (`preparedQuery`): fixed
 * texts, planned once per connection.
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
   * Applies a run of events (a partition's consecutive events of one type, in order) with the same
   * resulting rows as `apply` on each in turn, in a few statements whatever the run's length: the
   * run's stored rows locked and read, the run folded over them in Node (transaction-run.ts), then
   * one statement for the rows, rollups, channels and window rows, two for the customers and their
   * bands, and one for the compliance records (a second first when a structuring record is due).
   * Throws when a row the fold took for new was inserted meanwhile (or the other way round); the
   * consumer then applies the events one at a time.
   */
  async applyAll(manager: EntityManager, txs: SourceTransaction[]): Promise<void> {
    if (txs.length === 0) return;
    const run = foldRun(txs, await this.lockRows(manager, txs));
    for (const tx of run.otherUser) this.logger.warn(`${tx.source} ${tx.sourceId}: event for another user ignored`);
    if (run.rows.size === 0) return;
    const customerUsers = [...new Set(run.customers.map((step) => step.userId))];
    const { ids, windowsDays } = await this.writeRun(manager, run, customerUsers);
    if (run.customers.length) await this.addToCustomers(manager, run.customers, windowsDays);
    if (run.screenings.length) await this.recordScreenings(manager, run.screenings, ids);
  }

  /** The stored rows of the run's transactions, by key, locked (key order) until the commit. */
  private async lockRows(manager: EntityManager, txs: SourceTransaction[]): Promise<Map<string, TransactionRow>> {
    const keys = [...new Map(txs.map((tx) => [keyOf(tx), tx])).values()];
    const rows = await preparedQuery<TransactionRow>(manager, 'analytics-lock-rows', lockRowsSql, [
      keys.map((tx) => tx.source),
      keys.map((tx) => tx.sourceId),
    ]);
    return new Map(rows.map((row) => [keyOf(row), row]));
  }

  /**
   * Writes the folded run's rows, rollups, channels and window rows (applyRunSql); returns each
   * row's id by key and each merchant's window day (reading under a share lock those created by a
   * transaction that committed during the statement).
   */
  private async writeRun(
    manager: EntityManager,
    run: FoldedRun,
    customerUsers: string[],
  ): Promise<{ ids: Map<string, string>; windowsDays: Map<string, string> }> {
    const rows = [...run.rows.values()];
    const moved = run.moved.map(({ seq, sign, row }) => [
      seq,
      sign,
      row.user_id,
      row.type,
      row.status,
      row.currency,
      row.risk_level,
      row.amount,
      row.amount_usd,
      row.occurred_at,
    ]);
    const channels = run.channels.map(({ row, txCount, identified }) => [
      row.user_id,
      row.occurred_at,
      row.payment_method,
      row.processor,
      row.country,
      txCount,
      row.amount_usd,
      identified,
    ]);
    const written = await preparedQuery<RunWritten>(manager, 'analytics-apply-run', applyRunSql, [
      ...columnsOf(
        rows.map(({ row }) => rowColumns.map(([column]) => row[column])),
        rowColumns.length,
      ),
      ...columnsOf(moved, movedColumns.length),
      ...columnsOf(channels, channelColumns.length),
      customerUsers,
      isoDay(utcDay(new Date())),
    ]);
    const ids = new Map<string, string>();
    const windowsDays = new Map<string, string>();
    for (const { source, source_id, id, inserted, user_id, as_of } of written) {
      if (user_id !== null && as_of !== null) windowsDays.set(user_id, as_of);
      if (source === null || source_id === null || id === null) continue;
      const key = keyOf({ source, source_id });
      if (run.rows.get(key)?.isNew !== inserted) {
        throw new Error(`${source} ${source_id}: row changed by another transaction while the run applied`);
      }
      ids.set(key, id);
    }
    const unseen = customerUsers.filter((userId) => !windowsDays.has(userId));
    if (unseen.length) {
      const days = await preparedQuery<{ user_id: string; as_of: string }>(
        manager,
        'analytics-windows-days',
        windowsDaysSql,
        [unseen],
      );
      for (const { user_id, as_of } of days) windowsDays.set(user_id, as_of);
    }
    return { ids, windowsDays };
  }

  /**
   * The run's customer steps (addToCustomer's, for each event in turn): the customers' rows locked
   * (created empty when new) in key order, then moved with their spend bands in one statement.
   */
  private async addToCustomers(
    manager: EntityManager,
    steps: CustomerStep[],
    windowsDays: Map<string, string>,
  ): Promise<void> {
    const customers = [...new Map(steps.map((step) => [`${step.userId}:${step.customerRef}`, step])).values()];
    const locked = await preparedQuery<{ user_id: string; customer_ref: string }>(
      manager,
      'analytics-create-lock-customers',
      createLockCustomersSql,
      columnsOf(
        customers.map((c) => [c.userId, c.customerRef, c.occurredAt]),
        3,
      ),
    );
    if (locked.length < customers.length) {
      await preparedQuery(manager, 'analytics-lock-customers', lockCustomersSql, [
        customers.map((c) => c.userId),
        customers.map((c) => c.customerRef),
      ]);
    }
    const rows = steps.map((step) => {
      const { recent, prior, lasts } = windowFigures(step.occurredAt, windowsDays.get(step.userId)!, step.first);
      return [
        step.seq,
        step.userId,
        step.customerRef,
        step.after,
        step.before,
        step.first ? 1 : 0,
        step.occurredAt,
        recent,
        prior,
        ...lasts,
      ];
    });
    await preparedQuery(manager, 'analytics-add-to-customers', addToCustomersSql, columnsOf(rows, stepColumns.length));
  }

  /**
   * The run's compliance records (recordScreening's, for each event in turn) in one statement,
   * after reading the stored structuring records the run's structuring events count.
   */
  private async recordScreenings(
    manager: EntityManager,
    steps: ScreeningStep[],
    ids: Map<string, string>,
  ): Promise<void> {
    const windows = structuringWindows(steps);
    const stored = windows.length
      ? await preparedQuery<{ user_id: string; transaction_id: string; occurred_at: string }>(
          manager,
          'analytics-structuring-records',
          structuringRecordsSql,
          columnsOf(
            windows.map((w) => [w.userId, w.from, w.to]),
            3,
          ),
        )
      : [];
    const records = screeningRecords(
      steps,
      (key) => ids.get(key)!,
      stored.map((r) => ({ userId: r.user_id, transactionId: r.transaction_id, occurredAt: new Date(r.occurred_at) })),
    );
    await preparedQuery(
      manager,
      'analytics-record-screenings',
      recordScreeningsSql,
      columnsOf(
        records.map((r) => [r.userId, r.transactionId, r.rule, r.status, r.score, r.data]),
        6,
      ),
    );
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
    const { recent, prior, lasts } = windowFigures(occurredAt, asOfDay, spend.first);
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
      await preparedQuery(manager, 'analytics-record-screening', recordScreeningSql, [
        tx.userId,
        transactionId,
        rule,
        status,
        score,
        screeningData(tx, amountNzd),
      ]);
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
