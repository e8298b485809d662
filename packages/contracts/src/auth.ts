import { z } from 'zod';
import {
  businessOptionMessages,
  countryValues,
  isCountry,
  registrationBusinessTypes,
  registrationBusinessTypeValues,
} from './business-options';
import { kybNumberIssues, optionalKybNumberSchema } from './kyc';

/** Spec 3.1 enumerations, with the labels the wizard shows (business types from the one list). */
export const businessTypes = registrationBusinessTypes;

export const expectedVolumes = [
  { value: 'under_10k', label: 'Under $10,000 NZD per month' },
  { value: '10k_100k', label: '$10,000 - $100,000 NZD per month' },
  { value: '100k_1m', label: '$100,000 - $1,000,000 NZD per month' },
  { value: 'over_1m', label: 'Over $1,000,000 NZD per month' },
] as const;

export const industryTypes = [
  'Agriculture & Forestry',
  'Construction & Property',
  'Education & Training',
  'Financial Services',
  'Healthcare & Social Services',
  'Hospitality & Tourism',
  'Information Technology',
  'Manufacturing',
  'Professional Services',
  'Retail & E-commerce',
  'Transport & Logistics',
  'Other',
] as const;

/** The wizard's countries: the one list of business-options.ts (spec 3.1). */
export const registrationCountries = countryValues;

type Values<T extends readonly { value: string }[]> = [T[number]['value'], ...T[number]['value'][]];
const valuesOf = <T extends readonly { value: string }[]>(options: T) =>
  options.map((option) => option.value) as Values<T>;

export const passwordSpecialCharacters = '@$!%*?&';
const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;

const invalidEmail = 'Please enter a valid email address';
/** Surrounding spaces are dropped, so " Jane@x.test " is the address "Jane@x.test" (stored lower-case). */
export const emailSchema = z.string({ error: invalidEmail }).trim().check(z.email(invalidEmail)).max(254);

export const passwordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters')
  .regex(passwordPattern, 'Password must contain uppercase, lowercase, number and special character');

const mustAccept = (message: string) => z.literal(true, { error: message });

/** Fields of POST /api/auth/register (spec 3.1 and 5.1). Unknown fields are refused. */
export const registerFields = {
  businessName: z.string().trim().min(2, 'Business name must be at least 2 characters').max(200),
  businessType: z.enum(registrationBusinessTypeValues, { error: businessOptionMessages.registrationBusinessType }),
  industryType: z.string().min(1, 'Please select an industry type').max(100),
  businessAddress: z.string().trim().min(10, 'Business address is required').max(500),
  country: z
    .string()
    .min(1, { message: 'Please select a country', abort: true })
    .max(100)
    .refine(isCountry, businessOptionMessages.country),
  firstName: z.string().trim().min(2, 'First name must be at least 2 characters').max(100),
  lastName: z.string().trim().min(2, 'Last name must be at least 2 characters').max(100),
  email: emailSchema,
  phone: z.string().trim().min(8, 'Phone number must be at least 8 characters').max(40),
  position: z.string().trim().min(2, 'Position/title is required').max(100),
  password: passwordSchema,
  expectedVolume: z.enum(valuesOf(expectedVolumes)),
  businessPurpose: z
    .string()
    .trim()
    .min(20, 'Please provide at least 20 characters describing your business purpose')
    .max(5000),
  termsAccepted: mustAccept('You must accept the terms and conditions'),
  privacyAccepted: mustAccept('You must accept the privacy policy'),
  amlAccepted: mustAccept('You must accept the AML policy'),
  marketingConsent: z.boolean().default(false),
};

/**
 * The business's registration numbers the wizard asks for (all optional; issue 39: sent and kept,
 * in the profile's business details): company number (ABN in Australia), NZBN, IRD / tax number,
 * and whether the business is registered for GST.
 */
export const registrationNumberFields = {
  businessNumber: optionalKybNumberSchema,
  nzbn: optionalKybNumberSchema,
  taxNumber: optionalKybNumberSchema,
  gstRegistered: z.boolean().default(false),
};

