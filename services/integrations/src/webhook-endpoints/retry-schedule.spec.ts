import { nextAttemptAt } from './retry-schedule';

const minute = 60_000;
const day = 24 * 60 * minute;
const production = { baseMs: minute, windowMs: day };

/** Every attempt's time (minutes after the event) when every attempt fails at once. */
function attemptTimes(schedule: { baseMs: number; windowMs: number }): number[] {
  const created = new Date('2025-01-01T00:00:00Z');
  const times = [0];
  for (let attempts = 1; ; attempts += 1) {
    const now = new Date(created.getTime() + times.at(-1)! * minute);
    const next = nextAttemptAt(schedule, created, attempts, now);
    if (!next) return times;
    times.push((next.getTime() - created.getTime()) / minute);
  }
}

describe('nextAttemptAt (the webhook retry schedule)', () => {
  it('doubles each wait from the base and makes the last attempt when the 24 hours end', () => {
    expect(attemptTimes(production)).toEqual([0, 1, 3, 7, 15, 31, 63, 127, 255, 511, 1023, 1440]);
  });

  it('gives up once the window has passed', () => {
    const created = new Date('2025-01-01T00:00:00Z');
    expect(nextAttemptAt(production, created, 12, new Date(created.getTime() + day))).toBeNull();
    expect(nextAttemptAt(production, created, 3, new Date(created.getTime() + day + 1))).toBeNull();
    // The last attempt, its timer firing a little early, is still the last.
    expect(nextAttemptAt(production, created, 12, new Date(created.getTime() + day - 20))).toBeNull();
  });

  it('waits from now, so attempts that fell behind (a stopped worker) are not bunched', () => {
    const created = new Date('2025-01-01T00:00:00Z');
    const late = new Date(created.getTime() + 5 * 60 * minute);
    expect(nextAttemptAt(production, created, 2, late)).toEqual(new Date(late.getTime() + 2 * minute));
  });

  it('scales with a short base for tests: the same shape in milliseconds', () => {
    const schedule = { baseMs: 50, windowMs: 1000 };
    const created = new Date(0);
    expect(nextAttemptAt(schedule, created, 1, new Date(0))).toEqual(new Date(50));
    expect(nextAttemptAt(schedule, created, 2, new Date(50))).toEqual(new Date(150));
    expect(nextAttemptAt(schedule, created, 5, new Date(900))).toEqual(new Date(1000));
  });
});
