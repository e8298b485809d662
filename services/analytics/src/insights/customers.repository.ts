import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DAY_MS, isoDay, utcDay } from './calendar';
import {
  activityBoundaries,
  boundaryColumnOf,
  maxAdvanceDays,
  priorFromOf,
  rebuildCustomersSql,
  recentFromOf,
} from './customer-windows';

/** A window [from, before) of UTC days. */
export interface CustomerWindow {
  from: Date;
  before: Date;
}

export interface ActiveAndNewCustomers {
  /** Distinct customers with a transaction in the window. */
  active: number;
  /** Customers first seen in the window. */
  new: number;
}

/** One spend tier's sums (numerics as text), for segmentsOf. */
export interface TierRow {
  tier: number;
  count: number;
  spendUsd: string;
  txCount: number;
  recentUsd: string;
  priorUsd: string;
  lowestUsd: string;
  highestUsd: string;
  /** Sum of the members' days since their last transaction (never below 0). */
  recencyDays: number;
}

/**
 * Reads of the customers the merchant's transactions identify (analytics.customers, kept by the
 * event handlers with their moving windows, customer-windows.ts), never the transactions, except to
 * move a merchant's windows to a new day.
 */
@Injectable()
export class CustomersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Brings the merchant's windows to `asOf` (a UTC day): the first read of a day moves them,
   * taking the transactions of the days that crossed a boundary; a jump backwards or of more than
   * maxAdvanceDays recomputes them.
   */
  async windowsAt(userId: string, asOf: Date): Promise<void> {
    const day = isoDay(asOf);
    const [current] = (await this.db.query(
      `SELECT to_char(as_of, 'YYYY-MM-DD') AS as_of FROM analytics.customer_windows WHERE user_id = $1`,
      [userId],
    )) as { as_of: string }[];
    if (current?.as_of === day) return;
    await this.db.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO analytics.customer_windows (user_id, as_of) VALUES ($1, '1970-01-01') ON CONFLICT (user_id) DO NOTHING`,
        [userId],
      );
      const [{ as_of: fromDay }] = (await manager.query(
        `SELECT to_char(as_of, 'YYYY-MM-DD') AS as_of FROM analytics.customer_windows WHERE user_id = $1 FOR UPDATE`,
        [userId],
      )) as { as_of: string }[];
      if (fromDay === day) return;
      const from = new Date(`${fromDay}T00:00:00Z`);
      const days = Math.round((asOf.getTime() - from.getTime()) / DAY_MS);
      const forward = activityBoundaries.every((b) => b.at(asOf) >= b.at(from));
      if (days > 0 && days <= maxAdvanceDays && forward) await this.advance(manager, userId, from, asOf);
      else {
        const rebuild = rebuildCustomersSql();
        await manager.query(rebuild.sql, [userId, ...rebuild.params(asOf)]);
      }
      await manager.query(`UPDATE analytics.customer_windows SET as_of = $2 WHERE user_id = $1`, [userId, day]);
    });
  }

  /**
   * Moves the windows forward from `from` to `to`: spend of the days leaving the last 30 moves to
   * the 30 before, spend of the days leaving those goes, and each boundary's latest transaction
   * takes the days it passed. One pass over just those days' transactions.
   */
  private async advance(manager: EntityManager, userId: string, from: Date, to: Date): Promise<void> {
    const params: unknown[] = [userId];
    const range = (start: Date, end: Date) => {
      params.push(start.toISOString(), end.toISOString());
      return `occurred_at >= $${params.length - 1}::timestamptz AND occurred_at < $${params.length}::timestamptz`;
    };
    const ranges: { name: string; where: string; completedSum: boolean }[] = [
      { name: 'to_prior', where: range(recentFromOf(from), recentFromOf(to)), completedSum: true },
      { name: 'out_prior', where: range(priorFromOf(from), priorFromOf(to)), completedSum: true },
      ...activityBoundaries
        .filter((b) => b.at(to) > b.at(from))
        .map((b) => ({ name: b.column, where: range(b.at(from), b.at(to)), completedSum: false })),
    ];
    const parts = ranges.map(
      (r, i) =>
        `SELECT ${i} AS part, customer_ref, ${
          r.completedSum ? `sum(amount_usd) FILTER (WHERE status = 'completed')` : 'NULL::numeric'
        } AS usd, max(occurred_at) AS last
           FROM analytics.transactions
          WHERE user_id = $1 AND customer_ref IS NOT NULL AND ${r.where}
          GROUP BY customer_ref`,
    );
    const pick = (i: number, what: 'usd' | 'last') =>
      what === 'usd' ? `coalesce(sum(usd) FILTER (WHERE part = ${i}), 0)` : `max(last) FILTER (WHERE part = ${i})`;
    const lastSets = ranges.filter((r) => !r.completedSum).map((r) => `${r.name} = greatest(c.${r.name}, m.${r.name})`);
    await manager.query(
      `UPDATE analytics.customers c SET
          recent_usd = c.recent_usd - m.to_prior,
          prior_usd = c.prior_usd + m.to_prior - m.out_prior${lastSets.length ? ',\n          ' : ''}${lastSets.join(',\n          ')}
         FROM (SELECT customer_ref, ${ranges
           .map((r, i) => `${pick(i, r.completedSum ? 'usd' : 'last')} AS ${r.name}`)
           .join(', ')}
                 FROM (${parts.join('\n UNION ALL ')}) moved GROUP BY customer_ref) m
        WHERE c.user_id = $1 AND c.customer_ref = m.customer_ref`,
      params,
    );
  }

  /**
   * Active customers of each window (from `windowsAt`'s day's boundaries; a window ending
   * elsewhere is counted from the transactions) and customers first seen in it.
   */
  async activeAndNew(userId: string, now: Date, windows: CustomerWindow[]): Promise<ActiveAndNewCustomers[]> {
    const asOf = utcDay(now);
    await this.windowsAt(userId, asOf);
    const params: unknown[] = [userId];
    const param = (value: Date) => {
      params.push(value.toISOString());
      return `$${params.length}::timestamptz`;
    };
    const columns = windows.map((w, i) => {
      const column = boundaryColumnOf(asOf, w.before);
      const from = param(w.from);
      const before = param(w.before);
      const active = column
        ? `count(*) FILTER (WHERE ${column} >= ${from})::int`
        : `(SELECT count(DISTINCT customer_ref)::int FROM analytics.transactions
             WHERE user_id = $1 AND customer_ref IS NOT NULL AND occurred_at >= ${from} AND occurred_at < ${before})`;
      return `${active} AS active${i}, count(*) FILTER (WHERE first_seen >= ${from} AND first_seen < ${before})::int AS new${i}`;
    });
    const [row] = (await this.db.query(
      `SELECT ${columns.join(', ')} FROM analytics.customers WHERE user_id = $1`,
      params,
    )) as Record<string, number>[];
    return windows.map((_, i) => ({ active: row[`active${i}`], new: row[`new${i}`] }));
  }

  /**
   * Distinct customers with a transaction since `start` (all later ones included) and in
   * [previousStart, start) (from the boundary column of `start`, else from the transactions).
   */
  async activeSinceAndBefore(
    userId: string,
    now: Date,
    previousStart: Date,
    start: Date,
  ): Promise<{ customers: number; previousCustomers: number }> {
    const asOf = utcDay(now);
    await this.windowsAt(userId, asOf);
    const column = boundaryColumnOf(asOf, start);
    const previous = column
      ? `count(*) FILTER (WHERE ${column} >= $2::timestamptz)::int`
      : `(SELECT count(DISTINCT customer_ref)::int FROM analytics.transactions
           WHERE user_id = $1 AND customer_ref IS NOT NULL AND occurred_at >= $2::timestamptz AND occurred_at < $3::timestamptz)`;
    const [row] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE last_seen >= $3::timestamptz)::int AS customers, ${previous} AS "previousCustomers"
         FROM analytics.customers WHERE user_id = $1`,
      [userId, previousStart.toISOString(), start.toISOString()],
    )) as { customers: number; previousCustomers: number }[];
    return row;
  }

  /**
   * The customers with completed spend ranked by it (highest first, then by reference) and cut
   * into tiers: the first ceil(n / 10), up to ceil(n / 2), the rest; each tier's sums, with the
   * completed spend of the last 30 days (recent) and the 30 before (prior) as of `now`'s day.
   */
  async spendTiers(userId: string, now: Date): Promise<TierRow[]> {
    await this.windowsAt(userId, utcDay(now));
    // The cuts are the ceil(n / 10)th and ceil(n / 2)th customers in the spend index; one pass
    // over the customers then sums each tier (no sort, no grouping; OFFSET 0 keeps the tier computed
    // once a row rather than once an aggregate).
    const tierOf = `CASE WHEN c.spend_usd > cut1.spend_usd OR (c.spend_usd = cut1.spend_usd AND c.customer_ref <= cut1.customer_ref) THEN 0
                         WHEN c.spend_usd > cut2.spend_usd OR (c.spend_usd = cut2.spend_usd AND c.customer_ref <= cut2.customer_ref) THEN 1
                         ELSE 2 END`;
    const sums = [0, 1, 2].map(
      (t) => `count(*) FILTER (WHERE tier = ${t})::int AS count${t},
              sum(spend_usd) FILTER (WHERE tier = ${t})::text AS spend${t},
              sum(tx_count) FILTER (WHERE tier = ${t})::int AS tx${t},
              sum(recent_usd) FILTER (WHERE tier = ${t})::text AS recent${t},
              sum(prior_usd) FILTER (WHERE tier = ${t})::text AS prior${t},
              min(spend_usd) FILTER (WHERE tier = ${t})::text AS lowest${t},
              max(spend_usd) FILTER (WHERE tier = ${t})::text AS highest${t},
              sum(recency) FILTER (WHERE tier = ${t})::float8 AS recency${t}`,
    );
    const [row] = (await this.db.query(
      `WITH paying AS (SELECT count(*) AS n FROM analytics.customers WHERE user_id = $1 AND spend_usd > 0),
       cut1 AS (SELECT spend_usd, customer_ref FROM analytics.customers WHERE user_id = $1 AND spend_usd > 0
                 ORDER BY spend_usd DESC, customer_ref OFFSET (SELECT (n + 9) / 10 - 1 FROM paying) LIMIT 1),
       cut2 AS (SELECT spend_usd, customer_ref FROM analytics.customers WHERE user_id = $1 AND spend_usd > 0
                 ORDER BY spend_usd DESC, customer_ref OFFSET (SELECT (n + 1) / 2 - 1 FROM paying) LIMIT 1)
       SELECT ${sums.join(',\n              ')}
         FROM (SELECT ${tierOf} AS tier, c.spend_usd, c.tx_count, c.recent_usd, c.prior_usd,
                      greatest(0, date_part('epoch', $2::timestamptz - c.last_seen) / 86400) AS recency
                 FROM analytics.customers c, cut1, cut2
                WHERE c.user_id = $1 AND c.spend_usd > 0 OFFSET 0) ranked`,
      [userId, now.toISOString()],
    )) as Record<string, string | number | null>[];
    return [0, 1, 2]
      .filter((t) => Number(row[`count${t}`]) > 0)
      .map((t) => ({
        tier: t,
        count: Number(row[`count${t}`]),
        spendUsd: String(row[`spend${t}`]),
        txCount: Number(row[`tx${t}`]),
        recentUsd: String(row[`recent${t}`]),
        priorUsd: String(row[`prior${t}`]),
        lowestUsd: String(row[`lowest${t}`]),
        highestUsd: String(row[`highest${t}`]),
        recencyDays: Number(row[`recency${t}`]),
      }));
  }
}
