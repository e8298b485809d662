import { Injectable } from '@nestjs/common';
import {
  reportingCurrency,
  transactionFiguresOf,
  type BusinessMetric,
  type BusinessMetrics,
  type MetricPeriod,
  type PeriodTotals,
} from '@app/contracts';
import { addDays, addMonths, daysBetween, monthStart, percentChange, utcDay, weekStart } from './calendar';
import { CustomersRepository } from './customers.repository';
import { RollupsRepository } from './rollups.repository';

export interface Window {
  from: Date;
  /** Inclusive last day. */
  to: Date;
}

/**
 * The current period so far (today included) and the same number of days at the start of the
 * period before: today vs yesterday, this ISO week vs last week's first days, month to date vs
 * the previous month's first days.
 */
export function windowsOf(period: MetricPeriod, now: Date): { current: Window; previous: Window } {
  const today = utcDay(now);
  if (period === 'daily')
    return { current: { from: today, to: today }, previous: { from: addDays(today, -1), to: addDays(today, -1) } };
  const start = period === 'weekly' ? weekStart(now) : monthStart(now);
  const previousStart = period === 'weekly' ? addDays(start, -7) : addMonths(start, -1);
  const elapsed = daysBetween(start, today);
  const previousEnd = addDays(previousStart, elapsed);
  return {
    current: { from: start, to: today },
    // A longer month before a shorter one is cut at its own end.
    previous: { from: previousStart, to: previousEnd < start ? previousEnd : addDays(start, -1) },
  };
}

export interface MetricInputs {
  totals: PeriodTotals;
  activeCustomers: number;
  newCustomers: number;
}

/** The metrics and their target formulas (docs/analytics.md, business metrics). */
export function metricsOf(period: MetricPeriod, current: MetricInputs, previous: MetricInputs): BusinessMetric[] {
  const figures = (m: MetricInputs) => {
    const { totalVolume, totalCount, averageTicket, successRate, refundRate } = transactionFiguresOf(m.totals);
    return {
      revenue: totalVolume,
      transactions: totalCount,
      averageTicket,
      successRate,
      refundRate,
      activeCustomers: m.activeCustomers,
      newCustomers: m.newCustomers,
    };
  };
  const now = figures(current);
  const before = figures(previous);
  const metric = (
    id: keyof typeof now,
    name: string,
    unit: BusinessMetric['unit'],
    category: BusinessMetric['category'],
    better: BusinessMetric['better'] = 'higher',
  ): BusinessMetric => ({
    id: `${period}_${id}`,
    name,
    value: now[id],
    previousValue: before[id],
    // Only a target the merchant set is shown; none can be set yet.
    target: null,
    targetBasis: null,
    better,
    unit,
    changeType: now[id] >= before[id] ? 'increase' : 'decrease',
    changePercent: percentChange(now[id], before[id]),
    category,
  });
  return [
    metric('revenue', 'Revenue', 'USD', 'revenue'),
    metric('averageTicket', 'Average transaction value', 'USD', 'revenue'),
    metric('transactions', 'Transactions', 'count', 'operational'),
    metric('successRate', 'Payment success rate', '%', 'operational'),
    metric('refundRate', 'Refund rate', '%', 'operational', 'lower'),
    metric('activeCustomers', 'Active customers', 'users', 'customer'),
    metric('newCustomers', 'New customers', 'users', 'growth'),
  ];
}

@Injectable()
export class BusinessMetricsService {
  constructor(
    private readonly rollups: RollupsRepository,
    private readonly customers: CustomersRepository,
  ) {}

  /** Totals from the daily rollup, customers from the per-customer rollup (one read for the six windows). */
  async metrics(userId: string, now = new Date()): Promise<BusinessMetrics> {
    const periods = (['daily', 'weekly', 'monthly'] as const).map((period) => ({ period, ...windowsOf(period, now) }));
    const windows = periods.flatMap(({ current, previous }) => [current, previous]);
    const [totals, customers] = await Promise.all([
      this.rollups.periodTotalsOf(userId, windows),
      this.customers.activeAndNew(
        userId,
        now,
        windows.map((w) => ({ from: w.from, before: addDays(w.to, 1) })),
      ),
    ]);
    const inputs = (i: number): MetricInputs => ({
      totals: totals[i],
      activeCustomers: customers[i].active,
      newCustomers: customers[i].new,
    });
    const [daily, weekly, monthly] = periods.map(({ period }, p) =>
      metricsOf(period, inputs(2 * p), inputs(2 * p + 1)),
    );
    return { daily, weekly, monthly, currency: reportingCurrency };
  }
}
