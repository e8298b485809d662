import {
  money,
  referenceRates,
  round1,
  transactionFiguresOf,
  type ReportPeriod,
  type ReportType,
} from '@app/contracts';
import { periodLabel } from '../render/format';
import {
  summaryOf,
  type FigureRow,
  type KeyFigure,
  type ReportChart,
  type ReportDocument,
  type ReportTable,
} from '../report-document';
import { daysOf, type DateRange } from '../reports/report-period';
import type {
  BreakdownRow,
  CustomerRow,
  DayRow,
  EscrowRow,
  InvoiceTotals,
  LargeTransaction,
  ScreeningCount,
  WindowTotals,
} from './figures.repository';

/**
 * What a report says, from the figures read for its scope: the key figures (spec 3's data.summary)
 * per type, the chart, the tables and the analysts' input. Pure, so the same figures always make
 * the same document.
 */

/** The figures a summary is computed from (also read for the period before). */
export interface SummaryFigures {
  totals: WindowTotals;
  invoices: InvoiceTotals;
  breakdowns: BreakdownRow[];
  screenings: ScreeningCount[];
  escrows: EscrowRow[];
}

export interface ReportFigures extends SummaryFigures {
  daily: DayRow[];
  customers: CustomerRow[];
  largeTransactions: LargeTransaction[];
}

export interface ReportRequest {
  type: ReportType;
  period: ReportPeriod;
  dateRange: DateRange;
}

/** Customers named in a report (and given to the analysts). */
export const topCustomersLimit = 10;
/** Large transactions listed in a compliance report. */
export const largeTransactionsLimit = 25;

export const reportTypeLabels: Record<ReportType, string> = {
  financial: 'Financial',
  transaction: 'Transaction',
  compliance: 'Compliance',
  tokenization: 'Tokenization',
};

export const reportTitleOf = (type: ReportType, period: ReportPeriod): string =>
  `${reportTypeLabels[type]} Report (${periodLabel(period)})`;

export const reportFileNameOf = (report: ReportRequest, extension: string): string =>
  `${report.type}-report-${report.dateRange.from}-to-${report.dateRange.to}.${extension}`;

const usd = (key: string, label: string, value: number): KeyFigure => ({ key, label, value, format: 'usd' });
const count = (key: string, label: string, value: number): KeyFigure => ({ key, label, value, format: 'count' });
const percent = (key: string, label: string, value: number): KeyFigure => ({ key, label, value, format: 'percent' });

const rowsOf = (figures: Pick<SummaryFigures, 'breakdowns'>, dimension: BreakdownRow['dimension']) =>
  figures.breakdowns.filter((row) => row.dimension === dimension);
const countOf = (rows: { key: string; count: number }[], key: string) =>
  rows.find((row) => row.key === key)?.count ?? 0;
const recordsOf = (screenings: ScreeningCount[], of: (row: ScreeningCount) => boolean) =>
  screenings.filter(of).reduce((sum, row) => sum + row.count, 0);
const escrowsOf = (escrows: EscrowRow[], status: string) => escrows.find((row) => row.status === status)?.count ?? 0;

/**
 * The key figures of a report type. The transaction figures are the shared formula's (analytics
 * reports the same numbers); summary keys ending in Volume, Ticket, Fees or Revenue are USD, in
 * Rate percent, the rest counts (the analysts read them so).
 */
