const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Mar 4, 2026, 9:05 AM"; the raw text if it is not a date. */
export function formatDateTime(value: string | number | Date): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateTime.format(date);
}

/** An XRP amount as the ledger gave it (a decimal string), grouped for reading, without trailing zeros. */
export function formatXrp(amount: string): string {
  const [whole = '0', rawFraction = ''] = amount.split('.');
  const fraction = rawFraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fraction ? `${grouped}.${fraction}` : grouped} XRP`;
}

/** The XRP Ledger's classic address form: r plus 24-34 base58 characters (the server checks the checksum). */
export const xrpAddressPattern = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/;

/** XRP has 6 decimal places (drops); amounts are sent as decimal strings so none are lost. */
export const xrpAmountPattern = /^(?:0|[1-9]\d{0,10})(?:\.\d{1,6})?$/;

/** Spec 9: the network fee shown for a wallet send. */
export const sendNetworkFeeXrp = '0.00001';

/** amount + fee, added in drops (millionths) so no floating-point noise shows. */
export function addXrp(a: string, b: string): string {
  const drops = (value: string) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  };
  const total = drops(a) + drops(b);
  const whole = total / 1_000_000n;
  const fraction = (total % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
