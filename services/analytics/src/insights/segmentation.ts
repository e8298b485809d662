import type { CustomerSegment } from '@app/contracts';
import { money, percentChange, round1 } from './calendar';

export interface CustomerSpend {
  spendUsd: number;
  txCount: number;
  /** Completed spend in the last 30 days and in the 30 before. */
  recentUsd: number;
  priorUsd: number;
  daysSinceLast: number;
}

/** Spend-ranked tiers: the top 10% of customers, the next 40%, the remaining 50%. */
const tiers = [
  { id: 'high_value', name: 'High-value customers', tier: 'premium', share: 0.1, color: '#722ed1' },
  { id: 'regular', name: 'Regular customers', tier: 'standard', share: 0.4, color: '#1677ff' },
  { id: 'occasional', name: 'Occasional customers', tier: 'other', share: 0.5, color: '#13c2c2' },
] as const;

/**
 * Ranks customers by completed spend (ties keep input order) and cuts the ranking at 10% and 50%
 * (rounded up, so a single customer is high-value). Empty segments are left out.
 */
export function segmentsOf(customers: CustomerSpend[]): CustomerSegment[] {
  const ranked = [...customers].sort((a, b) => b.spendUsd - a.spendUsd);
  const total = ranked.length;
  const cuts = [Math.ceil(total * 0.1), Math.ceil(total * 0.5), total];
  const segments: CustomerSegment[] = [];
  let from = 0;
  tiers.forEach((tier, index) => {
    const members = ranked.slice(from, Math.max(from, cuts[index]));
    from = Math.max(from, cuts[index]);
    if (!members.length) return;
    const spend = members.reduce((sum, c) => sum + c.spendUsd, 0);
    const purchases = members.reduce((sum, c) => sum + c.txCount, 0);
    const recent = members.reduce((sum, c) => sum + c.recentUsd, 0);
    const prior = members.reduce((sum, c) => sum + c.priorUsd, 0);
    const lowest = members[members.length - 1].spendUsd;
    const highest = members[0].spendUsd;
    const recency = members.reduce((sum, c) => sum + c.daysSinceLast, 0) / members.length;
    segments.push({
      id: tier.id,
      name: tier.name,
      tier: tier.tier,
      count: members.length,
      percentage: round1((members.length / total) * 100),
      averageValue: money(spend / members.length),
      growthRate: percentChange(recent, prior),
      color: tier.color,
      characteristics: [
        `Spend from $${money(lowest).toFixed(2)} to $${money(highest).toFixed(2)}`,
        `${round1(purchases / members.length)} purchases per customer`,
        `${round1(
          (spend /
            Math.max(
              1,
              customers.reduce((s, c) => s + c.spendUsd, 0),
            )) *
            100,
        )}% of all customer spend`,
        `Last purchase ${Math.round(recency)} days ago on average`,
      ],
    });
  });
  return segments;
}