export function keyFiguresOf(type: ReportType, figures: SummaryFigures): KeyFigure[] {
  const { totals } = figures;
  const tx = transactionFiguresOf(totals);
  if (type === 'financial') {
    const paid = money(figures.invoices.paidUsd);
    const refunded = money(figures.invoices.refundedUsd);
    return [
      usd('totalVolume', 'Total volume', tx.totalVolume),
      count('totalCount', 'Transactions', tx.totalCount),
      usd('averageTicket', 'Average ticket', tx.averageTicket),
      percent('successRate', 'Success rate', tx.successRate),
      count('refundedCount', 'Refunds', totals.refunded),
      usd('refundedVolume', 'Refunded volume', money(totals.refundedUsd)),
      count('failedCount', 'Failed or cancelled', totals.failed),
      usd('subscriptionFeesPaid', 'Subscription costs paid (card and crypto)', paid),
      usd('subscriptionFeesRefunded', 'Subscription costs refunded', refunded),
      usd('netRevenue', 'Net revenue (volume less subscription costs)', money(tx.totalVolume - paid + refunded)),
    ];
  }
  if (type === 'transaction' || type === 'tokenization') {
    const noun = type === 'tokenization' ? 'Token transactions' : 'Transactions';
    return [
      count('totalCount', noun, tx.totalCount),
      count('completedCount', 'Completed', totals.completed),
      count('pendingCount', 'Pending', totals.pending),
      count('failedCount', 'Failed or cancelled', totals.failed),
      count('refundedCount', 'Refunded', totals.refunded),
      usd('totalVolume', type === 'tokenization' ? 'Token volume' : 'Total volume', tx.totalVolume),
      usd('averageTicket', 'Average ticket', tx.averageTicket),
      percent('successRate', 'Success rate', tx.successRate),
    ];
  }
  const risk = rowsOf(figures, 'risk');
  const high = countOf(risk, 'high');
  return [
    count('totalCount', 'Transactions screened', totals.total),
    count('highRiskCount', 'High risk (score 71-100)', high),
    count('mediumRiskCount', 'Medium risk (score 31-70)', countOf(risk, 'medium')),
    count('lowRiskCount', 'Low risk (score 0-30)', countOf(risk, 'low')),
    percent('highRiskRate', 'High-risk share', totals.total ? round1((high / totals.total) * 100) : 0),
    count(
      'screeningRecords',
      'Screening records',
      recordsOf(figures.screenings, () => true),
    ),
    count(
      'recordsInReview',
      'Records awaiting review',
      recordsOf(figures.screenings, (r) => r.status === 'review'),
    ),
    count(
      'largeTransactionCount',
      'Large transactions (above NZ$3,000)',
      recordsOf(figures.screenings, (r) => r.rule === 'large_transaction'),
    ),
    count('escrowsFinished', 'Escrows finished', escrowsOf(figures.escrows, 'completed')),
    count('escrowsCancelled', 'Escrows cancelled', escrowsOf(figures.escrows, 'cancelled')),
  ];
}

/** Whether anything was recorded in a period (else it has no summary to compare with). */
export const isEmpty = (figures: SummaryFigures): boolean =>
  figures.totals.total === 0 && figures.invoices.paidCount === 0 && Number(figures.invoices.refundedUsd) === 0;

/** Every day of the range, with zeros for days without transactions. */
export function dailyRowsOf(range: DateRange, daily: DayRow[]): FigureRow[] {
  const byDay = new Map(daily.map((row) => [row.day, row]));
  return daysOf(range).map((day) => {
    const row = byDay.get(day);
    return { key: day, count: row?.count ?? 0, volume: money(row?.volume) };
  });
}

/** Days for 7 and 30 days, 7-day spans for 90 (from the first day), calendar months for a year. */
export function bucketsOf(period: ReportPeriod, days: FigureRow[]): FigureRow[] {
  const bucketKey = (day: string, index: number): string => {
    if (period === '1y') return day.slice(0, 7);
    if (period === '90d') return days[index - (index % 7)]!.key;
    return day;
  };
  const buckets = new Map<string, FigureRow>();
  days.forEach((day, index) => {
    const key = bucketKey(day.key, index);
    const bucket = buckets.get(key) ?? { key, count: 0, volume: 0 };
    bucket.count += day.count;
    bucket.volume = money(bucket.volume + day.volume);
    buckets.set(key, bucket);
  });
  return [...buckets.values()];
}

const bucketNoun = (period: ReportPeriod): string =>
  period === '1y' ? 'month' : period === '90d' ? 'week (7 days from the date shown)' : 'day';

function chartOf(type: ReportType, period: ReportPeriod, buckets: FigureRow[]): ReportChart {
  const per = bucketNoun(period).split(' ')[0];
  if (type === 'transaction' || type === 'compliance') {
    const noun = type === 'compliance' ? 'Transactions screened' : 'Transactions';
    return {
      title: `${noun} per ${per}`,
      kind: 'bar',
      unit: 'count',
      points: buckets.map((b) => ({ label: b.key, value: b.count })),
    };
  }
  const noun = type === 'tokenization' ? 'Completed token volume' : 'Completed volume';
  return {
    title: `${noun} per ${per} (USD)`,
    kind: 'bar',
    unit: 'usd',
    points: buckets.map((b) => ({ label: b.key, value: b.volume })),
  };
}

