import type { BillingCycle } from '@app/contracts';

/**
 * The end of a period paid from `start`: one calendar month or year later, on the same day of the
 * month, or the month's last day when it has fewer days (31 January + 1 month = 28/29 February).
 */
export function periodEnd(start: Date, cycle: BillingCycle): Date {
  const months = cycle === 'annual' ? 12 : 1;
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
