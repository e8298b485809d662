import { COMMISSION_WINDOW_DAYS, tierForMonthlyReferrals, type AffiliateTier } from '@app/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec 9: commission applies to subscription fees of the first year after the referral. */
export const withinCommissionWindow = (referredAt: Date, paidAt: Date): boolean =>
  paidAt.getTime() >= referredAt.getTime() &&
  paidAt.getTime() - referredAt.getTime() <= COMMISSION_WINDOW_DAYS * DAY_MS;

/** The commission on an invoice in cents, at the tier the month's referrals earn; rounded half up. */
export function commissionOf(invoiceCents: number, referralsThisMonth: number): { tier: AffiliateTier; cents: number } {
  const tier = tierForMonthlyReferrals(referralsThisMonth);
  return { tier, cents: Math.round((invoiceCents * tier.ratePercent) / 100) };
}

/**
 * How much of a commission a refund takes back: the commission's share of the refunded part of
 * the invoice (billing reports the total refunded so far, so repeated refunds only add the difference).
 */
export const clawbackOf = (commissionCents: number, invoiceCents: number, refundedCents: number): number =>
  invoiceCents <= 0 ? 0 : Math.round((commissionCents * Math.min(refundedCents, invoiceCents)) / invoiceCents);

/**
 * How much of a commission is taken back in all: what refunds took plus what open disputes hold
 * back, never more than the commission (a partly refunded charge disputed for its whole amount).
 */
export const takenBackOf = (commissionCents: number, refundedCents: number, disputedCents: number): number =>
  Math.min(commissionCents, refundedCents + disputedCents);

/**
 * How long an invoice or refund waits for its user's UserRegistered. The registration is written
 * with the account and an invoice needs a signed-in subscriber, so an event overtakes it only by
 * the lag between two topics' consumers (an outage, a stuck partition): days at most. Older ones
 * belong to users this service will never see (accounts from before known_users existed).
 */
export const PARKED_EVENT_RETENTION_DAYS = 30;

/** Events parked before this time are expired: never applied, and purged. */
export const parkedEventCutoff = (now: Date): Date => new Date(now.getTime() - PARKED_EVENT_RETENTION_DAYS * DAY_MS);
