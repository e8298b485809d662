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

/** Spend-ranked tiers: the top 10% of customers (rounded up), up to the top half, the rest. */
const tiers = [
  { id: 'high_value', name: 'High-value customers', tier: 'premium', share: 0.1, color: '#722ed1' },
  { id: 'regular', name: 'Regular customers', tier: 'standard', share: 0.4, color: '#1677ff' },
  { id: 'occasional', name: 'Occasional customers', tier: 'other', share: 0.5, color: '#13c2c2' },
] as const;

/** One tier's members summed (the repository sums them in SQL, tierFiguresOf in memory). */
export interface TierFigures {
  /** 0: the top tenth, 1: up to the top half, 2: the rest. */
  tier: number;
  count: number;
  spendUsd: number;
  txCount: number;
  recentUsd: number;
  priorUsd: number;
  lowestUsd: number;
  highestUsd: number;
  /** Sum of the members' days since their last purchase. */
  recencyDays: number;
}

/**
 * Ranks customers by completed spend (ties keep input order) and cuts the ranking after the first
 * ceil(n / 10) and ceil(n / 2) (so a single customer is high-value); each tier's sums.
 */
export function tierFiguresOf(customers: CustomerSpend[]): TierFigures[] {
  const ranked = [...customers].sort((a, b) => b.spendUsd - a.spendUsd);
  const cuts = [Math.ceil(ranked.length / 10), Math.ceil(ranked.length / 2), ranked.length];
  const figures: TierFigures[] = [];
  let from = 0;
  cuts.forEach((cut, tier) => {
    const members = ranked.slice(from, Math.max(from, cut));
    from = Math.max(from, cut);
    if (!members.length) return;
    const sum = (of: (c: CustomerSpend) => number) => members.reduce((total, c) => total + of(c), 0);
    // Dollar sums in whole cents, exact as the repository's numeric sums.
    const dollars = (of: (c: CustomerSpend) => number) => sum((c) => Math.round(of(c) * 100)) / 100;
    figures.push({
      tier,
      count: members.length,
      spendUsd: dollars((c) => c.spendUsd),
      txCount: sum((c) => c.txCount),
      recentUsd: dollars((c) => c.recentUsd),
      priorUsd: dollars((c) => c.priorUsd),
      lowestUsd: members[members.length - 1].spendUsd,
      highestUsd: members[0].spendUsd,
      recencyDays: sum((c) => c.daysSinceLast),
    });
  });
  return figures;
}

/** The segments of the tiers' sums; empty tiers are left out. */
export function segmentsOfTiers(figures: TierFigures[]): CustomerSegment[] {
  const total = figures.reduce((sum, t) => sum + t.count, 0);
  const allSpend = figures.reduce((sum, t) => sum + t.spendUsd, 0);
  return figures
    .filter((t) => t.count > 0)
    .map((t) => {
      const tier = tiers[t.tier];
      return {
        id: tier.id,
        name: tier.name,
        tier: tier.tier,
        count: t.count,
        percentage: round1((t.count / total) * 100),
        averageValue: money(t.spendUsd / t.count),
        growthRate: percentChange(t.recentUsd, t.priorUsd),
        color: tier.color,
        characteristics: [
          `Spend from $${money(t.lowestUsd).toFixed(2)} to $${money(t.highestUsd).toFixed(2)}`,
          `${round1(t.txCount / t.count)} purchases per customer`,
          `${round1((t.spendUsd / Math.max(1, allSpend)) * 100)}% of all customer spend`,
          `Last purchase ${Math.round(t.recencyDays / t.count)} days ago on average`,
        ],
      };
    });
}

/** Ranks customers by completed spend and segments them (tierFiguresOf, segmentsOfTiers). */
export function segmentsOf(customers: CustomerSpend[]): CustomerSegment[] {
  return segmentsOfTiers(tierFiguresOf(customers));
}