const label = (key: string): string => (key ? key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ') : key);

function breakdownTable(title: string, column: string, rows: BreakdownRow[], volumeColumn: string): ReportTable {
  return {
    title,
    columns: [column, 'Transactions', volumeColumn],
    rows: rows.map((row) => [row.key, row.count, money(row.volume)]),
  };
}

const completedVolume = 'Completed volume (USD)';

function financialTables(figures: ReportFigures, period: ReportPeriod, buckets: FigureRow[]): ReportTable[] {
  const paid = money(figures.invoices.paidUsd);
  const refunded = money(figures.invoices.refundedUsd);
  return [
    {
      title: `Volume by ${bucketNoun(period)}`,
      columns: [label(bucketNoun(period).split(' ')[0]!), 'Transactions', completedVolume],
      rows: buckets.map((b) => [b.key, b.count, b.volume]),
    },
    breakdownTable('By processor', 'Processor', rowsOf(figures, 'processor'), completedVolume),
    breakdownTable('By payment method', 'Payment method', rowsOf(figures, 'method'), completedVolume),
    {
      title: 'Subscription costs (paid to the platform, by card or crypto)',
      columns: ['Item', 'Value'],
      rows: [
        ['Payments', figures.invoices.paidCount],
        ['Paid (USD)', paid],
        ['Refunded (USD)', refunded],
        ['Net cost (USD)', money(paid - refunded)],
      ],
    },
    {
      title: `Largest customers (at most ${topCustomersLimit})`,
      columns: ['Customer', 'Transactions', completedVolume],
      rows: figures.customers.map((c) => [c.customer, c.count, money(c.volume)]),
    },
  ];
}

function transactionTables(figures: ReportFigures, days: FigureRow[]): ReportTable[] {
  return [
    breakdownTable(
      'By status',
      'Status',
      rowsOf(figures, 'status').map((row) => ({ ...row, key: label(row.key) })),
      'Volume (USD)',
    ),
    breakdownTable('By payment method', 'Payment method', rowsOf(figures, 'method'), completedVolume),
    breakdownTable('By processor', 'Processor', rowsOf(figures, 'processor'), completedVolume),
    breakdownTable('By country', 'Country', rowsOf(figures, 'country'), completedVolume),
    breakdownTable(
      'By type',
      'Type',
      rowsOf(figures, 'type').map((row) => ({ ...row, key: label(row.key) })),
      completedVolume,
    ),
    {
      title: 'Daily',
      columns: ['Day', 'Transactions', completedVolume],
      rows: days.map((d) => [d.key, d.count, d.volume]),
    },
  ];
}

const ruleLabels: Record<string, string> = {
  large_transaction: 'Large transaction (above NZ$3,000)',
  enhanced_due_diligence: 'Enhanced due diligence (above NZ$10,000)',
  travel_rule: 'Travel rule (virtual assets from NZ$1,000)',
  structuring: 'Structuring band (NZ$2,700-3,000)',
};

function complianceTables(figures: ReportFigures): ReportTable[] {
  const total = figures.totals.total;
  const risk = rowsOf(figures, 'risk');
  const rules = [...new Set(figures.screenings.map((row) => row.rule))];
  return [
    {
      title: 'Transactions by AML risk level',
      columns: ['Risk level', 'Transactions', 'Share (%)'],
      rows: (['high', 'medium', 'low'] as const).map((level) => {
        const n = countOf(risk, level);
        return [label(level), n, total ? round1((n / total) * 100) : 0];
      }),
    },
    {
      title: 'Screening records by rule',
      columns: ['Rule', 'Records', 'Awaiting review', 'Cleared'],
      rows: rules.map((rule) => [
        ruleLabels[rule] ?? rule,
        recordsOf(figures.screenings, (r) => r.rule === rule),
        recordsOf(figures.screenings, (r) => r.rule === rule && r.status === 'review'),
        recordsOf(figures.screenings, (r) => r.rule === rule && r.status === 'cleared'),
      ]),
    },
    {
      title: `Largest screened transactions (at most ${largeTransactionsLimit})`,
      columns: ['Date', 'Transaction', 'Processor', 'Amount', 'Currency', 'USD', 'Status', 'Risk', 'Review'],
      rows: figures.largeTransactions.map((t) => [
        new Date(t.occurredAt).toISOString().slice(0, 10),
        t.sourceId.replace(/^(charge|escrow):/, ''),
        t.processor,
        t.currency === 'XRP' ? Number(t.amount).toFixed(6) : Number(t.amount).toFixed(2),
        t.currency,
        t.amountUsd === null ? 'n/a' : money(t.amountUsd),
        label(t.status),
        label(t.riskLevel),
        label(t.reviewStatus),
      ]),
    },
    {
      title: 'XRP Ledger escrows',
      columns: ['Status', 'Escrows', 'XRP'],
      rows: figures.escrows.map((e) => [
        e.status === 'completed' ? 'Finished' : label(e.status),
        e.count,
        Number(e.amount).toFixed(6),
      ]),
    },
  ];
}

function tokenizationTables(figures: ReportFigures, buckets: FigureRow[], period: ReportPeriod): ReportTable[] {
  if (figures.totals.total === 0) return [];
  return [
    breakdownTable('Token transactions by processor', 'Processor', rowsOf(figures, 'processor'), completedVolume),
    {
      title: `Token volume by ${bucketNoun(period)}`,
      columns: [label(bucketNoun(period).split(' ')[0]!), 'Transactions', completedVolume],
      rows: buckets.map((b) => [b.key, b.count, b.volume]),
    },
  ];
}

/** What the reader should know to read the figures right; said, never hidden. */
function notesOf(type: ReportType, figures: ReportFigures): ReportTable {
  const notes = [
    `Amounts in other currencies are in USD at the reference rates of ${referenceRates.asOf} (${referenceRates.source.publisher}, ${referenceRates.source.title}).`,
    'XRP has no USD reference rate: XRP transactions count in transaction counts but not in USD volumes.',
    'Total volume is completed sales in USD; a sale refunded since no longer counts. Success rate is the share of completed, refunded and failed transactions that completed.',
  ];
  if (type === 'tokenization' && figures.totals.total === 0)
    notes.unshift(
      'No token transactions were recorded in this period: the figures are zero because there is nothing to count, not because data is missing from the report.',
    );
  if (type === 'compliance')
    notes.push(
      "Risk levels and screening records follow the platform's AML rules (thresholds in NZ$): the same rules as the compliance screen.",
    );
  return { title: 'Notes', columns: ['Note'], rows: notes.map((note) => [note]) };
}

export function buildReportDocument(
  report: ReportRequest & { title: string },
  figures: ReportFigures,
  previous: SummaryFigures,
  preparedFor: string,
  generatedAt: Date,
): ReportDocument {
  const keyFigures = keyFiguresOf(report.type, figures);
  const days = dailyRowsOf(report.dateRange, figures.daily);
  const buckets = bucketsOf(report.period, days);
  const tables =
    report.type === 'financial'
      ? financialTables(figures, report.period, buckets)
      : report.type === 'transaction'
        ? transactionTables(figures, days)
        : report.type === 'compliance'
          ? complianceTables(figures)
          : tokenizationTables(figures, buckets, report.period);
  return {
    title: report.title,
    type: report.type,
    period: report.period,
    dateRange: report.dateRange,
    generatedAt: generatedAt.toISOString(),
    preparedFor,
    keyFigures,
    chart: chartOf(report.type, report.period, buckets),
    tables: [...tables, notesOf(report.type, figures)],
    analysisInput: {
      type: report.type,
      period: report.period,
      dateRange: report.dateRange,
      summary: summaryOf({ keyFigures }),
      previousSummary: isEmpty(previous) ? null : summaryOf({ keyFigures: keyFiguresOf(report.type, previous) }),
      daily: days,
      byProcessor: rowsOf(figures, 'processor').map((row) => ({
        key: row.key,
        count: row.count,
        volume: money(row.volume),
      })),
      byCustomer: figures.customers.map((c) => ({ key: c.customer, count: c.count, volume: money(c.volume) })),
    },
  };
}
