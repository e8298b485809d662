import { z } from 'zod';
import { billingCycles } from './billing';
import { annualPrice, plans, type BillingCycle, type Plan } from './plans';

/*
 * Crypto wallet, crypto payments (Coinbase Commerce charges) and XRP Ledger escrows
 * (spec 2, 3, 4, 5, 7, 8, 9). Served by services/crypto-escrow under /api/crypto/*.
 */

/** Spec 9: charge polling, escrow monitoring and escrow defaults. */
export const cryptoTimings = {
  chargePollIntervalMs: 10_000,
  chargePollStopAfterMs: 30 * 60 * 1000,
  escrowMonitorIntervalMs: 30_000,
  escrowMonitorStopAfterMs: 24 * 60 * 60 * 1000,
} as const;

export const secondsPerDay = 24 * 60 * 60;
/** Spec 5 and 9: Release After / Auto Cancel After are day counts 1..365, defaults 7 and 30. */
export const escrowDefaults = {
  releaseAfterDays: 7,
  cancelAfterDays: 30,
  minDays: 1,
  maxDays: 365,
  /** Spec 9: the sample escrow amount (XRP) the setup form shows. */
  sampleAmountXrp: '100',
} as const;
export const daysToSeconds = (days: number): number => days * secondsPerDay;

/** Spec 9: wallet figures that are constants of the product, not of the ledger. */
export const walletConstants = {
  /** The network fee the send form shows, in the chosen currency; total = amount + fee. */
  sendNetworkFee: 0.00001,
  /** XRP minimum reserve as the spec states it; the account endpoint reports the ledger's own value. */
  xrpMinimumReserve: 10,
  xrpConfirmationSeconds: '3-5',
  /** Sample quick payment (USD). */
  sampleQuickPaymentUsd: 500,
  /** Spec 9: "payment said to confirm within 10-30 minutes". */
  chargeConfirmationWindow: '10-30 minutes',
} as const;

/** Spec 3: the crypto a payer may choose for a charge, with the network fee shown. */
export const supportedCryptoOptions = [
  { symbol: 'BTC', name: 'Bitcoin', networkFee: '0.0005', feeCurrency: 'BTC', network: 'Bitcoin network' },
  { symbol: 'ETH', name: 'Ethereum', networkFee: '0.005', feeCurrency: 'ETH', network: 'Ethereum' },
  { symbol: 'MATIC', name: 'Polygon', networkFee: '0.01', feeCurrency: 'MATIC', network: 'Polygon' },
  { symbol: 'XRP', name: 'XRP', networkFee: '0.00001', feeCurrency: 'XRP', network: 'XRP Ledger' },
  { symbol: 'USDC', name: 'USD Coin', networkFee: '0.005', feeCurrency: 'ETH', network: 'Ethereum' },
] as const;
export const cryptoSymbols = ['BTC', 'ETH', 'MATIC', 'XRP', 'USDC'] as const;
export type CryptoSymbol = (typeof cryptoSymbols)[number];

/** Spec 8: the crypto toasts, title and description. */
export const cryptoMessages = {
  paymentFailed: { title: 'Payment Failed', description: 'Failed to create crypto payment. Please try again.' },
  paymentCreated: { title: 'Payment Created' },
  paymentConfirmed: { title: 'Payment Confirmed' },
  walletFailed: { title: 'Wallet Generation Failed', description: 'Failed to create XRP wallet. Please try again.' },
  escrowCreateFailed: {
    title: 'Escrow Creation Failed',
    description: 'Failed to create XRP escrow. Please try again.',
  },
  escrowFinishFailed: {
    title: 'Escrow Finish Failed',
    description: 'Failed to finish escrow. Check conditions and try again.',
  },
  escrowCancelFailed: {
    title: 'Escrow Cancel Failed',
    description: 'Failed to cancel escrow. Check timing and try again.',
  },
  connectionFailed: {
    title: 'Connection Failed',
    description: 'Unable to connect to Coinbase. Please check your API settings.',
  },
  sendFailed: { title: 'Send Failed', description: 'Payment processing failed. Please try again.' },
  noWallet: { title: 'No Wallet', description: 'Please generate a wallet first.' },
  missingInformation: { title: 'Missing Information', description: 'Please enter amount and destination address.' },
} as const;

/** Spec 4: the payment card's states and their labels. */
export const paymentStates = ['pending', 'processing', 'completed', 'failed'] as const;
export type PaymentState = (typeof paymentStates)[number];
export const paymentStateLabels: Record<PaymentState, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Confirmed',
  failed: 'Failed',
};
/**
 * A charge's provider status -> the card's state. Paid: COMPLETED, or RESOLVED (a payment after
 * expiry, once resolved); failed: EXPIRED or CANCELED (an expired charge may still be paid late);
 * anything else (NEW, PENDING, UNRESOLVED, ...) is processing.
 */
