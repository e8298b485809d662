import { Injectable } from '@nestjs/common';
import { reportingCurrency, type CashFlow, type CashFlowPeriod, type CashFlowPeriodKind } from '@app/contracts';
import { addDays, addMonths, isoDay, money, monthStart } from './calendar';
import { RollupsRepository, type CashFlowBucket } from './rollups.repository';

const spans: Record<CashFlowPeriodKind, { unit: 'month' | 'quarter' | 'year'; months: number; count: number }> = {
  monthly: { unit: 'month', months: 1, count: 12 },
  quarterly: { unit: 'quarter', months: 3, count: 8 },
  yearly: { unit: 'year', months: 12, count: 5 },
};

const labelOf = (start: Date, kind: CashFlowPeriodKind): string => {
  const year = start.getUTCFullYear();
  if (kind === 'yearly') return String(year);
  if (kind === 'quarterly') return `${year}-Q${Math.floor(start.getUTCMonth() / 3) + 1}`;
  return isoDay(start).slice(0, 7);
};

/** The first day of the period holding `date`. */
const periodStart = (date: Date, months: number): Date => {
  const first = monthStart(date);
  return addMonths(first, -(first.getUTCMonth() % months));
};

/**
 * Cash flow per period from the rollups (docs/analytics.md, cash flow): revenue = sales received
 * (fiat and priced crypto, completed or later refunded), operations = refunds paid back,
 * expenses = platform subscription invoices net of their refunds; token purchases are investing.
 */
export function cashFlowPeriodOf(
  bucket: Omit<CashFlowBucket, 'start'>,
  start: Date,
  kind: CashFlowPeriodKind,
): CashFlowPeriod {
  const revenue = money(bucket.salesUsd);
  const refunds = money(bucket.refundsUsd);
  const expenses = money(bucket.expensesUsd);
  const tokens = money(bucket.tokenUsd);
  const operating = money(revenue - refunds - expenses);
  const investing = money(-tokens);
  return {
    period: labelOf(start, kind),
    start: isoDay(start),
    end: isoDay(addDays(addMonths(start, spans[kind].months), -1)),
    inflow: revenue,
    outflow: money(refunds + expenses + tokens),
    netFlow: money(operating + investing),
    operatingCashFlow: operating,
    investingCashFlow: investing,
    financingCashFlow: 0,
    categories: { revenue, operations: refunds, expenses },
  };
}

@Injectable()
export class CashFlowService {
  constructor(private readonly rollups: RollupsRepository) {}

  /** The last 12 months, 8 quarters or 5 years (current included), from the first with activity. */
  async cashFlow(userId: string, kind: CashFlowPeriodKind, now = new Date()): Promise<CashFlow> {
    const span = spans[kind];
    const current = periodStart(now, span.months);
    const first = addMonths(current, -span.months * (span.count - 1));
    const buckets = await this.rollups.cashFlow(userId, span.unit, first);
    const byStart = new Map(buckets.map((bucket) => [bucket.start, bucket]));
    const periods: CashFlowPeriod[] = [];
    for (let i = 0; i < span.count; i++) {
      const start = addMonths(first, span.months * i);
      const bucket = byStart.get(isoDay(start));
      if (!bucket && periods.length === 0) continue;
      periods.push(
        cashFlowPeriodOf(bucket ?? { salesUsd: '0', refundsUsd: '0', tokenUsd: '0', expensesUsd: '0' }, start, kind),
      );
    }
    return { period: kind, currency: reportingCurrency, periods };
  }
}
