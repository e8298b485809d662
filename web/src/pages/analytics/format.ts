import type { BusinessMetric } from '@app/contracts';
import { formatCompactMoney, formatCount } from '../../lib/format';

/** 12.5 -> "12.5%"; one decimal. */
export const formatPercent = (value: number, decimals = 1): string => `${value.toFixed(decimals)}%`;

/** A change with its sign: "+12.5%", "-3.0%", "0.0%". */
export const formatChange = (value: number, unit = '%'): string => `${value > 0 ? '+' : ''}${value.toFixed(1)}${unit}`;

/** Spec 9: scores out of 5.0, "2.4 / 5.0". */
export const formatScore = (score: number): string => `${score.toFixed(1)} / 5.0`;

/** A business metric's figure in its unit: money as K/M, counts with separators, percentages. */
export function formatMetricValue(value: number, unit: BusinessMetric['unit'], currency: string): string {
  if (unit === 'USD') return formatCompactMoney(value, currency);
  if (unit === '%') return formatPercent(value);
  return formatCount(value);
}

const axisDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A day on a chart's axis, short: "2026-11-03" -> "3 Nov". */
export const formatAxisDay = (isoDay: string): string => {
  const day = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? isoDay : axisDay.format(day);
};

/** How many day labels a daily axis draws at most: "30 Nov" seven times fits a phone-wide card. */
export const dailyAxisLabels = 7;

/**
 * Which of an axis' `count` labels are drawn so that at most `max` are, evenly spaced and counted
 * back from the last (today is always labelled): 90 daily labels side by side overlap, every 13th
 * does not.
 */
export function everyNthLabel(count: number, max: number): (index: number) => boolean {
  const step = Math.max(1, Math.ceil(count / Math.max(1, max)));
  return (index) => (count - 1 - index) % step === 0;
}
