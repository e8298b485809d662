import { z } from 'zod';
import { integrationMessages } from './integrations';

/**
 * Outgoing webhooks (issue 20): a merchant registers endpoint URLs and chooses event types;
 * integrations posts each matching event there, signed with the endpoint's secret in the same
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` scheme as inbound deliveries, retrying with
 * exponential backoff for 24 hours.
 *
 * Only event types that some service really publishes are offered. Not yet: subscription changes
 * other than activation (billing publishes no cancellation or plan-change event).
 */
export const webhookEventTypes = [
  'transaction.recorded',
  'transaction.updated',
  'charge.completed',
  'charge.failed',
  'escrow.finished',
  'escrow.cancelled',
  'subscription.changed',
  'payout.paid',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What each event type means, for the endpoint form and the reference. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'transaction.recorded': 'Transaction recorded',
  'transaction.updated': 'Transaction updated (a later status, e.g. refunded)',
  'charge.completed': 'Crypto charge completed',
  'charge.failed': 'Crypto charge failed or expired',
  'escrow.finished': 'Escrow finished',
  'escrow.cancelled': 'Escrow cancelled',
  'subscription.changed': 'Subscription changed (activated)',
  'payout.paid': 'Affiliate payout paid',
};

/** The type of the event "Send test event" delivers; never subscribed to, always delivered when asked. */
export const webhookTestEventType = 'webhook.test';
export const webhookEnvelopeTypes = [...webhookEventTypes, webhookTestEventType] as const;
export type WebhookEnvelopeType = (typeof webhookEnvelopeTypes)[number];

/** Headers of every delivery (HTTP header names are case-insensitive). */
export const webhookSignatureHeader = 'x-webhook-signature';
/** The event's id: the same on every attempt and resend, so a receiver can drop what it already has. */
export const webhookIdHeader = 'x-webhook-id';
export const webhookEventHeader = 'x-webhook-event';

/**
 * pending: not attempted yet; retrying: failed, another attempt is scheduled; succeeded: an
 * attempt got a 2xx (no automatic attempt follows); failed: every attempt of the 24 hours failed.
 */
export const webhookDeliveryStatuses = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** At most this many endpoints per merchant. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

export const webhookMessages = {
  endpointAdded: 'Webhook endpoint added',
  endpointDeleted: 'Webhook endpoint deleted',
  secretRotated: 'Signing secret rotated',
  resent: 'Delivery queued again',
  testSent: 'Test event queued',
  secretOnce: 'Copy this signing secret now. It will not be shown again.',
  /** Spec 8: a key or secret copied (the integrations screen's toast). */
  copied: integrationMessages.copied,
} as const;

const endpointUrl = z
  .string({ error: 'Endpoint URL is required' })
  .trim()
  .min(1, 'Endpoint URL is required')
  .max(2000, 'Endpoint URL must be at most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Endpoint URL must be an http(s) URL')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, 'Endpoint URL must not contain a user name or password');

const eventTypes = z
  .array(z.enum(webhookEventTypes, { error: `Event type must be one of ${webhookEventTypes.join(', ')}` }), {
    error: 'Choose at least one event type',
  })
  .min(1, 'Choose at least one event type')
  .max(webhookEventTypes.length, 'Choose each event type at most once')
  .transform((types) => webhookEventTypes.filter((type) => types.includes(type)));

/** POST /api/developer/webhooks. */
export const createWebhookEndpointRequestSchema = z.strictObject({ url: endpointUrl, eventTypes });
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequestSchema>;

