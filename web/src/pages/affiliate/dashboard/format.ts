const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A money string of the API ("1234.50") as "$1,234.50". */
export const formatAmount = (amount: string): string => usd.format(Number(amount));

/** "15.00" as "15%". */
export const formatRate = (rate: string): string => `${Number(rate)}%`;

/** "Mar 4, 2026"; '—' when absent. */
export function formatDay(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

/** Spec 9: a referral id is shown as its last 6 characters. */
export const shortId = (id: string): string => id.slice(-6);
