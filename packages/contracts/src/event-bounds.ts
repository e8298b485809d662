import { z } from 'zod';
import { affiliateBusinessTypes, expectedReferralOptions, marketingExperienceLevels } from './affiliate';
import { billingCycles, planIds } from './billing';
import { chatPriorities, sentimentLabels } from './chat';
import { chargePurposes } from './crypto';
import type { EventType } from './events';
import {
  integratedTransactionStatuses,
  maxCustomerRefLength,
  paymentMethods,
  posSystems,
  processorTypes,
} from './integrations';
import { kycStatuses } from './kyc';
import { reportPeriods, reportTypes } from './reports';
import {
  complianceCheckKinds,
  investmentPaymentMethods,
  propertyJurisdictions,
  propertyTypes,
  tokenBlockchains,
} from './tokenization';

/**
 * The largest value every field of every event may carry. Producers are bounded at their edge
 * (the request and provider schemas) so that they never publish more, the outbox refuses an event
 * outside these bounds, consumers dead-letter one at once, and every consumer's storage holds the
 * largest value, including after conversions (USD amounts, customer references). Each field
 * names its largest value (`largest`), so a test can walk every event type at its limits.
 */
export interface FieldBound {
  largest: unknown;
}

const bounded = <T extends z.ZodType>(schema: T, largest: unknown): T => schema.meta({ largest }) as T;

/** A uuid; `optional` allows proto3's empty default. */
const id = (optional = false) => {
  const uuid = z.guid();
  return bounded(optional ? z.union([z.literal(''), uuid]) : uuid, 'ffffffff-ffff-4fff-bfff-ffffffffffff');
};
/** Free text of at most `max` characters (UTF-16 units, so never more characters than Postgres counts). */
const text = (max: number) => bounded(z.string().max(max), 'x'.repeat(max));
/** An e-mail address (RFC 5321: 254 characters at most) or empty. */
const email = () => bounded(z.string().max(254), `${'a'.repeat(64)}@${'b'.repeat(184)}.test`);
/** A positive decimal string with up to `digits` integer digits and `places` decimals. */
const decimal = (digits: number, places: number) =>
  bounded(
    z.string().regex(new RegExp(`^\\d{1,${digits}}(\\.\\d{1,${places}})?$`), `at most ${digits}.${places} digits`),
    `${'9'.repeat(digits)}.${'9'.repeat(places)}`,
  );
const oneOf = <T extends readonly [string, ...string[]]>(values: T, optional = false) => {
  const longest = [...values].sort((a, b) => b.length - a.length)[0];
  return bounded(optional ? z.union([z.literal(''), z.enum(values)]) : z.enum(values), longest);
};
/** An ISO 4217 code (three letters, either case). */
const currency = (largest = 'GBP') => bounded(z.string().regex(/^[A-Za-z]{3}$/), largest);
/** A whole number as a decimal string, at most `digits` digits. */
const whole = (digits: number) => bounded(z.string().regex(new RegExp(`^\\d{1,${digits}}$`)), '9'.repeat(digits));
/** An EVM address (0x and 40 hexadecimal digits) and a transaction hash (0x and 64). */
const evmAddress = () => bounded(z.string().regex(/^0x[0-9a-fA-F]{40}$/), `0x${'f'.repeat(40)}`);
const evmHash = () => bounded(z.string().regex(/^0x[0-9a-fA-F]{64}$/), `0x${'f'.repeat(64)}`);
/** Compliance check ids, each at most once. */
const checkIds = () => {
  const kinds = Object.keys(complianceCheckKinds) as [string, ...string[]];
  return bounded(z.array(z.enum(kinds)).max(kinds.length), kinds);
};
/** Integer minor units (cents), non-negative and at most `max`. */
const minorUnits = (max: bigint) => bounded(z.bigint().min(0n).max(max), max);

/** Stripe amounts: 8 digits for most currencies, up to 12 for a few zero-decimal ones. */
export const maxStripeMinorUnits = 999_999_999_999n;

