import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PeriodTotals } from '@app/contracts';
import type { DataSource } from 'typeorm';
import { addDays, isoDay, utcDay } from './calendar';
import type { RiskCounts } from './risk-model';

/** The dashboard stats' inputs; `reviews`: the merchant's screening records awaiting review. */
export type DashboardFigures = { portfolio: string; month: string; properties: number; reviews: number } & RiskCounts;

export interface IdentityCoverage {
  total: number;
  /** With a customer reference. */
  identified: number;
  /** With a country. */
  located: number;
}

/** Completed revenue (daily rollup) of a window and of the window before it. */
export interface RevenueAgainstPrevious {
  revenue: string;
  previousRevenue: string;
}

export interface CashFlowBucket {
  start: string;
  salesUsd: string;
  refundsUsd: string;
  tokenUsd: string;
  expensesUsd: string;
}

/** $2: first day of the last 30, $3: first of the last 7, $4: first of the 37-day window. */
const riskCountColumns = `
  coalesce(sum(tx_count) FILTER (WHERE day >= $2 AND status = 'completed'), 0)::int AS completed,
  coalesce(sum(tx_count) FILTER (WHERE day >= $2 AND status = 'refunded'), 0)::int AS refunded,
  coalesce(sum(tx_count) FILTER (WHERE day >= $2 AND status IN ('failed', 'cancelled')), 0)::int AS failed,
  coalesce(sum(tx_count) FILTER (WHERE day >= $2), 0)::int AS total,
  coalesce(sum(tx_count) FILTER (WHERE day >= $2 AND risk_level = 'high'), 0)::int AS "highRisk",
  coalesce(sum(tx_count) FILTER (WHERE day >= $3), 0)::int AS "last7Days",
  coalesce(sum(tx_count) FILTER (WHERE day >= $4 AND day < $3), 0)::int AS "prior30Days"`;

