import { route } from '../route';
import {
  billingConfigSchema,
  billingPaymentsResponseSchema,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  currentSubscriptionSchema,
  plansResponseSchema,
} from '../../billing';

const service = 'billing';
const tag = 'Billing';

/** Plans, the user's subscription (Stripe) and Stripe's webhook (billing). */
export const billingRoutes = [
  route({
    id: 'listPlans',
    method: 'GET',
    path: '/api/plans',
    service,
    summary: 'Every plan with its monthly and annual prices and features.',
    tag,
    access: 'public',
    response: plansResponseSchema,
  }),
  route({
    id: 'getBillingConfig',
    method: 'GET',
    path: '/api/billing/config',
    service,
    summary: 'What a browser needs to load Stripe.js (the publishable key).',
    tag,
    access: 'public',
    response: billingConfigSchema,
  }),
  route({
    id: 'createSubscription',
    method: 'POST',
    path: '/api/create-subscription',
    service,
    summary: "Subscribes the user to a plan; for a paid plan the answer carries the card payment's client secret.",
    tag,
    access: 'verified',
    movesMoney: true,
    body: createSubscriptionRequestSchema,
    response: createSubscriptionResponseSchema,
  }),
  route({
    id: 'getSubscription',
    method: 'GET',
    path: '/api/billing/subscription',
    service,
    summary: "The user's current subscription (plan, status, period end).",
    tag,
    access: 'verified',
    apiKey: 'read',
    response: currentSubscriptionSchema,
  }),
  route({
    id: 'listBillingPayments',
    method: 'GET',
    path: '/api/billing/payments',
    service,
    summary: "The user's plan payments to the platform (card invoices and crypto charges), newest first, at most 100.",
    tag,
    access: 'verified',
    apiKey: 'read',
    response: billingPaymentsResponseSchema,
  }),
  route({
    id: 'cancelSubscription',
    method: 'POST',
    path: '/api/billing/subscription/cancel',
    service,
    summary: 'Cancels the subscription at the end of the paid period.',
    tag,
    access: 'verified',
    response: currentSubscriptionSchema,
  }),
  route({
    id: 'receiveStripeWebhook',
    method: 'POST',
    path: '/api/webhooks/stripe',
    service,
    summary: "Stripe's billing events (signed with the webhook secret): payments, invoices and subscription changes.",
    tag,
    access: 'webhook',
  }),
] as const;
