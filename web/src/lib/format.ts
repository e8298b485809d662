import { formatCompact } from '@app/contracts';

/**
 * Number, money and date formatting shared by the signed-in screens.
 * Money arrives from the API as decimal strings ("1234.50") or numbers; both are accepted.
 */

type Amount = number | string;

const toNumber = (value: Amount): number => (typeof value === 'number' ? value : Number(value));

/** An amount in its ISO currency, e.g. "$1,234.50" or "NZ$12.00"; an unknown code is appended. */
export function formatMoney(amount: Amount, currency = 'USD'): string {
  const value = toNumber(amount);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** Spec 9's K/M formatting lives in the contracts, shared with the server. */
export { formatCompact };

/** formatCompact with the currency's symbol in front: "$1.2K", "NZ$3.4M". */
export function formatCompactMoney(amount: Amount, currency = 'USD'): string {
  const compact = formatCompact(amount);
  const negative = compact.startsWith('-');
  const symbol = currencySymbol(currency);
  return `${negative ? '-' : ''}${symbol}${negative ? compact.slice(1) : compact}`;
}

function currencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? `${currency} `;
  } catch {
    return `${currency} `;
  }
}

/** An API key as a label: "card_present" -> "Card present", "high" -> "High". */
export function humanize(key: string): string {
  const text = key.replace(/[_-]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : key;
}

/** A count with thousands separators: "1,204". */
export const formatCount = (value: number): string => value.toLocaleString('en-US');

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Mar 4, 2026, 9:05 AM"; the input itself when it is not a date, '—' when absent. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** "Mar 4, 2026"; '—' when absent. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}