/** Reads of the rollups (daily_totals, monthly_totals, daily_expenses), some with a count from the transactions. */
@Injectable()
export class RollupsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The dashboard's figures in one round trip: all-time and this month's completed USD volume
   * (monthly rollup), the distinct properties of token transactions, and the risk counts (daily
   * rollup, see riskCounts).
   */
  async dashboard(userId: string, now: Date, monthStart: Date): Promise<DashboardFigures> {
    const today = utcDay(now);
    const [row] = (await this.db.query(
      `SELECT totals.portfolio, totals.month, risk.*,
              (SELECT count(DISTINCT property_id)::int FROM analytics.transactions
                WHERE user_id = $1 AND type = 'token' AND property_id IS NOT NULL) AS properties,
              (SELECT count(*)::int FROM analytics.compliance_records
                WHERE user_id = $1 AND status = 'review') AS reviews
         FROM (SELECT coalesce(sum(amount_usd), 0)::text AS portfolio,
                      coalesce(sum(amount_usd) FILTER (WHERE month = $6), 0)::text AS month
                 FROM analytics.monthly_totals WHERE user_id = $1 AND status = 'completed') totals,
              (SELECT ${riskCountColumns}
                 FROM analytics.daily_totals WHERE user_id = $1 AND day >= $4 AND day <= $5) risk`,
      [
        userId,
        isoDay(addDays(today, -29)),
        isoDay(addDays(today, -6)),
        isoDay(addDays(today, -36)),
        isoDay(today),
        isoDay(monthStart),
      ],
    )) as DashboardFigures[];
    return row;
  }

  /**
   * Last 30 days (today included) by status and risk level; the last 7 days and the 30 before
   * those, for velocity.
   */
  async riskCounts(userId: string, now: Date): Promise<RiskCounts> {
    const today = utcDay(now);
    const [row] = (await this.db.query(
      `SELECT ${riskCountColumns}
         FROM analytics.daily_totals WHERE user_id = $1 AND day >= $4 AND day <= $5`,
      [userId, isoDay(addDays(today, -29)), isoDay(addDays(today, -6)), isoDay(addDays(today, -36)), isoDay(today)],
    )) as RiskCounts[];
    return row;
  }

  /** Totals of the days [from, to] inclusive. */
  async periodTotals(userId: string, from: Date, to: Date): Promise<PeriodTotals> {
    const [row] = (await this.db.query(
      `SELECT coalesce(sum(amount_usd) FILTER (WHERE status = 'completed'), 0)::text AS "completedUsd",
              coalesce(sum(usd_count) FILTER (WHERE status = 'completed'), 0)::int AS "completedPriced",
              coalesce(sum(tx_count) FILTER (WHERE status = 'completed'), 0)::int AS completed,
              coalesce(sum(tx_count) FILTER (WHERE status = 'refunded'), 0)::int AS refunded,
              coalesce(sum(tx_count) FILTER (WHERE status IN ('failed', 'cancelled')), 0)::int AS failed,
              coalesce(sum(tx_count), 0)::int AS total
         FROM analytics.daily_totals WHERE user_id = $1 AND day BETWEEN $2 AND $3`,
      [userId, isoDay(from), isoDay(to)],
    )) as PeriodTotals[];
    return row;
  }

  /** periodTotals of several windows (days [from, to]) in one pass over the daily rollup. */
  async periodTotalsOf(userId: string, windows: { from: Date; to: Date }[]): Promise<PeriodTotals[]> {
    const params: unknown[] = [userId];
    const columns = windows.map((w, i) => {
      params.push(isoDay(w.from), isoDay(w.to));
      const inWindow = `day BETWEEN $${params.length - 1}::date AND $${params.length}::date`;
      return `coalesce(sum(amount_usd) FILTER (WHERE ${inWindow} AND status = 'completed'), 0)::text AS "completedUsd${i}",
              coalesce(sum(usd_count) FILTER (WHERE ${inWindow} AND status = 'completed'), 0)::int AS "completedPriced${i}",
              coalesce(sum(tx_count) FILTER (WHERE ${inWindow} AND status = 'completed'), 0)::int AS "completed${i}",
              coalesce(sum(tx_count) FILTER (WHERE ${inWindow} AND status = 'refunded'), 0)::int AS "refunded${i}",
              coalesce(sum(tx_count) FILTER (WHERE ${inWindow} AND status IN ('failed', 'cancelled')), 0)::int AS "failed${i}",
              coalesce(sum(tx_count) FILTER (WHERE ${inWindow}), 0)::int AS "total${i}"`;
    });
    const from = windows.reduce((min, w) => (w.from < min ? w.from : min), windows[0].from);
    const to = windows.reduce((max, w) => (w.to > max ? w.to : max), windows[0].to);
    params.push(isoDay(from), isoDay(to));
    const [row] = (await this.db.query(
      `SELECT ${columns.join(',\n              ')}
         FROM analytics.daily_totals WHERE user_id = $1 AND day BETWEEN $${params.length - 1}::date AND $${params.length}::date`,
      params,
    )) as Record<string, string | number>[];
    return windows.map((_, i) => ({
      completedUsd: String(row[`completedUsd${i}`]),
      completedPriced: Number(row[`completedPriced${i}`]),
      completed: Number(row[`completed${i}`]),
      refunded: Number(row[`refunded${i}`]),
      failed: Number(row[`failed${i}`]),
      total: Number(row[`total${i}`]),
    }));
  }

  /** Completed USD volume per day and type, days [from, to]. */
  async dailyVolume(userId: string, from: Date, to: Date): Promise<{ day: string; type: string; usd: string }[]> {
    return this.db.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, type, sum(amount_usd)::text AS usd
         FROM analytics.daily_totals
        WHERE user_id = $1 AND status = 'completed' AND day BETWEEN $2 AND $3
        GROUP BY day, type`,
      [userId, isoDay(from), isoDay(to)],
    );
  }

  /** Count and USD volume per status and per type, days [from, to]. */
  async breakdown(
    userId: string,
    from: Date,
    to: Date,
  ): Promise<{ status: string; type: string; count: number; usd: string }[]> {
    return this.db.query(
      `SELECT status, type, sum(tx_count)::int AS count, sum(amount_usd)::text AS usd
         FROM analytics.daily_totals WHERE user_id = $1 AND day BETWEEN $2 AND $3
        GROUP BY status, type`,
      [userId, isoDay(from), isoDay(to)],
    );
  }

  /** Completed revenue of the days [start, end] against [previousStart, start). */
  async revenueAgainstPrevious(
    userId: string,
    previousStart: Date,
    start: Date,
    end: Date,
  ): Promise<RevenueAgainstPrevious> {
    const [row] = (await this.db.query(
      `SELECT coalesce(sum(amount_usd) FILTER (WHERE day >= $2), 0)::text AS revenue,
              coalesce(sum(amount_usd) FILTER (WHERE day < $2), 0)::text AS "previousRevenue"
         FROM analytics.daily_totals WHERE user_id = $1 AND status = 'completed' AND day >= $3 AND day <= $4`,
      [userId, isoDay(start), isoDay(previousStart), isoDay(end)],
    )) as RevenueAgainstPrevious[];
    return row;
  }

  /** How many of the user's transactions since the day `since` name a customer and a country. */
  async identityCoverageSince(userId: string, since: Date): Promise<IdentityCoverage> {
    const [row] = (await this.db.query(
      `SELECT coalesce(sum(tx_count), 0)::int AS total, coalesce(sum(identified_count), 0)::int AS identified,
              coalesce(sum(tx_count) FILTER (WHERE country <> 'unknown'), 0)::int AS located
         FROM analytics.daily_channel_totals WHERE user_id = $1 AND day >= $2`,
      [userId, isoDay(since)],
    )) as IdentityCoverage[];
    return row;
  }

  /** Count and USD volume per payment method, processor and country, days [from, to]. */
  channelTotals(
    userId: string,
    from: Date,
    to: Date,
  ): Promise<{ method: string; processor: string; country: string; count: number; usd: string }[]> {
    return this.db.query(
      `SELECT payment_method AS method, processor, country, sum(tx_count)::int AS count, sum(amount_usd)::text AS usd
         FROM analytics.daily_channel_totals WHERE user_id = $1 AND day BETWEEN $2 AND $3
        GROUP BY 1, 2, 3`,
      [userId, isoDay(from), isoDay(to)],
    );
  }

  /** Cash-flow sums per period (`unit`: month, quarter, year) from `from` on. */
  async cashFlow(userId: string, unit: 'month' | 'quarter' | 'year', from: Date): Promise<CashFlowBucket[]> {
    return this.db.query(
      `WITH sales AS (
         SELECT date_trunc($2, month)::date AS start,
                sum(amount_usd) FILTER (WHERE type <> 'token') AS sales,
                sum(amount_usd) FILTER (WHERE type <> 'token' AND status = 'refunded') AS refunds,
                sum(amount_usd) FILTER (WHERE type = 'token' AND status = 'completed') AS tokens
           FROM analytics.monthly_totals
          WHERE user_id = $1 AND month >= $3 AND status IN ('completed', 'refunded')
          GROUP BY 1),
       expenses AS (
         SELECT date_trunc($2, day)::date AS start, sum(amount_usd) AS expenses
           FROM analytics.daily_expenses WHERE user_id = $1 AND day >= $3
          GROUP BY 1)
       SELECT to_char(coalesce(s.start, e.start), 'YYYY-MM-DD') AS start,
              coalesce(s.sales, 0)::text AS "salesUsd", coalesce(s.refunds, 0)::text AS "refundsUsd",
              coalesce(s.tokens, 0)::text AS "tokenUsd", coalesce(e.expenses, 0)::text AS "expensesUsd"
         FROM sales s FULL JOIN expenses e ON e.start = s.start
        ORDER BY 1`,
      [userId, unit, isoDay(from)],
    );
  }
}
