import { addDays, DAY_MS, monthStart } from './calendar';

/**
 * Per-customer figures of time windows that move with the day (docs/analytics.md, segmentation,
 * business metrics and competitive analysis), kept in analytics.customers as of the merchant's
 * `customer_windows.as_of` day (a UTC day) so a read scans the customers, never the transactions:
 *
 * - recent_usd: completed spend on or after as_of - 29 (the last 30 days, later days included);
 * - prior_usd: completed spend in [as_of - 59, as_of - 29), the 30 days before those;
 * - one `last_before_*` column per boundary below: the customer's latest transaction (any status)
 *   before that boundary, so "had a transaction in [from, boundary)" is `last_before_x >= from`.
 *
 * The event handlers add a transaction relative to as_of (under a share lock on the merchant's
 * window row); the first read of a later day moves as_of there (under an exclusive lock), taking
 * the transactions of the days that crossed a boundary from the read model.
 */
export interface ActivityBoundary {
  column: string;
  /** The boundary (a UTC midnight) when the window is as of `asOf`. */
  at: (asOf: Date) => Date;
}

/** The same day N months before (Date.UTC's rollover, as the competitive windows count). */
const monthsBefore = (asOf: Date, months: number): Date =>
  new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - months, asOf.getUTCDate() + 1));

/**
 * The windows' upper bounds the reads ask for: business metrics (today; tomorrow for windows
 * ending today; the previous week's and previous month's elapsed days) and competitive analysis
 * (the window before the last N months).
 */
export const activityBoundaries: readonly ActivityBoundary[] = [
  { column: 'last_before_tomorrow', at: (asOf) => addDays(asOf, 1) },
  { column: 'last_before_today', at: (asOf) => asOf },
  { column: 'last_before_week_ago', at: (asOf) => addDays(asOf, -6) },
  {
    column: 'last_before_month_ago',
    at: (asOf) => {
      const start = monthStart(asOf);
      const previous = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1));
      const end = addDays(previous, Math.round((asOf.getTime() - start.getTime()) / DAY_MS) + 1);
      return end < start ? end : start;
    },
  },
  { column: 'last_before_3m', at: (asOf) => monthsBefore(asOf, 3) },
  { column: 'last_before_6m', at: (asOf) => monthsBefore(asOf, 6) },
  { column: 'last_before_12m', at: (asOf) => monthsBefore(asOf, 12) },
  { column: 'last_before_24m', at: (asOf) => monthsBefore(asOf, 24) },
];

export const recentFromOf = (asOf: Date): Date => addDays(asOf, -29);
export const priorFromOf = (asOf: Date): Date => addDays(asOf, -59);

/** The boundary column answering "a transaction before `before`" as of `asOf`, if one does. */
export const boundaryColumnOf = (asOf: Date, before: Date): string | undefined =>
  activityBoundaries.find((b) => b.at(asOf).getTime() === before.getTime())?.column;

/** A later day within this many days is reached by moving the boundaries; further, or earlier, rebuilds. */
export const maxAdvanceDays = 62;

/**
 * Recomputes every customer figure of one merchant ($1) from the read model as of $2 (a UTC
 * day): spend, counts, first and last transaction, and the windows. The migration's backfill and
 * a window too far from the last one use it.
 */
export function rebuildCustomersSql(): { sql: string; params: (asOf: Date) => string[] } {
  const lasts = activityBoundaries
    .map((b, i) => `max(occurred_at) FILTER (WHERE occurred_at < $${i + 4}::timestamptz) AS ${b.column}`)
    .join(',\n              ');
  const sets = activityBoundaries.map((b) => `${b.column} = t.${b.column}`).join(', ');
  return {
    sql: `UPDATE analytics.customers c SET
            spend_usd = t.spend, tx_count = t.n, first_seen = t.first_seen, last_seen = t.last_seen,
            recent_usd = t.recent, prior_usd = t.prior, ${sets}
       FROM (SELECT customer_ref,
              coalesce(sum(amount_usd) FILTER (WHERE status = 'completed'), 0) AS spend,
              count(*)::int AS n, min(occurred_at) AS first_seen, max(occurred_at) AS last_seen,
              coalesce(sum(amount_usd) FILTER (WHERE status = 'completed' AND occurred_at >= $2::timestamptz), 0) AS recent,
              coalesce(sum(amount_usd) FILTER (WHERE status = 'completed' AND occurred_at >= $3::timestamptz
                                                  AND occurred_at < $2::timestamptz), 0) AS prior,
              ${lasts}
              FROM analytics.transactions WHERE user_id = $1 AND customer_ref IS NOT NULL
             GROUP BY customer_ref) t
      WHERE c.user_id = $1 AND c.customer_ref = t.customer_ref`,
    params: (asOf) =>
      [recentFromOf(asOf), priorFromOf(asOf), ...activityBoundaries.map((b) => b.at(asOf))].map((d) => d.toISOString()),
  };
}
