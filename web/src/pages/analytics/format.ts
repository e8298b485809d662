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
