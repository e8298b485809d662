import { competitiveOf } from './competitive.service';

describe('competitive analysis', () => {
  const none = { revenue: 0, previousRevenue: 0, customers: 0, previousCustomers: 0 };

  it('labels the market data curated and names its sources', () => {
    const analysis = competitiveOf('12m', none);
    expect(analysis.curated).toBe(true);
    expect(analysis.sources.length).toBeGreaterThan(0);
    for (const competitor of analysis.competitors) {
      for (const id of competitor.sourceIds) expect(analysis.sources.map((s) => s.id)).toContain(id);
    }
  });

  it('ranks competitors by payment volume and places the merchant last with a tiny share', () => {
    const analysis = competitiveOf('6m', {
      revenue: 500_000,
      previousRevenue: 400_000,
      customers: 120,
      previousCustomers: 100,
    });
    expect(analysis.competitors[0]).toMatchObject({ id: 'paypal', marketPosition: 'leader' });
    expect(analysis.marketOverview.marketRank).toBe(analysis.competitors.length + 1);
    // 6 months annualised: 1,000,000 USD a year
    expect(analysis.merchant).toMatchObject({ annualisedRevenue: 1_000_000, revenueChange: 25, customerChange: 20 });
    const total = analysis.marketOverview.totalMarketSize;
    expect(analysis.marketOverview.marketShare).toBeCloseTo((1_000_000 / total) * 100, 6);
    const shares = analysis.competitors.reduce((sum, c) => sum + c.marketShare, 0);
    expect(shares).toBeGreaterThan(99.9);
    expect(shares).toBeLessThan(100.1);
  });

  it('leaves unpublished figures null instead of guessing', () => {
    const stripe = competitiveOf('12m', none).competitors.find((c) => c.id === 'stripe')!;
    expect(stripe.revenue).toBeNull();
    expect(stripe.customers).toBeNull();
  });
});
