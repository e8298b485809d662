import { reportPeriodDays, type ReportPeriod } from '@app/contracts';

/** Reports cover whole UTC days, like the analytics screens, so both count the same transactions. */
const DAY_MS = 86_400_000;

export interface DateRange {
  /** First day, YYYY-MM-DD (UTC). */
  from: string;
  /** Last day, included. */
  to: string;
}

/** [from, before): the instants of a date range. */
export interface Window {
  from: Date;
  before: Date;
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
export const addDays = (day: string, days: number): string => isoDay(new Date(dayStart(day).getTime() + days * DAY_MS));

/** The period's days ending today (UTC), today included. */
export const dateRangeOf = (period: ReportPeriod, now: Date): DateRange => {
  const to = isoDay(now);
  return { from: addDays(to, 1 - reportPeriodDays[period]), to };
};

/** The range of the same length just before. */
export const previousRangeOf = (range: DateRange): DateRange => {
  const days = daysIn(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
};

export const daysIn = (range: DateRange): number =>
  Math.round((dayStart(range.to).getTime() - dayStart(range.from).getTime()) / DAY_MS) + 1;

export const windowOf = (range: DateRange): Window => ({
  from: dayStart(range.from),
  before: dayStart(addDays(range.to, 1)),
});

/** Every day of the range, oldest first. */
export const daysOf = (range: DateRange): string[] =>
  Array.from({ length: daysIn(range) }, (_, i) => addDays(range.from, i));
