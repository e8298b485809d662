import { describe, expect, it } from 'vitest';
import { dailyAxisLabels, everyNthLabel, formatAxisDay } from './format';

const days = (count: number) =>
  Array.from({ length: count }, (_, i) => new Date(Date.UTC(2026, 8, 3) + i * 86_400_000).toISOString().slice(0, 10));

describe('daily axis labels', () => {
  it('writes a day short, in UTC', () => {
    expect(formatAxisDay('2026-11-03')).toBe('3 Nov');
    expect(formatAxisDay('2026-12-31')).toBe('31 Dec');
  });

  it('draws at most seven labels on 7, 30 and 90 days, evenly spaced, today always', () => {
    for (const count of [7, 30, 90]) {
      const shown = days(count).filter((_, index) => everyNthLabel(count, dailyAxisLabels)(index));
      expect(shown.length).toBeLessThanOrEqual(dailyAxisLabels);
      expect(shown.length).toBeGreaterThanOrEqual(Math.min(count, 5));
      expect(shown.at(-1)).toBe(days(count).at(-1));
      const gaps = new Set(shown.slice(1).map((day, i) => (Date.parse(day) - Date.parse(shown[i]!)) / 86_400_000));
      expect(gaps.size).toBeLessThanOrEqual(1);
    }
    expect(days(7).every((_, index) => everyNthLabel(7, dailyAxisLabels)(index))).toBe(true);
  });
});
