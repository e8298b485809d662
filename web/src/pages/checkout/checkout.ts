import { billingCycles, type BillingCycle, type PlanView } from '@app/contracts';

/** The plans of GET /api/plans that checkout sells (the same numbers as the pricing page). */
export const paidPlansOf = (plans: readonly PlanView[]): PlanView[] => plans.filter((plan) => plan.monthlyPrice > 0);

/** The free plan of GET /api/plans, which needs no checkout. */
export const freePlanOf = (plans: readonly PlanView[]): PlanView | undefined =>
  plans.find((plan) => plan.monthlyPrice === 0);

/** The paid plan named by ?plan=, else the popular one (Starter needs no checkout); undefined when none is paid. */
export function planFromQuery(paidPlans: readonly PlanView[], value: string | null): PlanView | undefined {
  return (
    paidPlans.find((candidate) => candidate.id === value) ?? paidPlans.find((plan) => plan.popular) ?? paidPlans[0]
  );
}

export const cycleFromQuery = (value: string | null): BillingCycle =>
  (billingCycles as readonly string[]).includes(value ?? '') ? (value as BillingCycle) : 'monthly';

export const priceOf = (plan: PlanView, cycle: BillingCycle) =>
  cycle === 'annual' ? plan.annualPrice : plan.monthlyPrice;

export const perCycle = (cycle: BillingCycle) => (cycle === 'annual' ? '/year' : '/month');

export const cycleLabels: Record<BillingCycle, string> = { monthly: 'Monthly', annual: 'Annual' };

export const checkoutPath = (plan: PlanView, cycle: BillingCycle) =>
  `/payment?plan=${encodeURIComponent(plan.id)}&cycle=${cycle}`;

/** The section 8 messages of checkout. */
export const stripeNotLoadedMessage = 'Stripe is not loaded. Please refresh and try again.';
export const paymentErrorMessage = 'An error occurred while processing your payment. Please try again.';
