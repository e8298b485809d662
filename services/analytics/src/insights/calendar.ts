/** UTC calendar helpers: every period in the analytics is a UTC calendar period. */
export const DAY_MS = 86_400_000;

export const utcDay = (date: Date): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
export const monthStart = (date: Date): Date => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
export const addMonths = (date: Date, months: number): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
/** Monday of the ISO week. */
export const weekStart = (date: Date): Date => addDays(utcDay(date), -((date.getUTCDay() + 6) % 7));
export const daysBetween = (from: Date, to: Date): number => Math.round((to.getTime() - from.getTime()) / DAY_MS);

export { money, percentChange, round1 } from '@app/contracts';
