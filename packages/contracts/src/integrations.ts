import { z } from 'zod';
import type { WebhookDeliveryStatus, WebhookEventType } from './webhook-endpoints';

/** Spec 5: the processor types and POS systems a merchant can connect, nothing else. */
export const processorTypes = ['stripe', 'paypal', 'square', 'clover', 'shopify'] as const;
export type ProcessorType = (typeof processorTypes)[number];
export const posSystems = ['square', 'clover', 'shopify', 'lightspeed', 'toast'] as const;
export type PosSystem = (typeof posSystems)[number];
/** Spec 5 and 9: realtime, hourly (the default), daily. */
export const syncFrequencies = ['realtime', 'hourly', 'daily'] as const;
export type SyncFrequency = (typeof syncFrequencies)[number];
export const defaultSyncFrequency: SyncFrequency = 'hourly';

/** Display names of processor types and POS systems. */
export const integrationLabels: Record<ProcessorType | PosSystem, string> = {
  stripe: 'Stripe',
  paypal: 'PayPal',
  square: 'Square',
  clover: 'Clover',
  shopify: 'Shopify',
  lightspeed: 'Lightspeed',
  toast: 'Toast',
};

/** Spec 8: the toasts of the integrations screen. */
export const integrationMessages = {
  failedTitle: 'Integration Failed',
  processorFailed: 'Failed to add payment processor. Please check your credentials.',
  posFailed: 'Failed to add POS system. Please check your credentials.',
  processorAdded: 'Payment Processor Added',
  posAdded: 'POS System Added',
  statusUpdated: 'Status Updated',
  copied: 'Copied',
} as const;

const credential = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(500, `${label} must be at most 500 characters`);
const optionalText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).optional();
const httpsUrl = z
  .string()
  .trim()
  .max(2000, 'Must be at most 2000 characters')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'Webhook URL must be an http(s) URL');

/** POST /api/integrations/payment-processors (spec 7). The name defaults to the type's label. */
export const createProcessorRequestSchema = z.strictObject({
  processorType: z.enum(processorTypes, { error: `Processor type must be one of ${processorTypes.join(', ')}` }),
  processorName: optionalText(100),
  apiKey: credential('API key'),
  apiSecret: optionalText(500),
  webhookUrl: httpsUrl.optional(),
});
export type CreateProcessorRequest = z.input<typeof createProcessorRequestSchema>;

/** POST /api/integrations/pos-systems (spec 7). */
export const createPosRequestSchema = z.strictObject({
  posSystem: z.enum(posSystems, { error: `POS system must be one of ${posSystems.join(', ')}` }),
  posName: optionalText(100),
  apiKey: credential('API key'),
  locationId: optionalText(200),
  syncFrequency: z
    .enum(syncFrequencies, { error: `Sync frequency must be one of ${syncFrequencies.join(', ')}` })
    .optional()
    .default(defaultSyncFrequency),
});
export type CreatePosRequest = z.input<typeof createPosRequestSchema>;

