import {
  analyticsEventRequestSchema,
  formatCompact,
  percentChange,
  targetProgress,
  transactionsQuerySchema,
} from './analytics';

describe('analytics display helpers (spec 9)', () => {
  it('shows thousands as K and millions as M with one decimal', () => {
    expect(formatCompact(1_234_567)).toBe('1.2M');
    expect(formatCompact(45_600)).toBe('45.6K');
    expect(formatCompact(1_000)).toBe('1.0K');
    expect(formatCompact(-2_500)).toBe('-2.5K');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(12.345)).toBe('12.35');
    expect(formatCompact('1500.00')).toBe('1.5K');
  });

  it('rounds half-way tenths up and moves a value that rounds to 1000 of a unit to the next', () => {
    expect(formatCompact(8_450)).toBe('8.5K');
    expect(formatCompact(999.996)).toBe('1.0K');
    expect(formatCompact(999_949)).toBe('999.9K');
    expect(formatCompact(999_950)).toBe('1.0M');
    expect(formatCompact(1_400_000_000)).toBe('1.4B');
    expect(formatCompact(Number.NaN)).toBe('—');
  });

  it('makes the percent change 0 when the previous value is 0', () => {
    expect(percentChange(150, 0)).toBe(0);
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 200)).toBe(-75);
  });

  it('caps target progress at 100%', () => {
    expect(targetProgress(150, 100)).toBe(100);
    expect(targetProgress(45, 90)).toBe(50);
  });

  it('shows no progress without a target, and a lower-is-better target met at or below it', () => {
    expect(targetProgress(0, null)).toBeNull();
    expect(targetProgress(0, 0)).toBe(100);
    expect(targetProgress(2, 4, 'lower')).toBe(100);
    expect(targetProgress(8, 4, 'lower')).toBe(50);
    expect(targetProgress(0, 0, 'lower')).toBe(100);
  });
});

describe('analytics request schemas', () => {
  it('defaults and checks the transactions query', () => {
    expect(transactionsQuerySchema.parse({})).toEqual({ limit: 20 });
    const bad = transactionsQuerySchema.safeParse({ type: 'cash', limit: '500' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      'Type must be one of crypto, token, fiat',
      'Limit must be a whole number from 1 to 100',
    ]);
    expect(transactionsQuerySchema.safeParse({ to: '2026-02-30' }).error?.issues[0]?.message).toBe(
      'To must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
    );
    expect(transactionsQuerySchema.safeParse({ from: '2026-11-01T00:00:00+13:00', to: '2026-11-01' }).success).toBe(
      true,
    );
    expect(transactionsQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' }).error?.issues[0]?.message).toBe(
      'From must not be after To',
    );
  });

  it('keeps page-view properties small', () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    expect(
      analyticsEventRequestSchema.safeParse({ name: 'page_view', path: '/', properties: many }).error?.issues[0]
        ?.message,
    ).toBe('At most 20 properties');
    expect(analyticsEventRequestSchema.safeParse({ name: 'page_view', path: '/dashboard' }).success).toBe(true);
  });
});
