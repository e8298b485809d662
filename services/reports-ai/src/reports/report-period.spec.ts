import { dateRangeOf, daysIn, daysOf, previousRangeOf, windowOf } from './report-period';

describe('report periods (UTC days, today included)', () => {
  const now = new Date('2025-03-01T23:59:59.999Z');

  it.each([
    ['7d', '2025-02-23', 7],
    ['30d', '2025-01-31', 30],
    ['90d', '2024-12-02', 90],
    ['1y', '2024-03-02', 365],
  ] as const)('%s ends today and covers its days', (period, from, days) => {
    const range = dateRangeOf(period, now);
    expect(range).toEqual({ from, to: '2025-03-01' });
    expect(daysIn(range)).toBe(days);
    expect(daysOf(range)).toHaveLength(days);
  });

  it('takes the same number of days just before as the previous period', () => {
    expect(previousRangeOf({ from: '2025-02-23', to: '2025-03-01' })).toEqual({ from: '2025-02-16', to: '2025-02-22' });
  });

  it('covers whole days: from midnight of the first to midnight after the last', () => {
    expect(windowOf({ from: '2025-02-23', to: '2025-03-01' })).toEqual({
      from: new Date('2025-02-23T00:00:00.000Z'),
      before: new Date('2025-03-02T00:00:00.000Z'),
    });
  });
});
