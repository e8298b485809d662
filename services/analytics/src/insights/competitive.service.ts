import { Injectable } from '@nestjs/common';
import {
  reportingCurrency,
  toUsd,
  type CompetitiveAnalysis,
  type CompetitiveTimeframe,
  type Competitor,
} from '@app/contracts';
import market from '../../data/competitive-market.json';
import { money, percentChange, round1, utcDay } from './calendar';
import { CustomersRepository } from './customers.repository';
import { RollupsRepository } from './rollups.repository';

const months: Record<CompetitiveTimeframe, number> = { '3m': 3, '6m': 6, '12m': 12, '24m': 24 };
const usd = (value: number | null, currency: string): number | null =>
  value === null ? null : Number(toUsd(String(value), currency) ?? value);
const share = (part: number, whole: number, places = 2) =>
  whole > 0 ? Number(((part / whole) * 100).toFixed(places)) : 0;

interface MerchantFigures {
  revenue: number;
  previousRevenue: number;
  customers: number;
  previousCustomers: number;
}

/**
 * Places the merchant's own figures against the curated dataset (data/competitive-market.json).
 * Competitors' figures are their reported years; the timeframe picks the merchant's window,
 * annualised (x 12 / months) to compare with yearly volumes.
 */
export function competitiveOf(timeframe: CompetitiveTimeframe, merchant: MerchantFigures): CompetitiveAnalysis {
  const factor = 12 / months[timeframe];
  const annualised = merchant.revenue * factor;
  const previousAnnualised = merchant.previousRevenue * factor;
  const rows = market.competitors.map((c) => ({
    ...c,
    volume: usd(c.paymentVolume, c.currency)!,
    previousVolume: usd(c.previousPaymentVolume, c.currency)!,
    revenueUsd: usd(c.revenue, c.currency),
    previousRevenueUsd: usd(c.previousRevenue, c.currency),
  }));
  const total = rows.reduce((sum, c) => sum + c.volume, 0) + annualised;
  const previousTotal = rows.reduce((sum, c) => sum + c.previousVolume, 0) + previousAnnualised;
  const competitorGrowth = percentChange(
    rows.reduce((sum, c) => sum + c.volume, 0),
    rows.reduce((sum, c) => sum + c.previousVolume, 0),
  );
  const ranked = [...rows].sort((a, b) => b.volume - a.volume);
  const competitors: Competitor[] = ranked.map((c, index) => {
    const marketShare = share(c.volume, total);
    return {
      id: c.id,
      name: c.name,
      marketPosition: marketShare < 1 ? 'niche' : index === 0 ? 'leader' : index <= 2 ? 'challenger' : 'follower',
      threatLevel: marketShare >= 20 ? 'high' : marketShare >= 5 ? 'medium' : 'low',
      marketShare,
      marketShareChange: round1(marketShare - share(c.previousVolume, previousTotal)),
      paymentVolume: c.volume,
      revenue: c.revenueUsd === null ? null : money(c.revenueUsd),
      revenueChange:
        c.revenueUsd === null || c.previousRevenueUsd === null
          ? null
          : percentChange(c.revenueUsd, c.previousRevenueUsd),
      customers: c.customers,
      customerChange:
        c.customers === null || c.previousCustomers === null ? null : percentChange(c.customers, c.previousCustomers),
      customersBasis: c.customersBasis,
      strengths: c.strengths,
      weaknesses: c.weaknesses,
      sourceIds: c.sourceIds,
    };
  });
  const merchantShare = share(annualised, total, 6);
  return {
    timeframe,
    marketOverview: {
      totalMarketSize: money(total),
      marketRank: 1 + rows.filter((c) => c.volume > annualised).length,
      marketShare: merchantShare,
      marketShareChange: Number((merchantShare - share(previousAnnualised, previousTotal, 6)).toFixed(6)),
      marketGrowthRate: competitorGrowth,
    },
    merchant: {
      revenue: money(merchant.revenue),
      annualisedRevenue: money(annualised),
      revenueChange: percentChange(merchant.revenue, merchant.previousRevenue),
      customers: merchant.customers,
      customerChange: percentChange(merchant.customers, merchant.previousCustomers),
    },
    competitors,
    curated: true,
    label: market.label,
    basis: market.basis,
    asOf: market.asOf,
    sources: market.sources,
    currency: reportingCurrency,
  };
}

@Injectable()
export class CompetitiveService {
  constructor(
    private readonly rollups: RollupsRepository,
    private readonly customers: CustomersRepository,
  ) {}

  async analysis(userId: string, timeframe: CompetitiveTimeframe, now = new Date()): Promise<CompetitiveAnalysis> {
    const end = utcDay(now);
    // The window is the last N months to today: [today - N months, today].
    const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - months[timeframe], end.getUTCDate() + 1));
    const previousStart = new Date(
      Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 2 * months[timeframe], end.getUTCDate() + 1),
    );
    const [revenue, customers] = await Promise.all([
      this.rollups.revenueAgainstPrevious(userId, previousStart, start, end),
      this.customers.activeSinceAndBefore(userId, now, previousStart, start),
    ]);
    return competitiveOf(timeframe, {
      revenue: Number(revenue.revenue),
      previousRevenue: Number(revenue.previousRevenue),
      customers: customers.customers,
      previousCustomers: customers.previousCustomers,
    });
  }
}
