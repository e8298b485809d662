import { z } from 'zod';

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
});
export type TransactionDelivery = z.input<typeof transactionDeliverySchema>;

export const deliveryResponseSchema = z.object({
  received: z.literal(true),
  /** recorded: new; updated: a known transaction changed status; duplicate: nothing changed. */
  outcome: z.enum(['recorded', 'updated', 'duplicate']),
  transactionId: z.string(),
});
export type DeliveryResponse = z.infer<typeof deliveryResponseSchema>;
