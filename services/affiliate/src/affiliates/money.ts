/** Dollars as decimal strings <-> integer cents, so no amount ever passes through a float sum. */
export const toCents = (amount: string): number => {
  const negative = amount.trim().startsWith('-');
  const [whole = '0', fraction = ''] = amount.trim().replace(/^-/, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
};

export const fromCents = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
};

/** A rate in percent as the profile shows it, e.g. 15 -> "15.00". */
export const percent = (rate: number): string => rate.toFixed(2);
