import { segmentsOf, type CustomerSpend } from './segmentation';

const customer = (spendUsd: number, recentUsd = 0, priorUsd = 0): CustomerSpend => ({
  spendUsd,
  txCount: 2,
  recentUsd,
  priorUsd,
  daysSinceLast: 10,
});

describe('customer segmentation by spend', () => {
  it('puts the top 10% in premium, the next 40% in standard, the rest in other', () => {
    // 10 customers spending 100, 200 ... 1000
    const customers = Array.from({ length: 10 }, (_, i) =>
      customer((i + 1) * 100, i === 9 ? 300 : 0, i === 9 ? 200 : 0),
    );
    const segments = segmentsOf(customers);
    expect(segments.map((s) => [s.tier, s.count, s.percentage, s.averageValue])).toEqual([
      ['premium', 1, 10, 1000],
      ['standard', 4, 40, 750], // (900+800+700+600) / 4
      ['other', 5, 50, 300], // 500..100 / 5
    ]);
    expect(segments[0].growthRate).toBe(50); // 300 vs 200
    expect(segments[1].growthRate).toBe(0); // nothing before
    expect(segments[0].characteristics[0]).toBe('Spend from $1000.00 to $1000.00');
    expect(segments[0].characteristics[2]).toBe('18.2% of all customer spend'); // 1000 / 5500
  });

  it('makes a single customer high-value and leaves out empty segments', () => {
    expect(segmentsOf([customer(50)]).map((s) => s.tier)).toEqual(['premium']);
    expect(segmentsOf([])).toEqual([]);
  });
});
