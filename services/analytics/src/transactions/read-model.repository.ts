import { Injectable, Logger } from '@nestjs/common';
import type { SourceTransaction } from '@app/contracts';
import { preparedQuery } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { isoDay, utcDay } from '../insights/calendar';
import { activityBoundaries, priorFromOf, recentFromOf } from '../insights/customer-windows';
import {
  foldRun,
  keyOf,
  screeningRecords,
  structuringWindows,
  type CustomerStep,
  type FoldedRun,
  type ScreeningStep,
  type TransactionRow,
} from './transaction-run';

/**
 * Adds to (or with a negative sign takes from) the day's or the month's rollup bucket the moved
 * rows. Each event's moves are netted first, so a run writes the buckets its events would one at
 * a time: a bucket an event moves a row into and out of again (a repeated status) nets nothing and
 * is left alone, one it moves is written (created if missing) even when the run's events net
 * nothing there.
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

const activityColumns = activityBoundaries.map((b) => b.column);

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
 * transactions (a bucket gaining only identified ones is updated, never created: its transaction
 * was counted there when it was new), and the window rows of the merchants whose rows name a
 * customer, created as of today if missing and share-locked (customer-windows.ts: a read moving
 * the day waits for this transaction). Returns each row's id (and whether the statement inserted
 * it) and each window day.
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
 * Locks the run's customers' rows in key order, first inserting those missing empty (no spend, no
 * transaction, so in no band; a concurrent first transaction of the same customer inserts it once
 * and this waits for it); returns the customers it locked or created (one created by a
 * transaction that committed during the statement is neither, and is locked by lockCustomersSql
 * after).
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
 * The run's customer steps (the customers' rows locked first): each customer's figures move by
 * the sum of its steps (spend and windows by the difference, a transaction counted once,
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
 * the inbox) or a repeated status (no change of bucket) never counts twice. Every event goes
 * through `applyAll`, an event alone as a run of one, so the read model's rules are written once
 * (transaction-run.ts). Each statement is a named prepared statement (`preparedQuery`): fixed
 * texts, planned once per connection.
 */
@Injectable()
export class ReadModelRepository {
  private readonly logger = new Logger(ReadModelRepository.name);

  /**
   * Applies a run of events (a partition's consecutive events of one type, in order, or an event
   * alone) with the same resulting rows as each event applied in turn in a transaction of its own,
   * in a few statements whatever the run's length: the run's stored rows locked and read, the run
   * folded over them in Node (transaction-run.ts), then one statement for the rows, rollups,
   * channels and window rows, two for the customers and their bands, and one for the compliance
   * records (a second first when a structuring record is due). Throws when a row the fold took for
   * new was inserted meanwhile (or the other way round): the consumer then applies a run's events
   * one at a time, and retries an event alone, whose retry finds the row stored.
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
   * The run's customer steps: the customers' rows locked (created empty when new) in key order,
   * then moved with their spend bands in one statement.
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
   * The run's compliance records in one statement, after reading the stored structuring records
   * the run's structuring events count.
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
}
