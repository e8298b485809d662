import { z } from 'zod';

/**
 * KYC: identity verification through Stripe Identity (identity service), the account's status
 * (users.kycStatus, spec 3.4) and the gate other services apply to the operations that need it.
 */

/**
 * The account's KYC status: pending (nothing verified yet, or the last attempt was cancelled),
 * processing (the provider is checking what the user submitted), verified, requires_input (the
 * provider needs the user to try again; its reason is shown).
 */
export const kycStatuses = ['pending', 'processing', 'verified', 'requires_input'] as const;
export const kycStatusSchema = z.enum(kycStatuses);
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** Every account starts here (spec 3.4: kycStatus default pending). */
export const initialKycStatus: KycStatus = 'pending';

/** Whether an account with this status may use the operations KYC gates. */
export const kycCleared = (status: string | null | undefined): boolean => status === 'verified';

/** The provider's state of one verification session (Stripe Identity VerificationSession.status). */
export const kycSessionStatuses = ['requires_input', 'processing', 'verified', 'canceled'] as const;
export const kycSessionStatusSchema = z.enum(kycSessionStatuses);
export type KycSessionStatus = z.infer<typeof kycSessionStatusSchema>;

/**
 * The account status a session's state gives: a new session waits for the user's input without an
 * error (still pending); requires_input with the provider's error asks the user to retry; a
 * cancelled session leaves nothing verified.
 */
export const kycStatusOfSession = (status: KycSessionStatus, hasError: boolean): KycStatus =>
  status === 'canceled' ? 'pending' : status === 'requires_input' && !hasError ? 'pending' : status;

/** Where the web app lets a user start (or retry) verification. */
export const kycVerificationPath = '/settings?tab=verification';

/** The operations KYC gates, as the gate's message names them. */
export const kycGatedActions = {
  payout: 'requesting a payout',
  escrow: 'creating an XRP escrow over the KYC threshold',
  payment: 'sending XRP over the KYC threshold',
  investment: 'investing in a tokenized property',
} as const;
export type KycGatedAction = keyof typeof kycGatedActions;

export const kycMessages = {
  /** Spec (signed-in areas, investment without KYC): the alert's text starts the gate's message. */
  requiredLead: 'Please complete KYC verification first',
  alreadyVerified: 'Your identity is already verified.',
  processing: 'Your identity verification is being processed; the status updates as soon as the provider finishes.',
  providerUnavailable: 'The identity verification provider could not be reached. Please try again in a few minutes.',
  notFound: 'No identity verification was found for this account.',
} as const;

/** The KYC_REQUIRED error's message: what is blocked and what to do. */
export const kycRequiredMessage = (action: KycGatedAction): string =>
  `${kycMessages.requiredLead}: verify your identity under Settings → Verification before ${kycGatedActions[action]}.`;

// ---------------------------------------------------------------------------------------------
// Business verification (KYB): the numbers the registration wizard asks for, checked for format.

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');
const allDigits = (value: string) => /^\d+$/.test(value);