export function paymentStateOfCharge(status: string | null | undefined): PaymentState {
  if (!status) return 'pending';
  const upper = status.toUpperCase();
  if (upper === 'COMPLETED' || upper === 'RESOLVED') return 'completed';
  if (upper === 'EXPIRED' || upper === 'CANCELED' || upper === 'CANCELLED') return 'failed';
  return 'processing';
}

/** Spec 7: destination tag = the last 8 characters of the property id read as hexadecimal. */
export function destinationTagFromPropertyId(propertyId: string): number | null {
  const tail = propertyId.slice(-8);
  if (!/^[0-9a-fA-F]{1,8}$/.test(tail)) return null;
  return Number.parseInt(tail, 16);
}

// ---------- Requests ----------

const missingInformation = cryptoMessages.missingInformation.description;
const classicAddress = (label: string) =>
  z
    .string({ error: missingInformation })
    .trim()
    .min(1, { message: missingInformation, abort: true })
    .regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/, `${label} must be an XRP Ledger address (r...)`);
/** The XRPL seed (family seed, base58, starts with s). Used in memory to sign; never stored or logged. */
const seed = z
  .string({ error: 'Sender seed is required' })
  .trim()
  .min(1, { message: 'Sender seed is required', abort: true })
  .regex(/^s[1-9A-HJ-NP-Za-km-z]{20,40}$/, 'Sender seed must be an XRP Ledger seed (s...)');
/** XRP: positive, up to 6 decimals, as a number or a decimal string. */
const xrpAmount = z
  .union([z.number(), z.string().trim()], { error: missingInformation })
  .transform((value) => (typeof value === 'number' ? value.toString() : value))
  .refine((value) => value !== '', { message: missingInformation, abort: true })
  .refine(
    (value) => /^\d{1,11}(\.\d{1,6})?$/.test(value) && Number(value) > 0,
    'Amount must be a positive XRP amount with at most 6 decimals',
  );
const dayBoundMessage = (label: string) => `${label} must be between 1 and 365 days`;
const escrowSeconds = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number of seconds`)
    .min(daysToSeconds(escrowDefaults.minDays), dayBoundMessage(label))
    .max(daysToSeconds(escrowDefaults.maxDays), dayBoundMessage(label));
const hex = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^([0-9a-fA-F]{2}){${min},${max}}$`), `${label} must be hexadecimal`)
    .transform((value) => value.toUpperCase());
/** PREIMAGE-SHA-256 condition, DER hex (39 bytes). */
const conditionHex = hex('Condition', 39, 39);
/** PREIMAGE-SHA-256 fulfillment, DER hex (preimage up to 256 bytes). */
const fulfillmentHex = hex('Fulfillment', 4, 300);
const destinationTag = z
  .number({ error: 'Destination tag must be a number' })
  .int('Destination tag must be a whole number')
  .min(0, 'Destination tag must be between 0 and 4294967295')
  .max(4294967295, 'Destination tag must be between 0 and 4294967295');
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * POST /api/crypto/coinbase/charge (spec 7). The user id comes from the session: a userId in
 * metadata is ignored. amount is USD with 2 decimals. Unknown fields are refused; metadata is
 * free-form.
 */
export const createChargeRequestSchema = z.strictObject({
  amount: z
    .union([z.number(), z.string().trim()], { error: 'Amount is required' })
    .transform((value) => (typeof value === 'number' ? value.toFixed(2) : value))
    .refine(
      (value) => /^\d{1,13}(\.\d{1,2})?$/.test(value) && Number(value) > 0,
      'Amount must be a positive amount with at most 2 decimals',
    ),
  currency: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => value === 'USD', 'Currency must be USD')
    .optional()
    .default('USD'),
  description: z
    .string()
    .trim()
    .max(200, 'Description must be at most 200 characters')
    .optional()
    .default('Crypto payment'),
  metadata: z
    .object({
      preferredCurrency: z.preprocess(
        emptyToUndefined,
        z.enum(cryptoSymbols, { error: `Preferred currency must be one of ${cryptoSymbols.join(', ')}` }).optional(),
      ),
    })
    .catchall(z.unknown())
    .optional()
    .default({}),
});
export type CreateChargeRequest = z.input<typeof createChargeRequestSchema>;

/**
 * What a charge pays for, carried by ChargeCompleted and ChargeFailed (docs/events.md): billing
 * activates a plan for a `subscription` charge and ignores every other one. Only crypto-escrow's
 * own routes set it; a caller's metadata cannot.
 */
export const chargePurposes = ['subscription'] as const;
export type ChargePurpose = (typeof chargePurposes)[number];

