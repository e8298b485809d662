import { canMoveTo, type RiskLevel, type TransactionStatus, type TransactionType } from './analytics';
import { nzdPerUsd } from './money';

/**
 * The AML screening rule, one copy for every service that reports screening figures from the same
 * events (analytics' compliance records, reports-ai's compliance report).
 *
 * The AML policy's thresholds (legal/aml-policy, spec 9), in New Zealand dollars or the
 * equivalent: large-transaction screening above 3,000, enhanced due diligence above 10,000,
 * travel rule from 1,000 for virtual-asset transfers.
 */
export const amlThresholdsNzd = { screening: 3_000, enhancedDueDiligence: 10_000, travelRule: 1_000 } as const;
/** Amounts within 10% under the screening threshold are the structuring band the policy names. */
export const structuringBandNzd = { from: 2_700, to: 3_000 } as const;

export interface ScreenedTransaction {
  type: TransactionType;
  status: TransactionStatus;
  amountUsd: string | null;
  country: string | null;
}

export type ScreeningRule = 'large_transaction' | 'enhanced_due_diligence' | 'travel_rule' | 'structuring';

export interface Screening {
  score: number;
  level: RiskLevel;
  /** The rules the transaction triggers; each becomes a compliance record. */
  rules: ScreeningRule[];
  amountNzd: number | null;
}

/** The policy's bands of the 0-100 score: low 0-30, medium 31-70, high 71-100. */
export const levelOfScore = (score: number): RiskLevel => (score <= 30 ? 'low' : score <= 70 ? 'medium' : 'high');

/**
 * The 0-100 AML score of one transaction (docs/analytics.md): 5 base, +50 above the
 * enhanced-due-diligence threshold or +30 above the screening threshold, +25 in the structuring
 * band, +10 crypto, +10 failed or cancelled, +15 refunded, +5 unknown country; at most 100.
 * Amount rules need a USD price; an unpriced amount (XRP) triggers none of them.
 */
export function screen(tx: ScreenedTransaction): Screening {
  const amountNzd = tx.amountUsd === null ? null : Number(tx.amountUsd) * nzdPerUsd;
  const rules: ScreeningRule[] = [];
  let score = 5;
  if (amountNzd !== null) {
    if (amountNzd > amlThresholdsNzd.enhancedDueDiligence) {
      score += 50;
      rules.push('large_transaction', 'enhanced_due_diligence');
    } else if (amountNzd > amlThresholdsNzd.screening) {
      score += 30;
      rules.push('large_transaction');
    } else if (amountNzd >= structuringBandNzd.from) {
      score += 25;
      rules.push('structuring');
    }
    if (tx.type !== 'fiat' && amountNzd >= amlThresholdsNzd.travelRule) rules.push('travel_rule');
  }
  if (tx.type === 'crypto') score += 10;
  if (tx.status === 'failed' || tx.status === 'cancelled') score += 10;
  if (tx.status === 'refunded') score += 15;
  if (!tx.country) score += 5;
  score = Math.min(100, score);
  return { score, level: levelOfScore(score), rules, amountNzd };
}

/** Structuring needs a person from the third transaction in the band within 24 hours. */
export const structuringReviewCount = 3;

/**
 * The status of the compliance record a rule creates: enhanced due diligence and the travel rule
 * always need a person; a large transaction does when its score is high; the structuring band does
 * from the third such transaction within 24 hours (`structuringBefore`: the others in those 24 hours).
 */
export function screeningRecordStatus(
  rule: ScreeningRule,
  score: number,
  structuringBefore: number,
): 'review' | 'cleared' {
  if (rule === 'enhanced_due_diligence' || rule === 'travel_rule') return 'review';
  if (rule === 'large_transaction') return levelOfScore(score) === 'high' ? 'review' : 'cleared';
  return structuringBefore + 1 >= structuringReviewCount ? 'review' : 'cleared';
}

/**
 * Whether an event's status replaces the stored one: a change the shared transition table allows
 * (the one integrations applies too), or the same status again (which moves no bucket).
 */
export const supersedes = (next: TransactionStatus, current: TransactionStatus): boolean =>
  next === current || canMoveTo(current, next);
