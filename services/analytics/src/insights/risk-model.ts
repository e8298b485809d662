import { levelOfScore, type RiskLevel, type RiskMetric } from '@app/contracts';
import { round1 } from './calendar';

/** Counts the risk model reads from the daily rollup (docs/analytics.md, risk). */
export interface RiskCounts {
  /** Last 30 days (today included), by status. */
  completed: number;
  refunded: number;
  /** Failed and cancelled. */
  failed: number;
  total: number;
  /** Last 30 days, transactions scored high (71-100). */
  highRisk: number;
  /** Transactions in the last 7 days, and in the 30 days before those. */
  last7Days: number;
  prior30Days: number;
}

const clamp5 = (value: number) => Math.max(0, Math.min(5, value));
const metricLevel = (score: number): 'low' | 'medium' | 'high' => (score < 2 ? 'low' : score < 3.5 ? 'medium' : 'high');

/**
 * Four metrics scored 0-5: refund rate (10% scores 5), failure rate (20% scores 5), velocity
 * (the last 7 days' daily average against the 30 days before: 3 times the usual scores 5, the usual
 * or less 0) and the share of high-risk transactions (5% scores 5).
 */
export function riskMetricsOf(counts: RiskCounts): RiskMetric[] {
  const sales = counts.completed + counts.refunded;
  const settled = sales + counts.failed;
  const refundRate = sales ? counts.refunded / sales : 0;
  const failureRate = settled ? counts.failed / settled : 0;
  const recent = counts.last7Days / 7;
  const usual = counts.prior30Days / 30;
  const velocity = usual > 0 ? recent / usual : 1;
  const highShare = counts.total ? counts.highRisk / counts.total : 0;
  const pct = (value: number) => `${round1(value * 100)}%`;
  const metric = (
    id: string,
    name: string,
    score: number,
    description: string,
    impact: string,
    mitigation: string,
  ): RiskMetric => {
    const rounded = round1(clamp5(score));
    return { id, name, level: metricLevel(rounded), score: rounded, description, impact, mitigation };
  };
  return [
    metric(
      'refund_rate',
      'Refund rate',
      (refundRate / 0.1) * 5,
      `${pct(refundRate)} of ${sales} sales in the last 30 days were refunded.`,
      'Refunds reverse revenue and can signal disputes or fraud.',
      'Review refunded orders by product and processor; confirm customer identity on large refunds.',
    ),
    metric(
      'failure_rate',
      'Payment failure rate',
      (failureRate / 0.2) * 5,
      `${pct(failureRate)} of ${settled} settled payments in the last 30 days failed or were cancelled.`,
      'Failures lose sales; bursts of failures can be card testing.',
      'Check failures by processor and country; enable velocity limits at the processor.',
    ),
    metric(
      'velocity',
      'Transaction velocity',
      ((velocity - 1) / 2) * 5,
      `${round1(recent)} transactions a day in the last 7 days against ${round1(usual)} in the 30 days before (${round1(velocity)}x).`,
      'A sudden rise in volume is a money-laundering and fraud indicator.',
      'Confirm the rise has a business reason (a promotion, a new location) before funds move on.',
    ),
    metric(
      'high_risk_share',
      'High-risk transactions',
      (highShare / 0.05) * 5,
      `${pct(highShare)} of ${counts.total} transactions in the last 30 days scored high (71-100).`,
      'High-risk transactions need enhanced due diligence under the AML policy.',
      'Work through the compliance records awaiting review.',
    ),
  ];
}

/** Out of 5.0: the mean of the metric scores, 1 decimal. */
export const overallRiskOf = (metrics: RiskMetric[]): number =>
  metrics.length ? round1(metrics.reduce((sum, m) => sum + m.score, 0) / metrics.length) : 0;

/** The floor of the policy's medium band (31-70 of 100), out of 10. */
const mediumFloor = 3.1;

/**
 * The dashboard's AML risk out of 10 (twice the overall score) and its level on the policy's 0-100
 * bands. A screening record awaiting review is a transaction a person must look at, so the risk is
 * at least medium (3.1) while one is open: the score and the review flag are one statement.
 */
export function dashboardRiskOf(overall: number, reviewsOpen = 0): { riskScore: number; riskLevel: RiskLevel } {
  const computed = round1(overall * 2);
  const riskScore = reviewsOpen > 0 ? Math.max(computed, mediumFloor) : computed;
  return { riskScore, riskLevel: levelOfScore(riskScore * 10) };
}
