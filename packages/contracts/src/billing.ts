import { z } from 'zod';
import { annualPrice, plans, type BillingCycle, type Plan } from './plans';

export const billingCycles = ['monthly', 'annual'] as const satisfies readonly BillingCycle[];
export const planIds = ['starter', 'growth', 'pro'] as const satisfies readonly Plan['id'][];

/** The feature lines a plan card and the checkout summary show, derived from the plan's facts. */
export function planFeatures(plan: Plan): string[] {
  return [
    `$${plan.monthlyVolume.toLocaleString('en-US')} monthly processing volume`,
    plan.teamMembers === 1 ? '1 team member' : `${plan.teamMembers} team members`,
    ...(plan.apiAccess ? ['API access'] : []),
    ...(plan.propertyTokenizationsPerMonth > 0
      ? [`${plan.propertyTokenizationsPerMonth} property tokenization per month`]
      : []),
  ];
}

/** GET /api/plans: every plan with both prices, so the pricing page and checkout show the same numbers. */
export const planViewSchema = z.object({
  id: z.enum(planIds),
  name: z.string(),
  monthlyPrice: z.number(),
  annualPrice: z.number(),
  features: z.array(z.string()),
  popular: z.boolean(),
});
export type PlanView = z.infer<typeof planViewSchema>;
export const plansResponseSchema = z.object({ plans: z.array(planViewSchema) });

export const toPlanView = (plan: Plan): PlanView => ({
  id: plan.id,
  name: plan.name,
  monthlyPrice: plan.monthlyPrice,
  annualPrice: annualPrice(plan.monthlyPrice),
  features: planFeatures(plan),
  popular: plan.popular,
});

export const planViews = (): PlanView[] => plans.map(toPlanView);

/** Spec 5.8: full name and email required; company optional. */
export const customerInfoSchema = z.strictObject({
  name: z.string().trim().min(1, 'Full name is required').max(200),
  email: z.email('Please enter a valid email address').max(254),
  company: z.string().trim().max(200).optional().default(''),
});

/** POST /api/create-subscription (spec 3.7 and 7). */
export const createSubscriptionRequestSchema = z.strictObject({
  planId: z.enum(planIds, { error: 'Unknown plan. Choose growth, pro or starter.' }),
  billingCycle: z.enum(billingCycles, { error: 'Unknown billing cycle. Choose monthly or annual.' }),
  customerInfo: customerInfoSchema,
});
export type CreateSubscriptionRequest = z.input<typeof createSubscriptionRequestSchema>;

export const subscriptionStatuses = [
  'none',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** The answer to create-subscription: confirm the card payment with clientSecret (null for the free plan). */
export const createSubscriptionResponseSchema = z.object({
  subscriptionId: z.string(),
  status: z.enum(subscriptionStatuses),
  clientSecret: z.string().nullable(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/** GET /api/billing/subscription and the answer to POST /api/billing/subscription/cancel. */
export const currentSubscriptionSchema = z.object({
  planId: z.enum(planIds),
  planName: z.string(),
  billingCycle: z.enum(billingCycles).nullable(),
  status: z.enum(subscriptionStatuses),
  /** ISO date of the next invoice (end of the current period); null on the free plan. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;

/**
 * GET /api/billing/config: what the browser needs to load Stripe.js: the publishable key, and where
 * Stripe.js loads from (null: Stripe's own, https://js.stripe.com; the local fake Stripe's stand-in offline).
 */
export const billingConfigSchema = z.object({ publishableKey: z.string(), stripeJsUrl: z.string().nullable() });
export type BillingConfig = z.infer<typeof billingConfigSchema>;

export const billingPaymentMethods = ['card', 'crypto'] as const;
export const billingPaymentStatuses = ['paid', 'refunded', 'partially_refunded', 'failed', 'pending'] as const;
export type BillingPaymentStatus = (typeof billingPaymentStatuses)[number];

/** The most payments GET /api/billing/payments lists (newest first). */
export const billingPaymentsLimit = 100;

/**
 * One payment the user made to the platform for a plan: a Stripe invoice (card) or a Coinbase
 * charge (crypto). Money the user pays us, so it lives in Billing, never in their sales.
 */
export const billingPaymentSchema = z.object({
  id: z.string(),
  method: z.enum(billingPaymentMethods),
  /** The plan and cycle paid for, e.g. "Growth, monthly". */
  description: z.string().meta({ example: 'Growth, monthly' }),
  /** Decimal string in the currency's major unit, e.g. "29.00". */
  amount: z.string(),
  /** ISO currency code, upper case. */
  currency: z.string(),
  status: z.enum(billingPaymentStatuses),
  /** ISO date-time the payment was paid (or, failed or pending, when it was recorded). */
  paidAt: z.string(),
  /** The Stripe invoice's id or the crypto charge's id, as the receipt mail names it. */
  reference: z.string().meta({ example: 'in_1QxY2ZLkdIwHu7ix' }),
});
export type BillingPayment = z.infer<typeof billingPaymentSchema>;

/** GET /api/billing/payments: the user's plan payments, newest first, at most 100. */
export const billingPaymentsResponseSchema = z.object({ payments: z.array(billingPaymentSchema) });
export type BillingPaymentsResponse = z.infer<typeof billingPaymentsResponseSchema>;
