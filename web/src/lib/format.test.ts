import { describe, expect, it } from 'vitest';
import { formatCompact, formatCompactMoney, formatMoney } from './format';

describe('formatCompact (spec 9: K and M with one decimal)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [999.996, '1.0K'],
    [12.345, '12.35'],
    [1000, '1.0K'],
    [1234, '1.2K'],
    [45_678.9, '45.7K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [1_234_567, '1.2M'],
    [-2500, '-2.5K'],
    ['1500.00', '1.5K'],
  ])('%s -> %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });
});

describe('money', () => {
  it('puts the currency symbol before the compact figure', () => {
    expect(formatCompactMoney(1_234_567.89, 'USD')).toBe('$1.2M');
    expect(formatCompactMoney(-2500, 'USD')).toBe('-$2.5K');
    expect(formatCompactMoney(1500, 'NZD')).toBe('NZ$1.5K');
  });

  it('formats exact amounts, with unknown codes (XRP) after the number', () => {
    expect(formatMoney('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatMoney('12.5', 'XRP')).toMatch(/^XRP\s12\.50$/);
  });
});
