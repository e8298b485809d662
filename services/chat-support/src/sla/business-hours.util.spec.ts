import { businessDueAt } from './business-hours.util';

// Instants written in UTC; New Zealand is UTC+13 in daylight time (late September to early April)
// and UTC+12 in standard time. 2026: DST ends Sunday 5 April (3:00 → 2:00), starts Sunday
// 27 September (2:00 → 3:00).
const at = (iso: string) => new Date(iso);
const NINE_HOURS = 9 * 60;

describe('businessDueAt: Mon-Fri 9:00-18:00 Pacific/Auckland', () => {
  it.each([
    // [what, from (UTC), business minutes, due (UTC)]
    ['within the same day', '2026-03-09T22:00:00Z' /* Tue 10 Mar 11:00 NZDT */, 60, '2026-03-09T23:00:00Z'],
    ['exactly at closing stays at 18:00', '2026-03-10T04:00:00Z' /* Tue 17:00 */, 60, '2026-03-10T05:00:00Z'],
    [
      'over the evening to the next morning',
      '2026-03-10T04:00:00Z' /* Tue 17:00 */,
      120,
      '2026-03-10T21:00:00Z' /* Wed 10:00 */,
    ],
    [
      'from the evening: starts at the next opening',
      '2026-03-10T08:00:00Z' /* Tue 21:00 */,
      30,
      '2026-03-10T20:30:00Z' /* Wed 9:30 */,
    ],
    [
      'before opening: starts at 9:00',
      '2026-03-09T17:00:00Z' /* Tue 6:00 */,
      30,
      '2026-03-09T20:30:00Z' /* Tue 9:30 */,
    ],
    [
      'Friday afternoon over the weekend to Monday',
      '2026-03-13T03:00:00Z' /* Fri 13 Mar 16:00 */,
      180,
      '2026-03-15T21:00:00Z' /* Mon 16 Mar 10:00 */,
    ],
    [
      'from Saturday: Monday morning',
      '2026-03-13T23:00:00Z' /* Sat 14 Mar 12:00 */,
      60,
      '2026-03-15T21:00:00Z' /* Mon 10:00 */,
    ],
    [
      'from Sunday night: Monday morning',
      '2026-03-15T10:00:00Z' /* Sun 23:00 */,
      0,
      '2026-03-15T20:00:00Z' /* Mon 9:00 */,
    ],
    [
      'one business day from midday: the next day at midday',
      '2026-03-10T00:00:00Z' /* Tue 13:00 */,
      NINE_HOURS,
      '2026-03-11T00:00:00Z' /* Wed 13:00 */,
    ],
    [
      'a whole week of business days',
      '2026-03-09T20:00:00Z' /* Tue 9:00 */,
      5 * NINE_HOURS,
      '2026-03-16T05:00:00Z' /* Mon 16 Mar 18:00 */,
    ],
  ])('%s', (_what, from, minutes, due) => {
    expect(businessDueAt(at(from), minutes).toISOString()).toBe(new Date(due).toISOString());
  });

  it('counts across the end of daylight time (Sunday 5 April 2026): Monday opens at 9:00 NZST = 21:00 UTC', () => {
    // Friday 3 April 17:00 NZDT (UTC+13) = 04:00 UTC; one hour left, then two on Monday 6 April (UTC+12).
    expect(businessDueAt(at('2026-04-03T04:00:00Z'), 180).toISOString()).toBe('2026-04-05T23:00:00.000Z');
  });

  it('counts across the start of daylight time (Sunday 27 September 2026): Monday opens at 9:00 NZDT = 20:00 UTC', () => {
    // Friday 25 September 17:00 NZST (UTC+12) = 05:00 UTC; one hour left, then two on Monday 28 September (UTC+13).
    expect(businessDueAt(at('2026-09-25T05:00:00Z'), 180).toISOString()).toBe('2026-09-27T22:00:00.000Z');
  });

  it('keeps the seconds of the start', () => {
    expect(businessDueAt(at('2026-03-09T22:00:30.250Z'), 1).toISOString()).toBe('2026-03-09T22:01:30.250Z');
  });
});