/** PUT /api/integrations/payment-processors/{id} (spec 7): the active toggle. */
export const updateProcessorRequestSchema = z.strictObject({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type UpdateProcessorRequest = z.infer<typeof updateProcessorRequestSchema>;

/** What every integration view shares. Credentials appear masked to their last 4 characters. */
const integrationViewBase = {
  id: z.string(),
  isActive: z.boolean(),
  configuration: z.record(z.string(), z.unknown()),
  /** Last successful delivery or sync (ISO), null before the first. */
  lastSync: z.string().nullable(),
  /** Why the last sync attempt failed, null when it worked or none ran. */
  lastSyncError: z.string().nullable(),
  createdAt: z.string(),
  /** Where the provider posts signed transaction deliveries: /api/integrations/webhooks/{id}. */
  ingestUrl: z.string(),
  /** The signing secret masked, e.g. '••••a1b2'. */
  signingSecretHint: z.string(),
};

export const processorViewSchema = z.object({
  ...integrationViewBase,
  processorType: z.enum(processorTypes),
  processorName: z.string(),
  apiKey: z.string(),
  apiSecret: z.string().nullable(),
  webhookUrl: z.string().nullable(),
});
export type ProcessorView = z.infer<typeof processorViewSchema>;

export const posViewSchema = z.object({
  ...integrationViewBase,
  posSystem: z.enum(posSystems),
  posName: z.string(),
  apiKey: z.string(),
  locationId: z.string().nullable(),
  syncFrequency: z.enum(syncFrequencies),
});
export type PosView = z.infer<typeof posViewSchema>;

/** The create responses add the signing secret in full: shown once, then only its hint. */
export const createdProcessorSchema = processorViewSchema.extend({ signingSecret: z.string() });
export type CreatedProcessor = z.infer<typeof createdProcessorSchema>;
export const createdPosSchema = posViewSchema.extend({ signingSecret: z.string() });
export type CreatedPos = z.infer<typeof createdPosSchema>;

/** GET /api/integrations/analytics (spec 3): computed from stored integrations and transactions. */
export const integrationsAnalyticsSchema = z.object({
  activeIntegrations: z.number().int(),
  /** Transactions that occurred today (UTC), any status. */
  transactionsToday: z.number().int(),
  /** Completed sales today (UTC) in `currency`, 2 decimals; a refund turns its sale to refunded, so it no longer counts. */
  revenueToday: z.number(),
  /** The currency revenueToday is in: the one with the most revenue today, USD when none. */
  currency: z.string(),
  /** The latest lastSync of any of the user's integrations (ISO), null before the first. */
  lastSync: z.string().nullable(),
});
export type IntegrationsAnalytics = z.infer<typeof integrationsAnalyticsSchema>;

/** The header carrying a delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const integrationSignatureHeader = 'x-platform-signature';
export const integrationWebhookPath = (id: string) => `/api/integrations/webhooks/${id}`;

export const integratedTransactionStatuses = ['completed', 'pending', 'failed', 'refunded'] as const;
export type IntegratedTransactionStatus = (typeof integratedTransactionStatuses)[number];
export const paymentMethods = ['card', 'cash', 'wallet', 'bank_transfer', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** A provider's customer id in a delivery, and the customer's e-mail (which wins when present). */
export const maxCustomerIdLength = 200;
/** TransactionRecorded's customer reference: the lower-cased e-mail or `<integration id>:<customer id>`. */
export const maxCustomerRefLength = 254;

/** Up to 15 digits with 2 decimals (spec 3), as a number or a decimal string. */
const money = z
  .union([z.number(), z.string().trim()])
  .transform((value) => String(value))
  .refine((value) => /^\d{1,13}(\.\d{1,2})?$/.test(value), 'Amount must be a positive decimal with at most 2 places');

/**
 * POST /api/integrations/webhooks/{id}: one transaction a processor or POS reports, in the
 * platform's delivery format, signed with the integration's signing secret.
 */
export const transactionDeliverySchema = z.object({
  externalTransactionId: z.string().trim().min(1, 'externalTransactionId is required').max(255),
  amount: money,
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'Currency must be a 3-letter ISO code')
    .transform((value) => value.toUpperCase()),
  status: z.enum(integratedTransactionStatuses),
  paymentMethod: z.enum(paymentMethods).optional().default('card'),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country must be a 2-letter ISO code')
    .transform((value) => value.toUpperCase())
    .optional(),
  occurredAt: z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO 8601 date-time' }),
  /** Free-form, but what becomes the customer reference is bounded: the e-mail wins, else the id. */
  customer: z
    .looseObject({
      email: z
        .string()
        .trim()
        .max(maxCustomerRefLength, `customer.email must be at most ${maxCustomerRefLength} characters`)
        .optional(),
      id: z
        .union([
          z.string().trim().max(maxCustomerIdLength, `customer.id must be at most ${maxCustomerIdLength} characters`),
          z.number(),
        ])
        .optional(),
    })
    .optional(),
  product: z.record(z.string(), z.unknown()).optional(),
  location: z.record(z.string(), z.unknown()).optional(),
  /** A test delivery (the app's "Send sample delivery" sends one): stored and shown, never counted. */
  test: z.boolean({ error: 'test must be true or false' }).optional().default(false),
});
export type TransactionDelivery = z.input<typeof transactionDeliverySchema>;

/** One field of the delivery body, as the merchants' guide (the app's and the reference's) explains it. */
export interface DeliveryFieldGuide {
  name: keyof typeof transactionDeliverySchema.shape;
  type: string;
  required: boolean;
  description: string;
}

/** The delivery body's fields, explained: kept beside the schema (a spec checks they are the same fields). */
export const transactionDeliveryFields: readonly DeliveryFieldGuide[] = [
  {
    name: 'externalTransactionId',
    type: 'string, up to 255',
    required: true,
    description:
      'Your id of the transaction, unique per integration. Sent again with a later status it updates the ' +
      'transaction (pending → completed, completed → refunded...); anything else is answered as a duplicate.',
  },
  {
    name: 'amount',
    type: 'decimal string or number',
    required: true,
    description: 'Positive, at most 2 decimal places, e.g. "129.90".',
  },
  { name: 'currency', type: 'string', required: true, description: 'ISO 4217 code, e.g. USD or NZD.' },
  {
    name: 'status',
    type: integratedTransactionStatuses.join(' | '),
    required: true,
    description: 'Where the payment stands; a refund is the same transaction sent again as refunded.',
  },
  {
    name: 'paymentMethod',
    type: paymentMethods.join(' | '),
    required: false,
    description: 'How the customer paid; card when left out.',
  },
  { name: 'country', type: 'string', required: false, description: 'ISO 3166-1 alpha-2 code, e.g. NZ.' },
  {
    name: 'occurredAt',
    type: 'ISO 8601 date-time',
    required: true,
    description: 'When the payment happened, with its offset, e.g. 2026-11-30T14:05:00Z.',
  },
  {
    name: 'customer',
    type: 'object',
    required: false,
    description:
      'Who paid: `email` (the same customer across your integrations) or `id`; any other fields are kept as sent.',
  },
  { name: 'product', type: 'object', required: false, description: 'What was sold, kept as sent.' },
  { name: 'location', type: 'object', required: false, description: 'Where it was sold (store, till), kept as sent.' },
  {
    name: 'test',
    type: 'boolean',
    required: false,
    description:
      'true for a test delivery: stored and shown marked Test, never counted in your volume, reports or analytics.',
  },
];

/**
 * A realistic delivery for the guide's examples and the sample delivery: a completed card sale,
 * marked `test`. The provider picks the id's prefix and, for a POS system, a location.
 */
export function sampleTransactionDelivery(
  provider: string,
  kind: 'processor' | 'pos',
  options: { id?: string; occurredAt?: Date } = {},
): TransactionDelivery {
  const occurredAt = (options.occurredAt ?? new Date()).toISOString();
  return {
    externalTransactionId: `sample_${options.id ?? '3f9c2a71'}`,
    amount: '42.50',
    currency: 'USD',
    status: 'completed',
    paymentMethod: 'card',
    country: 'US',
    occurredAt,
    customer: { id: 'cus_sample', name: 'Sample Customer' },
    product: { name: 'Sample item', sku: 'SAMPLE-1', quantity: 1 },
    ...(kind === 'pos'
      ? {
          location: {
            id: 'sample-location',
            name: `${integrationLabels[provider as PosSystem] ?? provider} sample till`,
          },
        }
      : {}),
    test: true,
  };
}

/** How to sign a delivery, in the words the guide and the reference share. */
export const integrationSignatureSteps = [
  'Take the current Unix time in seconds: t.',
  "Compute HMAC-SHA256 with the integration's signing secret (the whole whsec_… string, UTF-8) as the key, " +
    'over t, a dot, and the exact bytes of the body you send: "<t>.<body>".',
  `Send the header ${integrationSignatureHeader}: t=<t>,v1=<the HMAC in lower-case hex>.`,
  'A delivery whose signature is missing, wrong or more than 300 seconds old is refused (401) and stores nothing.',
] as const;

export const deliveryResponseSchema = z.object({
  received: z.literal(true),
  /** recorded: new; updated: a known transaction changed status; duplicate: nothing changed. */
  outcome: z.enum(['recorded', 'updated', 'duplicate']),
  transactionId: z.string(),
});
export type DeliveryResponse = z.infer<typeof deliveryResponseSchema>;

/** POST /api/integrations/webhooks/{id}/sample: what was sent, signed, and what ingestion answered. */
export const sampleDeliveryResponseSchema = deliveryResponseSchema.extend({
  /** The body as sent (a test delivery). */
  body: z.record(z.string(), z.unknown()),
  /** The signature header's value it carried (its t is when it was sent). */
  signature: z.string(),
  /** Where it was posted: /api/integrations/webhooks/{id}. */
  ingestUrl: z.string(),
});
export type SampleDeliveryResponse = z.infer<typeof sampleDeliveryResponseSchema>;

/** GET /api/integrations/transactions: the newest first, of every integration or one. */
export const integrationTransactionsQuerySchema = z.strictObject({
  integrationId: z.uuid({ error: 'integrationId must be a UUID' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 100' })
    .int('limit must be a number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(100, 'limit must be a number from 1 to 100')
    .optional()
    .default(20),
});
export type IntegrationTransactionsQuery = z.input<typeof integrationTransactionsQuerySchema>;

/** One transaction a processor or POS system reported, as integrations stores it. */
export const integrationTransactionViewSchema = z.object({
  /** The integrations transaction id (analytics' `transactionId`, the deliveries' answer). */
  id: z.string(),
  integrationId: z.string(),
  /** The processor's or POS entry's name, null when it no longer exists. */
  integrationName: z.string().nullable(),
  sourceKind: z.enum(['processor', 'pos']),
  /** The processor type or POS system. */
  provider: z.string(),
  externalTransactionId: z.string(),
  /** Decimal string with 2 places. */
  amount: z.string(),
  currency: z.string(),
  status: z.enum(integratedTransactionStatuses),
  paymentMethod: z.enum(paymentMethods),
  country: z.string().nullable(),
  /** A test delivery: never counted in volume, reports or analytics. */
  test: z.boolean(),
  /** When the payment happened, as the provider said (ISO). */
  occurredAt: z.string(),
  /** When the platform first recorded it, and last changed it (ISO). */
  recordedAt: z.string(),
  updatedAt: z.string(),
});
export type IntegrationTransactionView = z.infer<typeof integrationTransactionViewSchema>;

/** recorded: first stored; updated: moved to a later status (refunded is an update to refunded). */
export const transactionHistoryKinds = ['recorded', 'updated'] as const;
export const transactionHistoryEntrySchema = z.object({
  kind: z.enum(transactionHistoryKinds),
  /** The status it had from then on; null for a record older than the history (only its last status is known). */
  status: z.enum(integratedTransactionStatuses).nullable(),
  at: z.string(),
  /** The TransactionRecorded event's id (the webhooks' X-Webhook-Id), null for history older than events. */
  eventId: z.string().nullable(),
});
export type TransactionHistoryEntry = z.infer<typeof transactionHistoryEntrySchema>;

/** An outgoing webhook sent for the transaction (transaction.recorded / .updated), to one endpoint. */
export const transactionWebhookSchema = z.object({
  /** The delivery's id (the Developer settings' delivery log). */
  id: z.string(),
  endpointId: z.string(),
  endpointUrl: z.string(),
  eventId: z.string(),
  eventType: z.enum(['transaction.recorded', 'transaction.updated'] as const satisfies readonly WebhookEventType[]),
  // Spelled out: webhook-endpoints imports this module, so its values cannot be imported back.
  status: z.enum(['pending', 'retrying', 'succeeded', 'failed'] as const satisfies readonly WebhookDeliveryStatus[]),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TransactionWebhook = z.infer<typeof transactionWebhookSchema>;

/** GET /api/integrations/transactions/{id}: the transaction, its provider's fields, history and webhooks. */
export const integrationTransactionDetailSchema = integrationTransactionViewSchema.extend({
  customer: z.record(z.string(), z.unknown()).nullable(),
  product: z.record(z.string(), z.unknown()).nullable(),
  location: z.record(z.string(), z.unknown()).nullable(),
  /** The provider's last delivery body, exactly as received (for a sync, as the provider's API answered). */
  raw: z.record(z.string(), z.unknown()),
  /** Oldest first. */
  history: z.array(transactionHistoryEntrySchema),
  /** Oldest first. */
  webhooks: z.array(transactionWebhookSchema),
});
export type IntegrationTransactionDetail = z.infer<typeof integrationTransactionDetailSchema>;
