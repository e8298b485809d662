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
        await this.rebuildSpendBands(manager, userId);
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
    // The paying customers' spend bands take the same moves of their window sums.
    await manager.query(
      `WITH shifted AS (
         UPDATE analytics.customers c SET
           recent_usd = c.recent_usd - m.to_prior,
           prior_usd = c.prior_usd + m.to_prior - m.out_prior${lastSets.length ? ',\n           ' : ''}${lastSets.join(',\n           ')}
          FROM (SELECT customer_ref, ${ranges
            .map((r, i) => `${pick(i, r.completedSum ? 'usd' : 'last')} AS ${r.name}`)
            .join(', ')}
                  FROM (${parts.join('\n UNION ALL ')}) moved GROUP BY customer_ref) m
         WHERE c.user_id = $1 AND c.customer_ref = m.customer_ref
         RETURNING c.spend_usd, m.to_prior, m.out_prior
       )
       UPDATE analytics.customer_spend_bands b SET
         recent_usd = b.recent_usd - d.to_prior,
         prior_usd = b.prior_usd + d.to_prior - d.out_prior
        FROM (SELECT analytics.spend_band(spend_usd) AS band, sum(to_prior) AS to_prior, sum(out_prior) AS out_prior
                FROM shifted WHERE spend_usd > 0 GROUP BY 1) d
       WHERE b.user_id = $1 AND b.band = d.band`,
      params,
    );
  }

  /** The merchant's spend bands summed again from its customers, after they were recomputed. */
  private async rebuildSpendBands(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM analytics.customer_spend_bands WHERE user_id = $1`, [userId]);
    await manager.query(
      `INSERT INTO analytics.customer_spend_bands
         (user_id, band, customers, spend_usd, tx_count, recent_usd, prior_usd, last_seen_seconds)
       SELECT user_id, analytics.spend_band(spend_usd), count(*), sum(spend_usd), sum(tx_count), sum(recent_usd),
              sum(prior_usd), sum(extract(epoch FROM last_seen))
         FROM analytics.customers WHERE user_id = $1 AND spend_usd > 0 GROUP BY 1, 2`,
      [userId],
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
    // From the spend bands (analytics.customer_spend_bands, ordered like the spend): the customers
    // ranked above each band give the cuts' ranks. A band holding a rank next to a cut (at most
    // four) is read customer by customer and its members tiered by rank; every other band lies in
    // one tier and adds its sums whole. Days since the last transaction are (now - last) summed, a
    // last transaction later than now counting 0: the few such customers of whole bands are read
    // back. The top and bottom spends bound the first and last tier. One statement, one snapshot.
    const tierOf = (rank: string) => `CASE WHEN ${rank} <= cut1 THEN 0 WHEN ${rank} <= cut2 THEN 1 ELSE 2 END`;
    return (await this.db.query(
      `WITH bands AS (
         SELECT band, customers, spend_usd, tx_count, recent_usd, prior_usd, last_seen_seconds,
                sum(customers) OVER w - customers AS above, lag(band, 1, 'Infinity') OVER w AS ceiling
           FROM analytics.customer_spend_bands WHERE user_id = $1 AND customers > 0
         WINDOW w AS (ORDER BY band DESC)
       ), cuts AS (
         SELECT (n + 9) / 10 AS cut1, (n + 1) / 2 AS cut2, extract(epoch FROM $2::timestamptz) AS now
           FROM (SELECT coalesce(sum(customers), 0) AS n FROM bands) paying
       ), placed AS (
         SELECT b.*, ${tierOf('above + 1')} AS tier,
                -- Holds rank cut or cut + 1 (its ranks are above + 1 to above + customers).
                cut1 BETWEEN above AND above + customers OR cut2 BETWEEN above AND above + customers AS split
           FROM bands b, cuts
       ), members AS (
         SELECT ${tierOf('m.rank')} AS tier, m.*
           FROM placed p, cuts, LATERAL (
                  SELECT p.above + row_number() OVER (ORDER BY c.spend_usd DESC, c.customer_ref) AS rank,
                         c.spend_usd, c.tx_count, c.recent_usd, c.prior_usd,
                         greatest(0, cuts.now - extract(epoch FROM c.last_seen)) AS recency
                    FROM analytics.customers c
                   WHERE c.user_id = $1 AND c.spend_usd > 0 AND c.spend_usd >= p.band AND c.spend_usd < p.ceiling
                   ORDER BY c.spend_usd DESC, c.customer_ref) m
          -- There are at most four: the LIMIT tells the planner so (a large estimate would cost a JIT compile).
          WHERE p.band IN (SELECT band FROM placed WHERE split ORDER BY band DESC LIMIT 4)
       ), ahead AS (
         SELECT p.tier, sum(extract(epoch FROM c.last_seen) - cuts.now) AS recency
           FROM cuts, analytics.customers c JOIN placed p ON p.band = analytics.spend_band(c.spend_usd) AND NOT p.split
          WHERE c.user_id = $1 AND c.spend_usd > 0 AND c.last_seen > $2::timestamptz
          GROUP BY 1
       ), sums AS (
         SELECT tier, sum(customers) AS count, sum(spend_usd) AS spend, sum(tx_count) AS tx, sum(recent_usd) AS recent,
                sum(prior_usd) AS prior, sum(customers * cuts.now - last_seen_seconds) AS recency
           FROM placed, cuts WHERE NOT split GROUP BY tier
         UNION ALL
         SELECT tier, count(*), sum(spend_usd), sum(tx_count), sum(recent_usd), sum(prior_usd), sum(recency)
           FROM members GROUP BY tier
         UNION ALL
         SELECT tier, 0, 0, 0, 0, 0, recency FROM ahead
       )
       SELECT s.tier, sum(s.count)::int AS count, sum(s.spend)::text AS "spendUsd", sum(s.tx)::int AS "txCount",
              sum(s.recent)::text AS "recentUsd", sum(s.prior)::text AS "priorUsd",
              (sum(s.recency) / 86400)::float8 AS "recencyDays",
              (CASE s.tier WHEN 0 THEN (SELECT max(spend_usd) FROM analytics.customers WHERE user_id = $1 AND spend_usd > 0)
                           ELSE (SELECT spend_usd FROM members WHERE rank = CASE s.tier WHEN 1 THEN cut1 ELSE cut2 END + 1)
               END)::text AS "highestUsd",
              (CASE s.tier WHEN 2 THEN (SELECT min(spend_usd) FROM analytics.customers WHERE user_id = $1 AND spend_usd > 0)
                           ELSE (SELECT spend_usd FROM members WHERE rank = CASE s.tier WHEN 0 THEN cut1 ELSE cut2 END)
               END)::text AS "lowestUsd"
         FROM sums s, cuts GROUP BY s.tier, cut1, cut2 HAVING sum(s.count) > 0 ORDER BY s.tier`,
      [userId, now.toISOString()],
    )) as TierRow[];
  }
}
