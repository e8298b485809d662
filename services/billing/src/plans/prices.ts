import { annualPrice, plans, type BillingCycle, type Plan } from '@app/contracts';

/** The recurring Stripe price of a plan and cycle. */
export interface RecurringPrice {
  /** Stripe lookup_key, e.g. growth_monthly. */
  lookupKey: string;
  /** Minor units (US cents). */
  unitAmount: number;
  currency: 'usd';
  interval: 'month' | 'year';
}

export const priceLookupKey = (planId: Plan['id'], cycle: BillingCycle): string => `${planId}_${cycle}`;

export const findPlan = (planId: string): Plan | undefined => plans.find((plan) => plan.id === planId);

/** Monthly: the monthly price per month; annual: 12 × monthly less 20%, rounded, per year (spec 9). */
export function recurringPrice(plan: Plan, cycle: BillingCycle): RecurringPrice {
  const dollars = cycle === 'annual' ? annualPrice(plan.monthlyPrice) : plan.monthlyPrice;
  return {
    lookupKey: priceLookupKey(plan.id, cycle),
    unitAmount: Math.round(dollars * 100),
    currency: 'usd',
    interval: cycle === 'annual' ? 'year' : 'month',
  };
}

export const isFreePlan = (plan: Plan): boolean => plan.monthlyPrice === 0;
