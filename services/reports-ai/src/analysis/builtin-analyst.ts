import { Injectable } from '@nestjs/common';
import { levelOfScore, type ReportAnalysis, type RiskLevel } from '@app/contracts';
import type { AnalysisInput, FigureRow, KeyFigure } from '../report-document';
import { formatFigure } from '../render/format';
import type { ReportAnalyst } from './analysis-port';

/** A change within ±2% of the period before is "stable": ordinary noise between periods, not a trend. */
export const STABLE_BAND_PERCENT = 2;
/** A change of 20% or more matters to the business (high significance); 5% or more is worth a look (medium). */
export const HIGH_CHANGE_PERCENT = 20;
export const MEDIUM_CHANGE_PERCENT = 5;
/** Over half the volume through one processor: an outage, a hold or a reserve there stops most takings. */
export const PROCESSOR_CONCENTRATION_LIMIT = 50;
/** One customer above 30% of the volume: losing them, or a dispute with them, would cut a third of the takings. */
export const CUSTOMER_CONCENTRATION_LIMIT = 30;
/** Refunds above 5% of transactions usually point at a product, delivery or fraud problem, and draw acquirers' attention. */
export const REFUND_RATE_LIMIT = 5;
/** Over 10% of transactions failing is more than ordinary card declines: usually an integration or processor problem. */
export const FAILURE_RATE_LIMIT = 10;
/** Volume down by more than 20% on the period before: a drop the business should be able to explain. */
export const VOLUME_DROP_LIMIT = 20;
/** A day more than 3 standard deviations from the period's daily mean is unusual. */
export const UNUSUAL_DAY_DEVIATIONS = 3;
/**
 * With n days no day can be more than (n-1)/√n deviations from the mean (under 3 for n < 11), so
 * periods shorter than two weeks compare each day with the median day instead.
 */
export const MIN_DAYS_FOR_DEVIATIONS = 14;
/** In those short periods a day above 3 times the median day is unusual. */
export const UNUSUAL_DAY_MEDIAN_MULTIPLE = 3;
/** Unusual days named in a statement; the rest are counted. */
const UNUSUAL_DAYS_NAMED = 3;

/** The summary keys the rules read (the worker's names; the analytics service's where it has one). */
export const figureKeys = {
  volume: 'totalVolume',
  count: 'totalCount',
  refunded: 'refundedCount',
  failed: 'failedCount',
  inReview: 'recordsInReview',
} as const;

/**
 * Each factor's points towards the 0-100 risk score (the sum, capped at 100): the score is the
 * factors, nothing else, so a reader can check it against the figures.
 */
export const factorWeights = {
  processorConcentration: 30,
  customerConcentration: 20,
  refundRate: 25,
  failureRate: 20,
  unusualDays: 15,
  volumeDrop: 15,
  reviewBacklog: 20,
} as const;
type FactorName = keyof typeof factorWeights;

/**
 * How a summary key is written: AnalysisInput carries numbers only, so the worker's naming tells
 * (generation/report-content.ts): Volume, Ticket, Fees or Revenue in the key is USD, a Rate at its
 * end a percentage (0-100), anything else a count.
 */
export const formatOfKey = (key: string): KeyFigure['format'] =>
  /rate$/i.test(key) ? 'percent' : /(volume|ticket|fees|revenue)/i.test(key) ? 'usd' : 'count';

/** "totalVolume" → "Total volume": the metric's name in the analysis. */
export const metricName = (key: string): string => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const figure = (key: string, value: number) => formatFigure(value, formatOfKey(key));
const share = (value: number) => formatFigure(value, 'percent');

interface Trend {
  trend: 'up' | 'down' | 'stable';
  /** Percent against the period before; null without one, or when it was zero. */
  change: number | null;
  previous: number | undefined;
}

function trendOf(current: number, previous: number | undefined): Trend {
  if (previous === undefined) return { trend: 'stable', change: null, previous };
  if (previous === 0) return { trend: current > 0 ? 'up' : current < 0 ? 'down' : 'stable', change: null, previous };
  const change = ((current - previous) / Math.abs(previous)) * 100;
  const trend = change > STABLE_BAND_PERCENT ? 'up' : change < -STABLE_BAND_PERCENT ? 'down' : 'stable';
  return { trend, change, previous };
}