/** The paid plans a crypto checkout can buy. */
export const cryptoPlanIds = ['growth', 'pro'] as const satisfies readonly Plan['id'][];

/**
 * POST /api/crypto/coinbase/subscription-charge: the checkout's crypto tab. The price is the plan's
 * (never the caller's); the payer's e-mail (for the renewal reminder) comes from the session.
 */
export const createSubscriptionChargeRequestSchema = z.strictObject({
  planId: z.enum(cryptoPlanIds, { error: 'Unknown plan. Choose growth or pro.' }),
  billingCycle: z.enum(billingCycles, { error: 'Unknown billing cycle. Choose monthly or annual.' }),
  preferredCurrency: z.preprocess(
    emptyToUndefined,
    z.enum(cryptoSymbols, { error: `Preferred currency must be one of ${cryptoSymbols.join(', ')}` }).optional(),
  ),
});
export type CreateSubscriptionChargeRequest = z.input<typeof createSubscriptionChargeRequestSchema>;

/** A plan's price for one billing period in USD as a 2-place decimal string ("29.00", "278.00"). */
export function subscriptionChargeAmount(planId: Plan['id'], billingCycle: BillingCycle): string {
  const plan = plans.find((candidate) => candidate.id === planId);
  if (!plan) throw new Error(`unknown plan ${planId}`);
  const price = billingCycle === 'annual' ? annualPrice(plan.monthlyPrice) : plan.monthlyPrice;
  return price.toFixed(2);
}

/** POST /api/crypto/xrp/escrow/create (spec 7). Give destinationTag, or propertyId to derive it. Unknown fields are refused. */
export const createEscrowRequestSchema = z
  .strictObject({
    senderSeed: seed,
    destinationAddress: classicAddress('Destination address'),
    amount: xrpAmount,
    finishAfterSeconds: escrowSeconds('Release After'),
    cancelAfterSeconds: escrowSeconds('Auto Cancel After'),
    condition: z.preprocess(emptyToUndefined, conditionHex.optional()),
    destinationTag: z.preprocess(emptyToUndefined, destinationTag.optional()),
    propertyId: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  })
  .refine((body) => body.cancelAfterSeconds > body.finishAfterSeconds, {
    path: ['cancelAfterSeconds'],
    message: 'Auto Cancel After must be later than Release After',
  });
export type CreateEscrowRequest = z.input<typeof createEscrowRequestSchema>;

/** POST /api/crypto/xrp/escrow/finish (spec 7). condition and fulfillment go together. Unknown fields are refused. */
export const finishEscrowRequestSchema = z
  .strictObject({
    senderSeed: seed,
    owner: classicAddress('Owner'),
    offerSequence: z.number({ error: 'Offer sequence is required' }).int().min(1, 'Offer sequence is required'),
    condition: z.preprocess(emptyToUndefined, conditionHex.optional()),
    fulfillment: z.preprocess(emptyToUndefined, fulfillmentHex.optional()),
  })
  .refine((body) => !body.condition === !body.fulfillment, {
    path: ['fulfillment'],
    message: 'Condition and fulfillment must be given together',
  });
export type FinishEscrowRequest = z.input<typeof finishEscrowRequestSchema>;

/** POST /api/crypto/xrp/escrow/cancel (spec 7). Unknown fields are refused. */
export const cancelEscrowRequestSchema = z.strictObject({
  senderSeed: seed,
  owner: classicAddress('Owner'),
  offerSequence: z.number({ error: 'Offer sequence is required' }).int().min(1, 'Offer sequence is required'),
});
export type CancelEscrowRequest = z.input<typeof cancelEscrowRequestSchema>;

/** POST /api/crypto/xrp/payment: the wallet's Send tab (spec 5: amount and destination required). Unknown fields are refused. */
export const xrpPaymentRequestSchema = z.strictObject({
  senderSeed: seed,
  destinationAddress: classicAddress('Destination address'),
  amount: xrpAmount,
  destinationTag: z.preprocess(emptyToUndefined, destinationTag.optional()),
});
export type XrpPaymentRequest = z.input<typeof xrpPaymentRequestSchema>;

// ---------- Responses ----------

