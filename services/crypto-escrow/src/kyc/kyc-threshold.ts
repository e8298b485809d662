/** Drops (millionths of an XRP) of a decimal XRP amount with at most 6 decimals, exactly. */
export function dropsOf(xrp: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(xrp);
  if (!match) throw new Error(`not an XRP amount: ${xrp}`);
  return BigInt(match[1]!) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/**
 * Whether an amount (the request's XRP decimal string) is over the KYC threshold (XRP, rounded to
 * the drop): only amounts greater than it need a verified identity; at or below it pass.
 */
export const exceedsKycThreshold = (amountXrp: string, thresholdXrp: number): boolean =>
  dropsOf(amountXrp) > dropsOf(thresholdXrp.toFixed(6));