interface Factor {
  name: FactorName;
  /** The risk factor as the analysis states it, naming its figures. */
  statement: string;
  /** What to do about it; a recommendation exists only because its factor triggered. */
  recommendation: string;
  /** Summary keys behind the factor: their metrics become highly significant. */
  keys: string[];
}

const sum = (rows: FigureRow[], of: (row: FigureRow) => number) => rows.reduce((total, row) => total + of(row), 0);
const largest = (rows: FigureRow[]) => rows.reduce((top, row) => (row.volume > top.volume ? row : top), rows[0]!);

/**
 * The analysis without a model: every statement is computed from the report's figures and names
 * them (trend against the period before, concentration by processor and customer, refund and
 * failure rates, unusual days), the risk score is the sum of the triggered factors' weights, and
 * each recommendation answers one factor. The same figures always give the same analysis.
 */
@Injectable()
export class BuiltinAnalyst implements ReportAnalyst {
  analyze(input: AnalysisInput): Promise<ReportAnalysis> {
    return Promise.resolve(analyseFigures(input));
  }
}

export function analyseFigures(input: AnalysisInput, now = new Date()): ReportAnalysis {
  const { summary, previousSummary } = input;
  const keys = Object.keys(summary);
  const trends = new Map(keys.map((key) => [key, trendOf(summary[key]!, previousSummary?.[key])]));
  const insights: string[] = [];
  const factors: Factor[] = [];
  const breakdowns = new Set<'daily' | 'byProcessor' | 'byCustomer'>();

  // Trends against the period of the same length just before.
  if (previousSummary === null) {
    insights.push(
      `No earlier period: nothing was recorded in the ${input.daily.length} days before ${input.dateRange.from}, so no figure has a trend.`,
    );
  } else {
    const stable: string[] = [];
    for (const [key, { trend, change, previous }] of trends) {
      if (previous === undefined) continue;
      const verb = trend === 'up' ? 'rose' : 'fell';
      const fromTo = `from ${figure(key, previous)} to ${figure(key, summary[key]!)}`;
      if (trend === 'stable') stable.push(metricName(key).toLowerCase());
      else if (change === null) insights.push(`${metricName(key)} ${verb} ${fromTo}.`);
      else insights.push(`${metricName(key)} ${verb} ${share(Math.abs(change))} on the period before, ${fromTo}.`);
    }
    if (stable.length > 0)
      insights.push(`Stable within ±${STABLE_BAND_PERCENT}% of the period before: ${stable.join(', ')}.`);
    const volume = trends.get(figureKeys.volume);
    if (volume?.change !== null && volume?.change !== undefined && volume.change < -VOLUME_DROP_LIMIT) {
      const drop = share(-volume.change);
      const detail = `from ${figure(figureKeys.volume, volume.previous!)} to ${figure(figureKeys.volume, summary[figureKeys.volume]!)}`;
      factors.push({
        name: 'volumeDrop',
        statement: `Volume drop: total volume fell ${drop} on the period before (${detail}), more than ${VOLUME_DROP_LIMIT}%.`,
        recommendation: `Find out why total volume fell ${drop} (${detail}): lost customers, a processor problem or a seasonal dip.`,
        keys: [figureKeys.volume],
      });
    }
  }

  // Concentration: the largest processor's share of the processors' volume, the largest
  // customer's share of the period's volume (byCustomer holds only the top customers).
  const processorTotal = sum(input.byProcessor, (row) => row.volume);
  if (input.byProcessor.length > 0 && processorTotal > 0) {
    breakdowns.add('byProcessor');
    const top = largest(input.byProcessor);
    const topShare = (top.volume / processorTotal) * 100;
    const detail = `${figure('volume', top.volume)} of ${figure('volume', processorTotal)}`;
    insights.push(
      `The largest processor, ${top.key}, carried ${share(topShare)} of the volume (${detail}) across ${input.byProcessor.length} processor${input.byProcessor.length === 1 ? '' : 's'}.`,
    );
    if (topShare > PROCESSOR_CONCENTRATION_LIMIT)
      factors.push({
        name: 'processorConcentration',
        statement: `Processor concentration: ${top.key} carried ${share(topShare)} of the volume (${detail}), above ${PROCESSOR_CONCENTRATION_LIMIT}%.`,
        recommendation: `Connect a second processor and route part of the volume through it: ${top.key} carries ${share(topShare)}, so an outage or a hold there would stop most of the takings.`,
        keys: [],
      });
  }
  const periodVolume = sum(input.daily, (row) => row.volume);
  // Never below the listed customers' own sum, so a share cannot pass 100%.
  const customerTotal = Math.max(
    periodVolume,
    sum(input.byCustomer, (row) => row.volume),
  );
  if (input.byCustomer.length > 0 && customerTotal > 0) {
    breakdowns.add('byCustomer');
    if (periodVolume > 0) breakdowns.add('daily');
    const top = largest(input.byCustomer);
    const topShare = (top.volume / customerTotal) * 100;
    const detail = `${figure('volume', top.volume)} of ${figure('volume', customerTotal)}`;
    insights.push(`The largest customer, ${top.key}, accounted for ${share(topShare)} of the volume (${detail}).`);
    if (topShare > CUSTOMER_CONCENTRATION_LIMIT)
      factors.push({
        name: 'customerConcentration',
        statement: `Customer concentration: ${top.key} accounted for ${share(topShare)} of the volume (${detail}), above ${CUSTOMER_CONCENTRATION_LIMIT}%.`,
        recommendation: `Reduce the dependence on ${top.key} (${share(topShare)} of the volume): losing this customer or a dispute with them would cut the takings by that much.`,
        keys: [],
      });
  }

  // Refund and failure rates, as shares of all the period's transactions.
  const count = summary[figureKeys.count];
  if (count === 0) insights.push('No transactions were recorded in this period (total count 0).');
  for (const rate of [
    { name: 'refundRate', key: figureKeys.refunded, limit: REFUND_RATE_LIMIT, noun: 'refunded' },
    { name: 'failureRate', key: figureKeys.failed, limit: FAILURE_RATE_LIMIT, noun: 'failed' },
  ] as const) {
    const part = summary[rate.key];
    if (part === undefined || count === undefined || count <= 0) continue;
    const value = (part / count) * 100;
    const detail = `${figure(rate.key, part)} of ${figure(figureKeys.count, count)} transactions`;
    insights.push(`${share(value)} of the transactions were ${rate.noun} (${detail}).`);
    if (value <= rate.limit) continue;
    factors.push(
      rate.name === 'refundRate'
        ? {
            name: rate.name,
            statement: `Refund rate: ${share(value)} of the transactions were refunded (${detail}), above ${rate.limit}%.`,
            recommendation: `Review why ${detail} were refunded (${share(value)}): a rate above ${rate.limit}% usually points at a product, delivery or fraud problem.`,
            keys: [rate.key, figureKeys.count],
          }
        : {
            name: rate.name,
            statement: `Failure rate: ${share(value)} of the transactions failed (${detail}), above ${rate.limit}%.`,
            recommendation: `Look into the ${figure(rate.key, part)} failed transactions (${share(value)}): check the decline reasons by processor and the integration's errors.`,
            keys: [rate.key, figureKeys.count],
          },
    );
  }

  // Compliance: every screening record still awaiting review is an open AML obligation.
  const inReview = summary[figureKeys.inReview];
  if (inReview !== undefined && inReview > 0) {
    const records = `${figure(figureKeys.inReview, inReview)} screening record${inReview === 1 ? '' : 's'}`;
    factors.push({
      name: 'reviewBacklog',
      statement: `Review backlog: ${records} of the period still ${inReview === 1 ? 'awaits' : 'await'} review.`,
      recommendation: `Review the ${records} awaiting review on the compliance screen, clearing or escalating each.`,
      keys: [figureKeys.inReview],
    });
  }

  // Unusual days: far from the period's daily mean, or (short periods) far above the median day.
  const unusual = unusualDays(input.daily);
  if (unusual) {
    breakdowns.add('daily');
    const named = unusual.days
      .slice(0, UNUSUAL_DAYS_NAMED)
      .map((day) => `${day.key} (${figure('volume', day.volume)})`)
      .join(', ');
    const more =
      unusual.days.length > UNUSUAL_DAYS_NAMED ? ` and ${unusual.days.length - UNUSUAL_DAYS_NAMED} more` : '';
    factors.push({
      name: 'unusualDays',
      statement: `Unusual day${unusual.days.length === 1 ? '' : 's'}: ${named}${more}, ${unusual.rule}.`,
      recommendation: `Check the transactions of ${named}${more} (${unusual.rule}) and confirm they are genuine.`,
      keys: [],
    });
  } else if (periodVolume > 0) {
    breakdowns.add('daily');
    insights.push(`No day of the ${input.daily.length} stood out from the others by volume.`);
  }

  const score = Math.min(
    100,
    factors.reduce((total, factor) => total + factorWeights[factor.name], 0),
  );
  const level = levelOfScore(score);
  const flagged = new Set(factors.flatMap((factor) => factor.keys));
  const keyMetrics = keys.map((key) => {
    const { trend, change } = trends.get(key)!;
    const magnitude = change === null ? (trend === 'stable' ? 0 : HIGH_CHANGE_PERCENT) : Math.abs(change);
    return {
      metric: metricName(key),
      value: figure(key, summary[key]!),
      trend,
      significance:
        flagged.has(key) || magnitude >= HIGH_CHANGE_PERCENT
          ? ('high' as const)
          : magnitude >= MEDIUM_CHANGE_PERCENT
            ? ('medium' as const)
            : ('low' as const),
    };
  });

  return {
    summary: summaryLine(input, trends, score, level, factors),
    riskAssessment: {
      level,
      score,
      factors: factors.map((factor) => `${factor.statement} (+${factorWeights[factor.name]})`),
    },
    keyMetrics,
    insights,
    recommendations:
      factors.length > 0
        ? factors.map((factor) => factor.recommendation)
        : ['The figures show nothing needing action: no risk factor was triggered.'],
    generatedBy: 'builtin',
    basedOn: [...keys, ...(['daily', 'byProcessor', 'byCustomer'] as const).filter((name) => breakdowns.has(name))],
    analysedAt: now.toISOString(),
  };
}

