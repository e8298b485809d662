import {
  routeById,
  type BillingConfig,
  type BillingPayment,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
  type CurrentSubscription,
  type PlanView,
} from '@app/contracts';
import { callRoute } from './client';

/** GET /api/plans (public): every plan with its monthly and annual price. */
export async function fetchPlans(): Promise<PlanView[]> {
  return (await callRoute(routeById('listPlans'))).plans;
}

/** GET /api/billing/config (public): the card provider's publishable key. */
export function fetchBillingConfig(): Promise<BillingConfig> {
  return callRoute(routeById('getBillingConfig'));
}

/**
 * POST /api/create-subscription (spec 3.7 and 7): signed-in and verified users only.
 * Only the plan, cycle and contact details go to our server; card data stays with Stripe Elements.
 */
export function createSubscription(body: CreateSubscriptionRequest): Promise<CreateSubscriptionResponse> {
  return callRoute(routeById('createSubscription'), { body });
}

/** GET /api/billing/subscription: the signed-in user's plan (Starter when they never subscribed). */
export function fetchSubscription(): Promise<CurrentSubscription> {
  return callRoute(routeById('getSubscription'));
}

/** POST /api/billing/subscription/cancel: cancels at the end of the current period. */
export function cancelSubscription(): Promise<CurrentSubscription> {
  return callRoute(routeById('cancelSubscription'));
}

/** GET /api/billing/payments: what the user paid the platform for plans (card and crypto), newest first. */
export async function fetchBillingPayments(): Promise<BillingPayment[]> {
  return (await callRoute(routeById('listBillingPayments'))).payments;
}