/** NZBN: 13 digits, GS1 prefix 94 (New Zealand), GS1 check digit. */
export function isValidNzbn(raw: string): boolean {
  const value = digitsOf(raw);
  if (value.length !== 13 || !allDigits(value) || !value.startsWith('94')) return false;
  const sum = [...value.slice(0, 12)].reduce((total, digit, index) => total + Number(digit) * (index % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(value[12]);
}

/** ABN (Australian Business Number): 11 digits, weighted sum (first digit less one) divisible by 89. */
export function isValidAbn(raw: string): boolean {
  const value = digitsOf(raw);
  if (value.length !== 11 || !allDigits(value) || value[0] === '0') return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...value].reduce(
    (total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * weights[index]!,
    0,
  );
  return sum % 89 === 0;
}

/** NZ IRD number: 8 or 9 digits between 10-000-000 and 150-000-000, Inland Revenue's mod-11 check digit. */
export function isValidIrd(raw: string): boolean {
  const value = digitsOf(raw);
  if (!allDigits(value) || value.length < 8 || value.length > 9) return false;
  const number = Number(value);
  if (number < 10_000_000 || number > 150_000_000) return false;
  const padded = value.padStart(9, '0');
  const base = [...padded.slice(0, 8)].map(Number);
  const check = (weights: number[]) => {
    const remainder = base.reduce((total, digit, index) => total + digit * weights[index]!, 0) % 11;
    return remainder === 0 ? 0 : 11 - remainder;
  };
  let digit = check([3, 2, 7, 6, 5, 4, 3, 2]);
  if (digit === 10) digit = check([7, 4, 3, 2, 5, 2, 7, 6]);
  return digit !== 10 && digit === Number(padded[8]);
}

/** Australian TFN: 8 or 9 digits with the ATO's weighted mod-11 check. */
export function isValidTfn(raw: string): boolean {
  const value = digitsOf(raw);
  if (!allDigits(value)) return false;
  const weights =
    value.length === 9 ? [1, 4, 3, 7, 5, 8, 6, 9, 10] : value.length === 8 ? [10, 7, 8, 4, 6, 3, 5, 1] : null;
  if (!weights) return false;
  return [...value].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0) % 11 === 0;
}

/** NZ Companies Office number: 1 to 8 digits. */
const isValidNzCompanyNumber = (raw: string) => /^\d{1,8}$/.test(digitsOf(raw));
/** Elsewhere: letters and digits, 3 to 30, with spaces, dashes, dots or slashes between. */
const isPlausibleNumber = (raw: string) => /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,28}[A-Za-z0-9]$/.test(raw.trim());

export const kybMessages = {
  nzbn: 'NZBN must be the 13-digit New Zealand Business Number (starting 94) with a valid check digit.',
  nzbnOutsideNz: 'An NZBN applies to New Zealand businesses only.',
  businessNumberNz: 'Company number must be the 1 to 8 digit New Zealand Companies Office number.',
  businessNumberAu: 'Business number must be an 11-digit ABN with a valid check digit.',
  businessNumberOther: 'Business number must be 3 to 30 letters or digits.',
  taxNumberNz: 'Tax number must be a valid 8 or 9 digit IRD number.',
  taxNumberAu: 'Tax number must be a valid 8 or 9 digit TFN.',
  taxNumberOther: 'Tax number must be 3 to 30 letters or digits.',
  country: 'Please select the country your business is registered in',
} as const;

export type KybField = 'nzbn' | 'businessNumber' | 'taxNumber';

/** An optional business number: trimmed, a blank is no number. */
export const optionalKybNumberSchema = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((value) => (value ? value : undefined));

/** The numbers of one business, with the country they are checked for. */
export type KybNumbers = { country: string } & Partial<Record<KybField, string>>;

/**
 * What is wrong with each given number for the business's country: one check for the KYB step,
 * registration and Settings (issue 39). A blank or absent number is not checked.
 */
export function kybNumberIssues(details: KybNumbers): { path: KybField; message: string }[] {
  const issues: { path: KybField; message: string }[] = [];
  const fail = (path: KybField, message: string) => issues.push({ path, message });
  const nz = details.country === 'New Zealand';
  const au = details.country === 'Australia';
  const { nzbn, businessNumber, taxNumber } = details;
  if (nzbn) {
    if (!nz) fail('nzbn', kybMessages.nzbnOutsideNz);
    else if (!isValidNzbn(nzbn)) fail('nzbn', kybMessages.nzbn);
  }
  if (businessNumber) {
    if (nz && !isValidNzCompanyNumber(businessNumber)) fail('businessNumber', kybMessages.businessNumberNz);
    if (au && !isValidAbn(businessNumber)) fail('businessNumber', kybMessages.businessNumberAu);
    if (!nz && !au && !isPlausibleNumber(businessNumber)) fail('businessNumber', kybMessages.businessNumberOther);
  }
  if (taxNumber) {
    if (nz && !isValidIrd(taxNumber)) fail('taxNumber', kybMessages.taxNumberNz);
    if (au && !isValidTfn(taxNumber) && !isValidAbn(taxNumber)) fail('taxNumber', kybMessages.taxNumberAu);
    if (!nz && !au && !isPlausibleNumber(taxNumber)) fail('taxNumber', kybMessages.taxNumberOther);
  }
  return issues;
}

