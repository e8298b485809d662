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

/** Rounds to 2 decimals for money figures read from numeric sums. */
export const money = (value: string | number | null | undefined): number => Math.round(Number(value ?? 0) * 100) / 100;
export const round1 = (value: number): number => Math.round(value * 10) / 10;

export { percentChange } from '@app/contracts';