const fields = {
  UserRegistered: {
    userId: id(),
    email: email(),
    firstName: text(100),
    lastName: text(100),
    phone: text(40),
    businessName: text(200),
    businessType: text(40),
    industryType: text(100),
    country: text(100),
    businessAddress: text(500),
    position: text(100),
    expectedVolume: text(40),
    businessPurpose: text(5000),
    referralCode: text(64),
    nzbn: text(40),
    businessNumber: text(40),
    taxNumber: text(40),
  },
  UserVerified: { userId: id(), email: email() },
  AffiliateApplicationSubmitted: {
    userId: id(),
    email: email(),
    companyName: text(200),
    website: text(500),
    businessType: oneOf(affiliateBusinessTypes.map((type) => type.value) as [string, ...string[]]),
    contactName: text(200),
    phoneNumber: text(40),
    businessDescription: text(5000),
    marketingExperience: oneOf(marketingExperienceLevels.map((level) => level.value) as [string, ...string[]]),
    expectedReferrals: oneOf(expectedReferralOptions.map((option) => option.value) as [string, ...string[]]),
    additionalInfo: text(5000),
  },
  KycStatusChanged: {
    userId: id(),
    status: oneOf(kycStatuses),
    previousStatus: oneOf(kycStatuses),
    verificationSessionId: text(255),
    reason: text(1000),
  },
  ProfileUpdated: { userId: id(), changedFields: bounded(z.array(z.string().max(64)).max(40), ['x'.repeat(64)]) },
  MailPreferencesChanged: { userId: id() },
  ContactReceived: {
    ticketId: id(),
    reference: text(20),
    name: text(100),
    email: email(),
    company: text(200),
    subject: text(200),
    category: text(40),
  },
  ChatEscalated: {
    supportConversationId: id(),
    conversationId: id(),
    userId: id(),
    sessionId: text(100),
    priority: oneOf(chatPriorities),
    sentimentLabel: oneOf(sentimentLabels),
    sentimentScore: bounded(z.number().min(-1).max(1), -1),
    reason: text(200),
  },
  SubscriptionActivated: {
    userId: id(),
    subscriptionId: text(255),
    planId: oneOf(planIds),
    billingCycle: oneOf(billingCycles, true),
  },
  InvoicePaid: {
    userId: id(),
    invoiceId: text(255),
    amount: minorUnits(maxStripeMinorUnits),
    currency: currency('gbp'),
    planId: oneOf(planIds, true),
    billingCycle: oneOf(billingCycles, true),
  },
  InvoiceRefunded: {
    userId: id(),
    invoiceId: text(255),
    amountRefunded: minorUnits(maxStripeMinorUnits),
    currency: currency('gbp'),
  },
  InvoiceDisputed: {
    userId: id(),
    invoiceId: text(255),
    disputeId: text(255),
    amount: minorUnits(maxStripeMinorUnits),
    currency: currency('gbp'),
  },
  InvoiceDisputeWon: {} as Record<string, z.ZodType>,
  TransactionRecorded: {
    userId: id(),
    transactionId: id(),
    externalTransactionId: text(255),
    type: oneOf(['fiat', 'crypto', 'token']),
    amount: decimal(13, 2),
    currency: currency(),
    status: oneOf(integratedTransactionStatuses),
    paymentMethod: oneOf(paymentMethods, true),
    country: bounded(z.string().regex(/^([A-Za-z]{2})?$/), 'GB'),
    processor: oneOf([...processorTypes, ...posSystems] as [string, ...string[]]),
    sourceKind: oneOf(['processor', 'pos']),
    integrationId: id(),
    customerRef: text(maxCustomerRefLength),
  },
  ReferralAttributed: {
    referralId: id(),
    affiliateId: id(),
    affiliateUserId: id(),
    referredUserId: id(),
    referralCode: text(64),
  },
  CommissionEarned: {
    commissionId: id(),
    affiliateId: id(),
    referralId: id(),
    referredUserId: id(),
    invoiceId: text(255),
    invoiceAmount: decimal(13, 2),
    commissionAmount: decimal(13, 2),
    commissionRate: decimal(3, 2),
    tier: text(20),
    currency: currency('gbp'),
  },
  PayoutRequested: { payoutId: id(), affiliateId: id(), affiliateUserId: id(), amount: decimal(13, 2) },
  PayoutPaid: { payoutId: id(), affiliateId: id(), affiliateUserId: id(), amount: decimal(13, 2) },
  ChargeCompleted: {
    userId: id(),
    chargeId: id(),
    providerChargeId: text(100),
    code: text(40),
    provider: text(20),
    amount: decimal(13, 2),
    currency: currency('USD'),
    cryptoCurrency: text(20),
    description: text(200),
    purpose: oneOf(chargePurposes, true),
    planId: oneOf(planIds, true),
    billingCycle: oneOf(billingCycles, true),
    payerEmail: email(),
  },
  ChargeFailed: {
    userId: id(),
    chargeId: id(),
    providerChargeId: text(100),
    code: text(40),
    provider: text(20),
    amount: decimal(13, 2),
    currency: currency('USD'),
    status: text(20),
    purpose: oneOf(chargePurposes, true),
    planId: oneOf(planIds, true),
    billingCycle: oneOf(billingCycles, true),
  },
  EscrowFinished: {
    userId: id(),
    escrowId: id(),
    owner: text(35),
    offerSequence: bounded(z.number().int().min(0).max(4294967295), 4294967295),
    destination: text(35),
    amount: decimal(11, 6),
    currency: oneOf(['XRP']),
    txHash: text(128),
  },
  EscrowCancelled: {} as Record<string, z.ZodType>,
  ReportGenerated: { reportId: id(), userId: id(), type: oneOf(reportTypes), period: oneOf(reportPeriods) },
  PropertySubmitted: {
    propertyId: id(),
    submissionId: text(30),
    userId: id(),
    propertyType: oneOf(propertyTypes),
    jurisdiction: oneOf(propertyJurisdictions),
    value: decimal(13, 2),
    documents: bounded(z.number().int().min(0).max(5), 5),
  },
  ComplianceChecked: {
    propertyId: id(),
    runId: id(),
    userId: id(),
    riskScore: bounded(z.number().int().min(0).max(100), 100),
    overallStatus: oneOf(['passed', 'warning', 'failed']),
    failedChecks: checkIds(),
    warningChecks: checkIds(),
  },
  ContractDeployed: {
    propertyId: id(),
    userId: id(),
    blockchain: oneOf(tokenBlockchains),
    chainId: bounded(z.number().int().min(0).max(4294967295), 4294967295),
    contractAddress: evmAddress(),
    transactionHash: evmHash(),
    tokenName: text(100),
    tokenSymbol: text(10),
    totalSupply: whole(13),
    value: decimal(13, 2),
  },
  InvestmentCompleted: {
    investmentId: text(30),
    propertyId: id(),
    userId: id(),
    amount: decimal(13, 2),
    currency: oneOf(['NZD']),
    tokens: whole(13),
    walletAddress: evmAddress(),
    transactionHash: evmHash(),
    paymentMethod: oneOf(Object.keys(investmentPaymentMethods) as [string, ...string[]]),
  },
} satisfies Record<EventType, Record<string, z.ZodType>>;
fields.EscrowCancelled = fields.EscrowFinished;
fields.InvoiceDisputeWon = fields.InvoiceDisputed;

/** Each event's bounded fields; other fields (timestamps) pass as they are. */
export const eventBounds = Object.fromEntries(
  Object.entries(fields).map(([type, shape]) => [type, z.looseObject(shape)]),
) as Record<EventType, z.ZodObject>;

/** Why an event is outside its bounds, or null when it is within them. */
export function eventBoundsViolation(type: EventType, event: unknown): string | null {
  const result = eventBounds[type].safeParse(event);
  if (result.success) return null;
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}

/** The field's largest value, as `bounded` recorded it. */
export const largestOf = (schema: z.ZodType): unknown => (schema.meta() as FieldBound | undefined)?.largest;
