import { Injectable } from '@nestjs/common';
import {
  reportingCurrency,
  transactionFiguresOf,
  type BreakdownRow,
  type ChartRange,
  type DashboardStats,
  type TransactionSummary,
  type TransactionVolume,
} from '@app/contracts';
import { addDays, isoDay, money, monthStart, utcDay } from '../insights/calendar';
import { RollupsRepository } from '../insights/rollups.repository';
import { dashboardRiskOf, overallRiskOf, riskMetricsOf } from '../insights/risk-model';

const rangeDays: Record<ChartRange, number> = { '7d': 7, '30d': 30, '90d': 90 };

@Injectable()
export class DashboardService {
  constructor(private readonly rollups: RollupsRepository) {}

  /** Read from the rollups (and the token rows, for properties) in one query (docs/analytics.md). */
  async stats(userId: string, now = new Date()): Promise<DashboardStats> {
    const figures = await this.rollups.dashboard(userId, now, monthStart(now));
    const risk = dashboardRiskOf(overallRiskOf(riskMetricsOf(figures)), figures.reviews);
    return {
      totalPortfolio: money(figures.portfolio),
      tokenizedProperties: figures.properties,
      monthlyVolume: money(figures.month),
      riskScore: risk.riskScore,
      riskLevel: risk.riskLevel,
      amlReviewsOpen: figures.reviews,
      month: isoDay(now).slice(0, 7),
      currency: reportingCurrency,
    };
  }

  /** One point per UTC day of the range, today included, oldest first. */
  async volume(userId: string, range: ChartRange, now = new Date()): Promise<TransactionVolume> {
    const to = utcDay(now);
    const from = addDays(to, 1 - rangeDays[range]);
    const rows = await this.rollups.dailyVolume(userId, from, to);
    const points = Array.from({ length: rangeDays[range] }, (_, i) => ({
      date: isoDay(addDays(from, i)),
      fiat: 0,
      crypto: 0,
      token: 0,
    }));
    const byDate = new Map(points.map((point) => [point.date, point]));
    for (const row of rows) {
      const point = byDate.get(row.day);
      if (point && (row.type === 'fiat' || row.type === 'crypto' || row.type === 'token'))
        point[row.type] = money(row.usd);
    }
    return { range, currency: reportingCurrency, points };
  }

  async summary(userId: string, range: ChartRange, now = new Date()): Promise<TransactionSummary> {
    const to = utcDay(now);
    const from = addDays(to, 1 - rangeDays[range]);
    const [totals, breakdown, detail] = await Promise.all([
      this.rollups.periodTotals(userId, from, to),
      this.rollups.breakdown(userId, from, to),
      this.rollups.channelTotals(userId, from, to),
    ]);
    const group = <T>(rows: T[], keyOf: (row: T) => string, count: (row: T) => number, usd: (row: T) => string) => {
      const map = new Map<string, { count: number; volume: number }>();
      for (const row of rows) {
        const entry = map.get(keyOf(row)) ?? { count: 0, volume: 0 };
        entry.count += count(row);
        entry.volume += Number(usd(row) ?? 0);
        map.set(keyOf(row), entry);
      }
      return [...map]
        .map(([key, v]): BreakdownRow => ({ key, count: v.count, volume: money(v.volume) }))
        .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
    };
    const { totalCount, totalVolume, averageTicket, successRate } = transactionFiguresOf(totals);
    return {
      range,
      currency: reportingCurrency,
      totalCount,
      totalVolume,
      averageTicket,
      successRate,
      byStatus: group(
        breakdown,
        (r) => r.status,
        (r) => r.count,
        (r) => r.usd,
      ),
      byType: group(
        breakdown,
        (r) => r.type,
        (r) => r.count,
        (r) => r.usd,
      ),
      byPaymentMethod: group(
        detail,
        (r) => r.method,
        (r) => r.count,
        (r) => r.usd,
      ),
      byProcessor: group(
        detail,
        (r) => r.processor,
        (r) => r.count,
        (r) => r.usd,
      ),
      byCountry: group(
        detail,
        (r) => r.country,
        (r) => r.count,
        (r) => r.usd,
      ),
    };
  }
}