const numbersWithCountrySchema = z.object({
  country: z.string(),
  businessNumber: z.string().optional(),
  nzbn: z.string().optional(),
  taxNumber: z.string().optional(),
});

/**
 * Checks the registration numbers for the registration's country as the KYB step does
 * (`kybNumberIssues`), whenever the country and the numbers are readable, even while other fields fail.
 */
export function withCheckedRegistrationNumbers<T extends z.ZodType<z.output<typeof numbersWithCountrySchema>>>(
  schema: T,
): T {
  return schema.superRefine(
    (form, context) => {
      for (const { path, message } of kybNumberIssues(form))
        context.addIssue({ code: 'custom', path: [path], message });
    },
    { when: (payload) => numbersWithCountrySchema.safeParse(payload.value).success },
  );
}

export const registerRequestSchema = withCheckedRegistrationNumbers(
  z.strictObject({
    ...registerFields,
    ...registrationNumberFields,
    /** Affiliate code from the ?ref= cookie, when the visitor came through a referral link. */
    referralCode: z.string().trim().max(64).optional(),
  }),
);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

const passwordPairSchema = z.object({ password: z.string(), confirmPassword: z.string() });

/**
 * Spec: confirmPassword equal to password, else "Passwords don't match" on confirmPassword; checked
 * whenever both passwords are present, even while other fields still fail. Every form with a
 * password pair (registration, reset, a visitor's affiliate application) refines with this one.
 */
export function withMatchingPasswords<T extends z.ZodType<{ password: string; confirmPassword: string }>>(
  schema: T,
): T {
  return schema.refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
    when: (payload) => passwordPairSchema.safeParse(payload.value).success,
  });
}

/** The wizard's own form: the request plus the password's confirmation (held, never sent). */
export const registrationFormSchema = withCheckedRegistrationNumbers(
  withMatchingPasswords(
    z.object({
      ...registerFields,
      confirmPassword: z.string(),
      ...registrationNumberFields,
    }),
  ),
);
export type RegistrationForm = z.input<typeof registrationFormSchema>;

/** Which wizard step (1-4) holds each field; used to jump to the first step with errors. */
export const registrationSteps = {
  1: [
    'businessName',
    'businessType',
    'industryType',
    'businessAddress',
    'country',
    'businessNumber',
    'nzbn',
    'taxNumber',
    'gstRegistered',
  ],
  2: ['firstName', 'lastName', 'email', 'phone', 'position'],
  3: ['password', 'confirmPassword', 'expectedVolume', 'businessPurpose'],
  4: ['termsAccepted', 'privacyAccepted', 'amlAccepted', 'marketingConsent'],
} as const satisfies Record<1 | 2 | 3 | 4, readonly (keyof RegistrationForm)[]>;

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(8, 'Password must be at least 8 characters').max(128),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** GET /api/auth/me and the body of a successful login. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.string(),
  emailVerified: z.boolean(),
  kycStatus: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The same for a new and a taken address: nothing in it tells whether the address had an account. */
export const registerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** Spec 5.5: the message for a link without a token. */
export const missingVerificationTokenMessage =
  'Invalid verification link. Please check your email for the correct link.';

export const verifyEmailQuerySchema = z.object({
  token: z
    .string({ error: missingVerificationTokenMessage })
    .min(1, missingVerificationTokenMessage)
    .max(200, missingVerificationTokenMessage),
});

export const verifyEmailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

/** Spec 7 sends email and userId; the signed-in session decides whose mail is resent. */
export const sendVerificationRequestSchema = z.strictObject({
  email: emailSchema.optional(),
  userId: z.string().max(64).optional(),
});

export const successResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type SuccessResponse = z.infer<typeof successResponseSchema>;

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = withMatchingPasswords(
  z.strictObject({
    token: z.string().min(1, 'Invalid or expired reset link.').max(200),
    password: passwordSchema,
    confirmPassword: z.string(),
  }),
);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