/** PUT /api/developer/webhooks/{id}: any of the URL, the event types and the active switch. */
export const updateWebhookEndpointRequestSchema = z
  .strictObject({
    url: endpointUrl.optional(),
    eventTypes: eventTypes.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change');
export type UpdateWebhookEndpointRequest = z.input<typeof updateWebhookEndpointRequestSchema>;

export const webhookEndpointViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  eventTypes: z.array(z.enum(webhookEventTypes)),
  isActive: z.boolean(),
  /** The signing secret masked, e.g. '••••a1b2'. */
  signingSecretHint: z.string(),
  /** The newest delivery's status and time, null before the first. */
  lastDeliveryStatus: z.enum(webhookDeliveryStatuses).nullable(),
  lastDeliveryAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointViewSchema>;

/** The create and rotate answers carry the signing secret in full: shown once, then only its hint. */
export const webhookEndpointWithSecretSchema = webhookEndpointViewSchema.extend({ signingSecret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliveryAttemptSchema = z.object({
  /** 1 for the first attempt. */
  number: z.number().int(),
  /** The endpoint's HTTP status, null when no answer came (refused, timed out, unreachable). */
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** Why it failed, null when it succeeded. */
  error: z.string().nullable(),
  succeeded: z.boolean(),
  /** A resend by hand (or the test event), not the automatic schedule. */
  manual: z.boolean(),
  attemptedAt: z.string(),
});
export type WebhookDeliveryAttempt = z.infer<typeof webhookDeliveryAttemptSchema>;

export const webhookDeliveryViewSchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  /** The envelope's id (X-Webhook-Id). */
  eventId: z.string(),
  eventType: z.enum(webhookEnvelopeTypes),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastLatencyMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** When the next automatic attempt is due, null when none is scheduled. */
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Every attempt, oldest first. */
  attemptLog: z.array(webhookDeliveryAttemptSchema),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

/** GET /api/developer/webhooks/{id}/deliveries: newest first. */
export const webhookDeliveriesQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 100' })
    .int('limit must be a number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(100, 'limit must be a number from 1 to 100')
    .optional()
    .default(50),
});

// What a delivery's body carries: the envelope, and per type its `data`.
const isoTime = z.string();
export const transactionEventDataSchema = z.object({
  transactionId: z.string(),
  externalTransactionId: z.string(),
  /** Decimal string with 2 places. */
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  paymentMethod: z.string(),
  country: z.string().nullable(),
  processor: z.string(),
  sourceKind: z.string(),
  integrationId: z.string(),
  customerRef: z.string().nullable(),
  occurredAt: isoTime.nullable(),
  /** A test delivery (the app's sample delivery): not a sale. */
  test: z.boolean(),
});
export const chargeEventDataSchema = z.object({
  chargeId: z.string(),
  providerChargeId: z.string(),
  code: z.string(),
  provider: z.string(),
  amount: z.string(),
  currency: z.string(),
  /** charge.completed: what was paid in; charge.failed: null. */
  cryptoCurrency: z.string().nullable(),
  /** charge.completed: 'COMPLETED'; charge.failed: 'EXPIRED' or 'CANCELED'. */
  status: z.string(),
  occurredAt: isoTime.nullable(),
});
export const escrowEventDataSchema = z.object({
  escrowId: z.string(),
  owner: z.string(),
  offerSequence: z.number().int(),
  destination: z.string(),
  amount: z.string(),
  currency: z.string(),
  txHash: z.string(),
  occurredAt: isoTime.nullable(),
});
export const subscriptionEventDataSchema = z.object({
  subscriptionId: z.string(),
  planId: z.string(),
  billingCycle: z.string(),
  status: z.literal('active'),
  currentPeriodEnd: isoTime.nullable(),
});
export const payoutEventDataSchema = z.object({
  payoutId: z.string(),
  affiliateId: z.string(),
  /** Decimal string with 2 places, in dollars. */
  amount: z.string(),
  paidAt: isoTime.nullable(),
});
export const testEventDataSchema = z.object({ endpointId: z.string(), message: z.string() });

export const webhookEventDataSchemas = {
  'transaction.recorded': transactionEventDataSchema,
  'transaction.updated': transactionEventDataSchema,
  'charge.completed': chargeEventDataSchema,
  'charge.failed': chargeEventDataSchema,
  'escrow.finished': escrowEventDataSchema,
  'escrow.cancelled': escrowEventDataSchema,
  'subscription.changed': subscriptionEventDataSchema,
  'payout.paid': payoutEventDataSchema,
  'webhook.test': testEventDataSchema,
} as const satisfies Record<WebhookEnvelopeType, z.ZodType>;

/** The JSON body of every delivery. */
export const webhookEnvelopeSchema = z.object({
  /** The event's id (also X-Webhook-Id): the same on every attempt, resend and endpoint. */
  id: z.string(),
  type: z.enum(webhookEnvelopeTypes),
  /** When the event happened (ISO-8601). */
  createdAt: isoTime,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;