/** A charge as the platform keeps it. id is the platform's id (use it for GET .../charge/{id}). */
export const chargeSchema = z.object({
  id: z.string(),
  providerChargeId: z.string(),
  code: z.string(),
  hostedUrl: z.string(),
  /** Currency symbol -> payment address (spec 3). May be empty for providers that only offer the hosted page. */
  addresses: z.record(z.string(), z.string()),
  /** The provider's status: NEW, PENDING, COMPLETED, EXPIRED, CANCELED, ... */
  status: z.string(),
  /** pending | processing | completed | failed (spec 4); label via paymentStateLabels. */
  state: z.enum(paymentStates),
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  preferredCurrency: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type Charge = z.infer<typeof chargeSchema>;

/** POST /api/crypto/xrp/wallet/generate: the seed is returned this once and never stored. */
export const xrpWalletSchema = z.object({
  address: z.string(),
  seed: z.string(),
  publicKey: z.string(),
});
export type XrpWallet = z.infer<typeof xrpWalletSchema>;

export const escrowStatuses = ['created', 'finished', 'cancelled', 'unknown'] as const;
export type EscrowStatus = (typeof escrowStatuses)[number];

/** An escrow the user created (spec 3: account, destination, sequence, finishAfter, cancelAfter, hash). */
export const escrowSchema = z.object({
  id: z.string(),
  account: z.string(),
  destination: z.string(),
  /** XRP, decimal string with 6 places. */
  amount: z.string(),
  /** The EscrowCreate sequence: OfferSequence of finish / cancel. */
  sequence: z.number().int(),
  /** Ripple-epoch seconds, as on ledger. */
  finishAfter: z.number().int(),
  cancelAfter: z.number().int(),
  finishAfterIso: z.string(),
  cancelAfterIso: z.string(),
  condition: z.string().nullable(),
  destinationTag: z.number().int().nullable(),
  /** The EscrowCreate transaction hash. */
  hash: z.string(),
  status: z.enum(escrowStatuses),
  /** The EscrowFinish / EscrowCancel hash once known. */
  closingHash: z.string().nullable(),
  /** Why the outcome was read from the ledger's time rules, or why it is unknown; null when the closing transaction decided it. */
  closedReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Escrow = z.infer<typeof escrowSchema>;

/** finish / cancel answer: the ledger result and the escrow as now recorded. */
export const escrowActionResultSchema = z.object({
  hash: z.string(),
  result: z.string(),
  ledgerIndex: z.number().int().nullable(),
  escrow: escrowSchema.nullable(),
});
export type EscrowActionResult = z.infer<typeof escrowActionResultSchema>;

/** One escrow object as the ledger lists it for an owner (account_objects). */
export const ledgerEscrowSchema = z.object({
  account: z.string(),
  destination: z.string(),
  amount: z.string(),
  /** The EscrowCreate sequence, null when the ledger could not tell. */
  sequence: z.number().int().nullable(),
  finishAfter: z.number().int().nullable(),
  cancelAfter: z.number().int().nullable(),
  finishAfterIso: z.string().nullable(),
  cancelAfterIso: z.string().nullable(),
  condition: z.string().nullable(),
  destinationTag: z.number().int().nullable(),
  /** The create transaction (PreviousTxnID). */
  hash: z.string(),
  /** The platform's escrow id when this user created it here, else null. */
  id: z.string().nullable(),
});
export type LedgerEscrow = z.infer<typeof ledgerEscrowSchema>;

/** GET /api/crypto/xrp/escrows/{address}, polled every 30 s (spec 7). */
export const escrowListSchema = z.object({
  address: z.string(),
  escrows: z.array(ledgerEscrowSchema),
});
export type EscrowList = z.infer<typeof escrowListSchema>;

/** GET /api/crypto/xrp/account/{address}: the ledger balance (an unfunded account: funded false, balance 0). */
export const xrpAccountSchema = z.object({
  address: z.string(),
  /** XRP, decimal string. */
  balanceXrp: z.string(),
  funded: z.boolean(),
  /** The ledger's base reserve in XRP (decimal string). */
  reserveXrp: z.string(),
});
export type XrpAccount = z.infer<typeof xrpAccountSchema>;

/** POST /api/crypto/xrp/payment answer. */
export const xrpPaymentResultSchema = z.object({
  hash: z.string(),
  result: z.string(),
  ledgerIndex: z.number().int().nullable(),
});
export type XrpPaymentResult = z.infer<typeof xrpPaymentResultSchema>;

/** POST /api/crypto/xrp/condition: a fresh PREIMAGE-SHA-256 pair; the fulfillment is shown once, never stored. */
export const escrowConditionSchema = z.object({
  condition: z.string(),
  fulfillment: z.string(),
});
export type EscrowCondition = z.infer<typeof escrowConditionSchema>;

/** The Coinbase Commerce webhook signature header (HMAC-SHA256 hex of the raw body). */
export const coinbaseSignatureHeader = 'x-cc-webhook-signature';

/** GET /api/crypto/xrp/escrows: the escrows this user created here, newest first (status kept by the monitor). */
export const myEscrowsSchema = z.object({ escrows: z.array(escrowSchema) });
export type MyEscrows = z.infer<typeof myEscrowsSchema>;
