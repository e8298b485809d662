import {
  billingConfigSchema,
  createSubscriptionResponseSchema,
  currentSubscriptionSchema,
  plansResponseSchema,
  type BillingConfig,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
  type CurrentSubscription,
  type PlanView,
} from '@app/contracts';
import { apiRequest } from './client';

/** GET /api/plans (public): every plan with its monthly and annual price. */
export async function fetchPlans(): Promise<PlanView[]> {
  return (await apiRequest('/api/plans', plansResponseSchema)).plans;
}

/** GET /api/billing/config (public): the card provider's publishable key. */
export function fetchBillingConfig(): Promise<BillingConfig> {
  return apiRequest('/api/billing/config', billingConfigSchema);
}

/**
 * POST /api/create-subscription (spec 3.7 and 7): signed-in and verified users only.
 * Only the plan, cycle and contact details go to our server; card data stays with Stripe Elements.
 */
export function createSubscription(body: CreateSubscriptionRequest): Promise<CreateSubscriptionResponse> {
  return apiRequest('/api/create-subscription', createSubscriptionResponseSchema, { method: 'POST', body });
}

/** GET /api/billing/subscription: the signed-in user's plan (Starter when they never subscribed). */
export function fetchSubscription(): Promise<CurrentSubscription> {
  return apiRequest('/api/billing/subscription', currentSubscriptionSchema);
}

/** POST /api/billing/subscription/cancel: cancels at the end of the current period. */
export function cancelSubscription(): Promise<CurrentSubscription> {
  return apiRequest('/api/billing/subscription/cancel', currentSubscriptionSchema, { method: 'POST' });
}
