import { windowsOf } from './business-metrics.service';
import { addDays } from './calendar';
import { activityBoundaries, boundaryColumnOf } from './customer-windows';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('customer windows', () => {
  it('keeps a boundary for the end of every business-metrics and competitive window, every day of two years', () => {
    let missing = 0;
    for (let asOf = day('2026-01-01'); asOf < day('2028-01-01'); asOf = addDays(asOf, 1)) {
      const now = new Date(asOf.getTime() + 13 * 3_600_000);
      for (const period of ['daily', 'weekly', 'monthly'] as const) {
        const { current, previous } = windowsOf(period, now);
        for (const w of [current, previous]) if (!boundaryColumnOf(asOf, addDays(w.to, 1))) missing++;
      }
      for (const months of [3, 6, 12, 24]) {
        const start = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - months, asOf.getUTCDate() + 1));
        if (!boundaryColumnOf(asOf, start)) missing++;
      }
    }
    expect(missing).toBe(0);
  });

  it('names the boundaries of a day', () => {
    const asOf = day('2026-03-31');
    expect(
      Object.fromEntries(activityBoundaries.map((b) => [b.column, b.at(asOf).toISOString().slice(0, 10)])),
    ).toEqual({
      last_before_tomorrow: '2026-04-01',
      last_before_today: '2026-03-31',
      last_before_week_ago: '2026-03-25',
      last_before_month_ago: '2026-03-01', // February is shorter than the 31 elapsed days
      last_before_3m: '2026-01-01',
      last_before_6m: '2025-10-02', // September 32nd: Date.UTC's rollover, as the competitive window counts
      last_before_12m: '2025-04-01',
      last_before_24m: '2024-04-01',
    });
  });
});