/** The business numbers a user gives with a verification; each checked for its country's format. */
export const kybDetailsSchema = z
  .strictObject({
    /** The country the business is registered in (one of the registration wizard's countries). */
    country: z.string().trim().min(1, kybMessages.country).max(100),
    nzbn: optionalKybNumberSchema,
    businessNumber: optionalKybNumberSchema,
    taxNumber: optionalKybNumberSchema,
  })
  .superRefine((details, context) => {
    for (const { path, message } of kybNumberIssues(details))
      context.addIssue({ code: 'custom', path: [path], message });
  });
export type KybDetails = z.infer<typeof kybDetailsSchema>;

/** The number as stored: spaces and dashes removed for the digit-only formats. */
export const normalizedKybNumber = (value: string | undefined): string | null =>
  value === undefined ? null : /^[\d\s-]+$/.test(value) ? digitsOf(value) : value.trim();

// ---------------------------------------------------------------------------------------------
// HTTP: /api/kyc

/** POST /api/kyc/verification: start (or retry) verification; the business numbers are optional. */
export const kycReturnPages = ['dashboard', 'settings'] as const;
export const startKycVerificationRequestSchema = z.strictObject({
  business: kybDetailsSchema.optional(),
  /** Where the provider sends the user back to (default: Settings → Verification). */
  returnTo: z.enum(kycReturnPages).default('settings'),
});
export type StartKycVerificationRequest = z.input<typeof startKycVerificationRequestSchema>;

/** The page (path and query) the provider returns the user to; `kyc=returned` tells it to watch the status. */
export const kycReturnPath = (page: (typeof kycReturnPages)[number]): string =>
  page === 'dashboard' ? '/dashboard?kyc=returned' : `${kycVerificationPath}&kyc=returned`;

/** One verification attempt as the platform keeps it: no document image or number, ever. */
export const kycVerificationSchema = z.object({
  id: z.string(),
  /** The provider's session id (vs_...). */
  providerSessionId: z.string(),
  provider: z.literal('stripe_identity'),
  /** The provider's state of the session. */
  status: kycSessionStatusSchema,
  /** Why the provider needs the user to try again (its last error), when it does. */
  lastError: z.object({ code: z.string().nullable(), reason: z.string() }).nullable(),
  /** The name on the verified document, and when the provider verified it. */
  verifiedName: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** The outcome of each check the provider ran (document, selfie, id number): verified or unverified. */
  checks: z.record(z.string(), z.string()),
  business: z
    .object({
      country: z.string(),
      nzbn: z.string().nullable(),
      businessNumber: z.string().nullable(),
      taxNumber: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KycVerification = z.infer<typeof kycVerificationSchema>;

/** GET /api/kyc/status: the account's status and its latest verification. */
export const kycStatusResponseSchema = z.object({
  kycStatus: kycStatusSchema,
  verification: kycVerificationSchema.nullable(),
});
export type KycStatusResponse = z.infer<typeof kycStatusResponseSchema>;

/** POST /api/kyc/verification: where to send the user (the provider's hosted page). */
export const startKycVerificationResponseSchema = z.object({
  url: z.string(),
  kycStatus: kycStatusSchema,
  verification: kycVerificationSchema,
});
export type StartKycVerificationResponse = z.infer<typeof startKycVerificationResponseSchema>;

/** GET /api/kyc/admin/verifications (admin role): who verified what and when. */
export const kycAdminVerificationSchema = kycVerificationSchema.extend({
  userId: z.string(),
  email: z.string(),
  businessName: z.string(),
  kycStatus: kycStatusSchema,
});
export type KycAdminVerification = z.infer<typeof kycAdminVerificationSchema>;
export const kycAdminVerificationsResponseSchema = z.object({
  verifications: z.array(kycAdminVerificationSchema),
});
export type KycAdminVerificationsResponse = z.infer<typeof kycAdminVerificationsResponseSchema>;

/** Stripe Identity webhook events the platform acts on. */
export const kycWebhookEventTypes = [
  'identity.verification_session.processing',
  'identity.verification_session.verified',
  'identity.verification_session.requires_input',
  'identity.verification_session.canceled',
] as const;
