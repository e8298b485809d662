import { reportPeriodDays, type ReportPeriod } from '@app/contracts';
import type { KeyFigure } from '../report-document';

/**
 * How a report writes its figures, the same in the PDF and in the analysis: US English, USD with
 * thousands separators and cents, counts whole, percentages (0-100) to one decimal.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const formatFigure = (value: number, format: KeyFigure['format']): string =>
  format === 'usd' ? usd.format(value) : format === 'count' ? count.format(value) : `${percent.format(value)}%`;

/** A table cell: text as it is, numbers with separators, with two decimals in a column of amounts. */
export const formatCell = (value: string | number, amounts: boolean): string =>
  typeof value === 'string' ? value : amounts || !Number.isInteger(value) ? decimal.format(value) : count.format(value);

/** A column of amounts: its header says USD, or one of its numbers has a fraction. */
export const isAmountColumn = (column: string, values: (string | number | undefined)[]): boolean =>
  /\bUSD\b/.test(column) || values.some((value) => typeof value === 'number' && !Number.isInteger(value));

export const periodLabel = (period: ReportPeriod): string =>
  period === '1y' ? 'Last 12 months' : `Last ${reportPeriodDays[period]} days`;

/** "2025-03-01 09:30 UTC": reports are computed over UTC days, so they state their times in UTC. */
export const formatTimestamp = (iso: string): string => {
  const utc = new Date(iso).toISOString();
  return `${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC`;
};
