import type { Charge, PaymentState } from '@app/contracts';
import { useCharge } from '../../hooks/useCrypto';
import { useCryptoTiming } from './timing';

/** Spec 4's payment states as tags: the quick payment and the checkout's crypto tab show them alike. */
export const paymentStateColors: Record<PaymentState, string> = {
  pending: 'default',
  processing: 'cyan',
  completed: 'success',
  failed: 'error',
};

/** A charge just created, and when (its polling window counts from then). */
export interface ChargeSession {
  charge: Charge;
  createdAt: number;
}

/**
 * A charge being paid, polled (spec 9) from its creation until it settles or the window ends, and
 * its state as spec 4 shows it: a charge that exists is at least processing, whatever the provider
 * calls it; no charge is pending, or failed when creating it failed.
 */
export function useWatchedCharge(session: ChargeSession | undefined, createFailed: boolean) {
  const timing = useCryptoTiming();
  const chargeQuery = useCharge(session?.charge.id, {
    pollMs: timing.chargePollMs,
    limitMs: timing.chargePollLimitMs,
    since: session?.createdAt,
  });
  const charge = chargeQuery.data ?? session?.charge;
  const state: PaymentState = charge
    ? charge.state === 'pending'
      ? 'processing'
      : charge.state
    : createFailed
      ? 'failed'
      : 'pending';
  return { charge, state, chargeQuery };
}
