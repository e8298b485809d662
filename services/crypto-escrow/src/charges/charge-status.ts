/**
 * How a charge's stored status follows the provider's. Coinbase Commerce's timeline for a charge paid
 * after it expired is NEW, EXPIRED, UNRESOLVED (context DELAYED), then RESOLVED once the merchant or
 * Coinbase resolves it (webhooks charge:failed, charge:delayed, charge:resolved); a late payment can
 * also end COMPLETED. Webhook deliveries and polls arrive in any order and repeat, so a reported
 * status replaces the stored one only when it is further along, and each event-bearing status is
 * reached at most once:
 *
 *   NEW < SIGNED < PENDING < EXPIRED < UNRESOLVED < COMPLETED / RESOLVED (paid)
 *
 * - COMPLETED and RESOLVED mean paid; with CANCELED they are settled: nothing moves the charge after.
 * - EXPIRED and CANCELED are reached only from an open status (NEW, SIGNED, PENDING or one not named
 *   here), so ChargeFailed is published at most once; a stale EXPIRED after UNRESOLVED changes nothing.
 * - EXPIRED is not settled: a late payment moves it on (UNRESOLVED, then paid), and ChargeCompleted
 *   follows the ChargeFailed under the same key.
 * - A PENDING reported after EXPIRED leaves the charge EXPIRED (Commerce reports a late payment as
 *   UNRESOLVED); a refund after payment is not modelled (paid is settled).
 */
const stages: Record<string, number> = {
  NEW: 0,
  SIGNED: 1,
  PENDING: 2,
  EXPIRED: 3,
  UNRESOLVED: 4,
  COMPLETED: 5,
  RESOLVED: 5,
  CANCELED: 5,
};
/** A status not named above counts as open, like PENDING. */
const stageOf = (status: string) => stages[status] ?? stages.PENDING!;

export const chargePaidStatuses = ['COMPLETED', 'RESOLVED'] as const;
/** Statuses nothing moves a charge out of (the poll stops; webhooks change nothing). */
export const chargeSettledStatuses = ['COMPLETED', 'RESOLVED', 'CANCELED'] as const;

export const isPaid = (status: string) => (chargePaidStatuses as readonly string[]).includes(status);
export const isSettled = (status: string) => (chargeSettledStatuses as readonly string[]).includes(status);
const endsUnpaid = (status: string) => status === 'EXPIRED' || status === 'CANCELED';

/** Whether a charge stored in `from` moves to the provider's `to`. */
export function mayMove(from: string, to: string): boolean {
  if (from === to || isSettled(from)) return false;
  if (endsUnpaid(to)) return stageOf(from) < stages.EXPIRED!;
  return stageOf(to) > stageOf(from);
}

export type ChargeEventType = 'ChargeCompleted' | 'ChargeFailed';

export interface StoredCharge {
  status: string;
  statusContext: string | null;
  cryptoCurrency: string | null;
}

export interface SeenCharge {
  status: string;
  statusContext: string | null;
  cryptoCurrency: string | null;
}

export interface ChargeChange {
  status: string;
  statusContext: string | null;
  cryptoCurrency: string | null;
  /** Set when the status moved to paid (ChargeCompleted) or to EXPIRED / CANCELED (ChargeFailed). */
  event: ChargeEventType | null;
}

/**
 * What a provider report changes on a stored charge, or null for nothing: the status when it moves on
 * (with the event it publishes), else only the crypto the payer used when that became known while
 * the charge is not settled.
 */
export function chargeChange(stored: StoredCharge, seen: SeenCharge): ChargeChange | null {
  const cryptoCurrency = seen.cryptoCurrency ?? stored.cryptoCurrency;
  const statusContext = seen.statusContext ?? stored.statusContext;
  if (mayMove(stored.status, seen.status)) {
    const event = isPaid(seen.status) ? 'ChargeCompleted' : endsUnpaid(seen.status) ? 'ChargeFailed' : null;
    return { status: seen.status, statusContext, cryptoCurrency, event };
  }
  if (!isSettled(stored.status) && cryptoCurrency !== stored.cryptoCurrency) {
    return { status: stored.status, statusContext: stored.statusContext, cryptoCurrency, event: null };
  }
  return null;
}
