import rates from './reference-rates.json';

/**
 * Conversion to the reporting currency with the reference-rate table (reference-rates.json), one
 * copy for every service that reports USD figures from the same events (analytics, reports-ai), so
 * their totals agree to the cent.
 */

/** US dollars per one unit of each currency the reference table quotes. */
const usdPerUnit: Record<string, number> = {
  ...rates.quotedUsdPerUnit,
  ...Object.fromEntries(Object.entries(rates.quotedUnitsPerUsd).map(([code, perUsd]) => [code, 1 / perUsd])),
};

export const referenceRates = { source: rates.source, asOf: rates.asOf };

/** Whether the currency has a USD reference rate (XRP and other crypto do not). */
export const hasUsdRate = (currency: string): boolean => usdPerUnit[currency.toUpperCase()] !== undefined;

/**
 * The USD value of a decimal amount as a decimal string with 2 places (half away from zero), or
 * null when the currency has no reference rate. Computed in integer micro-units so a decimal string
 * never passes through a float sum.
 */
export function toUsd(amount: string, currency: string): string | null {
  const rate = usdPerUnit[currency.toUpperCase()];
  if (rate === undefined) return null;
  if (currency.toUpperCase() === 'USD') return fixed2(amount);
  const micros = decimalToMicros(amount);
  // rate has at most 4 decimals quoted, its inverse is exact enough at 1e-10 precision.
  const rateNano = BigInt(Math.round(rate * 1e10));
  const cents = roundDiv(micros * rateNano, 10n ** 14n);
  return centsToDecimal(cents);
}

/** NZD per USD, for the AML thresholds that the policy states in New Zealand dollars. */
export const nzdPerUsd = 1 / usdPerUnit.NZD;

function decimalToMicros(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a decimal amount: ${amount}`);
  const micros = BigInt(match[2]) * 1_000_000n + BigInt((match[3] ?? '').padEnd(6, '0'));
  return match[1] ? -micros : micros;
}

function roundDiv(value: bigint, divisor: bigint): bigint {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const rounded = (abs + divisor / 2n) / divisor;
  return negative ? -rounded : rounded;
}

function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A decimal string rounded to 2 places. */
export function fixed2(amount: string): string {
  return centsToDecimal(roundDiv(decimalToMicros(amount), 10_000n));
}

/** Rounds to 2 decimals for money figures read from numeric sums. */
export const money = (value: string | number | null | undefined): number => Math.round(Number(value ?? 0) * 100) / 100;
export const round1 = (value: number): number => Math.round(value * 10) / 10;
