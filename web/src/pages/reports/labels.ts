import type { ReportAnalysis, ReportPeriod, ReportStatus, ReportType } from '@app/contracts';
import { formatCount, formatMoney, humanize } from '../../lib/format';
import { formatPercent } from '../analytics/format';

/** Spec 9's report types and periods, as the selects and the list show them. */
export const reportTypeLabels: Record<ReportType, string> = {
  financial: 'Financial',
  compliance: 'Compliance',
  transaction: 'Transaction',
  tokenization: 'Tokenization',
};

export const reportPeriodLabels: Record<ReportPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last 12 months',
};

export const reportStatusLabels: Record<ReportStatus, string> = {
  queued: 'Queued',
  generating: 'Generating',
  completed: 'Completed',
  failed: 'Failed',
};

export const reportStatusColors: Record<ReportStatus, string> = {
  queued: 'default',
  generating: 'processing',
  completed: 'success',
  failed: 'error',
};

export const analystLabels: Record<ReportAnalysis['generatedBy'], string> = {
  openai: 'AI model',
  builtin: 'Built-in analyst',
};

type FigureFormat = 'usd' | 'count' | 'percent';

/** The summary keys the reports are known to carry; any other key is labelled and formatted from its name. */
const knownFigures: Record<string, { label: string; format: FigureFormat }> = {
  totalVolume: { label: 'Total volume', format: 'usd' },
  totalCount: { label: 'Transactions', format: 'count' },
  averageTicket: { label: 'Average ticket', format: 'usd' },
  successRate: { label: 'Success rate', format: 'percent' },
  subscriptionFeesPaid: { label: 'Subscription costs paid (card and crypto)', format: 'usd' },
  subscriptionFeesRefunded: { label: 'Subscription costs refunded', format: 'usd' },
  netRevenue: { label: 'Net revenue (volume less subscription costs)', format: 'usd' },
};

/** A name ending in Rate or Percent is a percentage (0-100), one ending in Count a count; else money words. */
function formatFromKey(key: string): FigureFormat {
  if (/(rate|percent|percentage|share)$/i.test(key)) return 'percent';
  if (/(count|number)$/i.test(key)) return 'count';
  if (/(volume|amount|revenue|value|ticket|fees?|usd|net|paid|refunded|costs?)$/i.test(key)) return 'usd';
  return 'count';
}

/** "refundedVolume" -> "Refunded volume". */
export function figureLabel(key: string): string {
  return knownFigures[key]?.label ?? humanize(key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());
}

/** Money in USD, counts with separators, percentages to one decimal. */
export function formatFigure(key: string, value: number): string {
  const format = knownFigures[key]?.format ?? formatFromKey(key);
  if (format === 'usd') return formatMoney(value, 'USD');
  if (format === 'percent') return formatPercent(value);
  return formatCount(value);
}

// Report days are UTC days: formatted in UTC so a viewer west of Greenwich does not see the day before.
const utcDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Nov 1, 2026 – Nov 30, 2026" from the report's YYYY-MM-DD days. */
export function formatDateRange({ from, to }: { from: string; to: string }): string {
  const day = (value: string) => {
    const date = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? value : utcDay.format(date);
  };
  return `${day(from)} – ${day(to)}`;
}