function summaryLine(
  input: AnalysisInput,
  trends: Map<string, Trend>,
  score: number,
  level: RiskLevel,
  factors: Factor[],
): string {
  const headline = [figureKeys.volume, figureKeys.count]
    .filter((key) => input.summary[key] !== undefined)
    .map((key) => {
      const { trend, change } = trends.get(key)!;
      const movement =
        input.previousSummary === null || change === null
          ? ''
          : trend === 'stable'
            ? ', stable on the period before'
            : ` (${trend} ${share(Math.abs(change))} on the period before)`;
      return `${metricName(key).toLowerCase()} ${figure(key, input.summary[key]!)}${movement}`;
    });
  const figures = headline.length > 0 ? `: ${headline.join('; ')}` : '';
  const risk =
    factors.length === 0
      ? 'the figures show nothing needing action'
      : `${factors.length} risk factor${factors.length === 1 ? '' : 's'} (${factors.map((factor) => metricName(factor.name).toLowerCase()).join(', ')})`;
  return `${metricName(input.type)} report for ${input.dateRange.from} to ${input.dateRange.to}${figures}. Risk ${level} (score ${score}): ${risk}.`;
}

/** The period's unusual days by volume and the rule that found them, or null when none stands out. */
function unusualDays(daily: FigureRow[]): { days: FigureRow[]; rule: string } | null {
  const volumes = daily.map((day) => day.volume);
  if (volumes.length === 0 || volumes.every((volume) => volume === 0)) return null;
  if (volumes.length >= MIN_DAYS_FOR_DEVIATIONS) {
    const mean = volumes.reduce((total, volume) => total + volume, 0) / volumes.length;
    const deviation = Math.sqrt(volumes.reduce((total, volume) => total + (volume - mean) ** 2, 0) / volumes.length);
    if (deviation === 0) return null;
    const days = daily.filter((day) => Math.abs(day.volume - mean) > UNUSUAL_DAY_DEVIATIONS * deviation);
    return days.length === 0
      ? null
      : {
          days,
          rule: `more than ${UNUSUAL_DAY_DEVIATIONS} standard deviations (${figure('volume', deviation)}) from the daily mean of ${figure('volume', mean)}`,
        };
  }
  const sorted = [...volumes].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  if (median <= 0) return null;
  const days = daily.filter((day) => day.volume > UNUSUAL_DAY_MEDIAN_MULTIPLE * median);
  return days.length === 0
    ? null
    : { days, rule: `above ${UNUSUAL_DAY_MEDIAN_MULTIPLE} times the median day of ${figure('volume', median)}` };
}
