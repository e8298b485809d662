import { z } from 'zod';
import { passwordSchema, withMatchingPasswords } from './auth';

/** Spec 5.6: the application's options, with the labels the form shows. */
export const affiliateBusinessTypes = [
  { value: 'consulting', label: 'Consulting' },
  { value: 'marketing_agency', label: 'Marketing Agency' },
  { value: 'software_reseller', label: 'Software Reseller' },
  { value: 'financial_services', label: 'Financial Services' },
  { value: 'technology_partner', label: 'Technology Partner' },
  { value: 'system_integrator', label: 'System Integrator' },
  { value: 'freelancer', label: 'Freelancer' },
  { value: 'other', label: 'Other' },
] as const;

export const marketingExperienceLevels = [
  { value: 'beginner', label: 'Beginner (0-1 years)' },
  { value: 'intermediate', label: 'Intermediate (2-4 years)' },
  { value: 'experienced', label: 'Experienced (5-9 years)' },
  { value: 'expert', label: 'Expert (10+ years)' },
] as const;

export const expectedReferralOptions = [
  { value: '1-3', label: '1-3 referrals per month' },
  { value: '4-8', label: '4-8 referrals per month' },
  { value: '9-15', label: '9-15 referrals per month' },
  { value: '16+', label: '16+ referrals per month' },
] as const;

/** Spec 5.7: what the custom content generator writes. */
export const contentTypes = [
  { value: 'blog_post', label: 'Blog Post' },
  { value: 'case_study', label: 'Case Study' },
  { value: 'whitepaper', label: 'Whitepaper' },
  { value: 'product_demo', label: 'Product Demo Script' },
  { value: 'sales_email', label: 'Sales Email' },
  { value: 'webinar_script', label: 'Webinar Script' },
] as const;

type Values<T extends readonly { value: string }[]> = [T[number]['value'], ...T[number]['value'][]];
const valuesOf = <T extends readonly { value: string }[]>(options: T) =>
  options.map((option) => option.value) as Values<T>;

export type AffiliateBusinessType = (typeof affiliateBusinessTypes)[number]['value'];
export type MarketingExperience = (typeof marketingExperienceLevels)[number]['value'];
export type ExpectedReferrals = (typeof expectedReferralOptions)[number]['value'];
export type ContentType = (typeof contentTypes)[number]['value'];

/** Spec 9: the commission tiers, by referrals in the calendar month. */
export interface AffiliateTier {
  id: 'starter' | 'professional' | 'enterprise';
  name: string;
  ratePercent: number;
  minMonthlyReferrals: number;
  /** null: no upper bound. */
  maxMonthlyReferrals: number | null;
  /** How long the ?ref= cookie keeps a visitor attributed. */
  cookieDays: number;
  perks: readonly string[];
}

export const affiliateTiers: readonly AffiliateTier[] = [
  {
    id: 'starter',
    name: 'Starter',
    ratePercent: 15,
    minMonthlyReferrals: 1,
    maxMonthlyReferrals: 5,
    cookieDays: 30,
    perks: [],
  },
  {
    id: 'professional',
    name: 'Professional',
    ratePercent: 20,
    minMonthlyReferrals: 6,
    maxMonthlyReferrals: 15,
    cookieDays: 45,
    perks: ['Priority payouts'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    ratePercent: 25,
    minMonthlyReferrals: 16,
    maxMonthlyReferrals: null,
    cookieDays: 60,
    perks: ['Weekly payout options'],
  },
];

/** The tier earned by a month's referrals; under the Starter minimum (0) is still Starter. */
export const tierForMonthlyReferrals = (referrals: number): AffiliateTier =>
  [...affiliateTiers].reverse().find((tier) => referrals >= tier.minMonthlyReferrals) ?? affiliateTiers[0]!;

export const tierReferralsLabel = (tier: AffiliateTier): string =>
  tier.maxMonthlyReferrals === null
    ? `${tier.minMonthlyReferrals}+ referrals/month`
    : `${tier.minMonthlyReferrals}-${tier.maxMonthlyReferrals} referrals/month`;

/** Spec 9: the registration page's estimate by expected monthly referrals. */
export const referralEstimates: readonly {
  expectedReferrals: ExpectedReferrals;
  ratePercent: number;
  cookieDays: number;
  estimatedMonthlyEarnings: string;
}[] = [
  { expectedReferrals: '1-3', ratePercent: 15, cookieDays: 30, estimatedMonthlyEarnings: '$150-450' },
  { expectedReferrals: '4-8', ratePercent: 20, cookieDays: 45, estimatedMonthlyEarnings: '$800-1,600' },
  { expectedReferrals: '9-15', ratePercent: 20, cookieDays: 45, estimatedMonthlyEarnings: '$1,800-3,000' },
  { expectedReferrals: '16+', ratePercent: 25, cookieDays: 60, estimatedMonthlyEarnings: '$4,000+' },
];

/** Spec 9: the smallest balance (USD) a payout can be requested for. */
export const MIN_PAYOUT = 50;
/** Spec 9: commission applies to subscription fees paid in the first year after the referral. */
export const COMMISSION_WINDOW_DAYS = 365;

/** The first-party cookie holding the ?ref= code for the tier's window. */
export const referralCookieName = 'affiliate_ref';
export const referralQueryParam = 'ref';
/** Spec 9: the referral link is the site origin with ?ref= holding the referral code. */
export const referralLink = (origin: string, code: string): string =>
  `${origin.replace(/\/+$/, '')}/?${referralQueryParam}=${encodeURIComponent(code)}`;
/** What a referral code (from the link, the cookie or registration) may look like. */
export const referralCodePattern = /^[A-Za-z0-9_-]{4,64}$/;

/**
 * GET /api/affiliate/referral-codes/{code} (public): how long the browser keeps a visitor's
 * referral code, the cookie window of the affiliate's tier today (spec 9). 404 for a code that
 * is unknown or belongs to a suspended affiliate: such a link attributes nothing.
 */
export const referralWindowSchema = z.object({ code: z.string(), cookieDays: z.number().int() });
export type ReferralWindow = z.infer<typeof referralWindowSchema>;

/** Spec 8: toasts and states of the affiliate pages, plus the server's own messages. */
export const affiliateMessages = {
  submissionFailedTitle: 'Submission Failed',
  submissionFailed: 'Failed to submit application. Please try again.',
  applicationSubmitted: 'Application Submitted',
  applicationSubmittedDescription: 'We will review your application within 24 hours.',
  payoutFailedTitle: 'Payout Request Failed',
  payoutFailed: 'Failed to request payout. Please try again.',
  payoutRequested: 'Payout Requested',
  payoutRequestedDescription: 'Your payout will be processed within 2-3 business days.',
  linkCopied: 'Link Copied',
  copied: 'Copied!',
  generationFailedTitle: 'Generation Failed',
  marketingAssetsFailed: 'Failed to generate marketing assets. Please try again.',
  customContentFailed: 'Failed to generate custom content. Please try again.',
  valuePropositionFailed: 'Failed to generate value proposition. Please try again.',
  notFoundTitle: 'Affiliate Account Not Found',
  requiredTitle: 'Affiliate Account Required',
  // Server answers (the `message` of a 4xx body).
  noProfile: 'No affiliate account found for this user.',
  alreadyRegistered: 'You already have an affiliate account.',
  payoutBelowMinimum: `Your balance must be at least $${MIN_PAYOUT} to request a payout.`,
  payoutPending: 'You already have a payout request pending.',
  suspended: 'Your affiliate account is suspended.',
  payoutNotApproved: 'Payouts are available once your affiliate account is approved.',
  payoutDemo: 'Demo affiliate accounts cannot request payouts.',
} as const;

const websitePattern = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/** Spec 5.6 field by field, with its exact messages. Used by the form and by POST /api/affiliate/register. */
export const affiliateApplicationFields = {
  companyName: z
    .string({ error: 'Company name must be at least 2 characters' })
    .trim()
    .min(2, 'Company name must be at least 2 characters')
    .max(200, 'Company name must be at most 200 characters'),
  website: z
    .string()
    .trim()
    .max(500, 'Please enter a valid website URL')
    .refine((value) => value === '' || websitePattern.test(value), 'Please enter a valid website URL')
    .optional(),
  businessType: z.enum(valuesOf(affiliateBusinessTypes), { error: 'Please select a business type' }),
  contactEmail: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .check(z.email('Please enter a valid email address'))
    .max(254, 'Please enter a valid email address'),
  contactName: z
    .string({ error: 'Contact name must be at least 2 characters' })
    .trim()
    .min(2, 'Contact name must be at least 2 characters')
    .max(200, 'Contact name must be at most 200 characters'),
  phoneNumber: z
    .string({ error: 'Please enter a valid phone number' })
    .trim()
    .min(10, 'Please enter a valid phone number')
    .max(40, 'Please enter a valid phone number'),
  businessDescription: z
    .string({ error: 'Please provide at least 50 characters describing your business' })
    .trim()
    .min(50, 'Please provide at least 50 characters describing your business')
    .max(5000, 'Business description must be at most 5000 characters'),
  marketingExperience: z.enum(valuesOf(marketingExperienceLevels), {
    error: 'Please select your marketing experience level',
  }),
  expectedReferrals: z.enum(valuesOf(expectedReferralOptions), { error: 'Please select expected monthly referrals' }),
  additionalInfo: z.string().trim().max(5000, 'Additional information must be at most 5000 characters').optional(),
};

/** POST /api/affiliate/register. Unknown fields are refused. */
export const affiliateApplicationSchema = z.strictObject(affiliateApplicationFields);
export type AffiliateApplication = z.input<typeof affiliateApplicationSchema>;

/**
 * Spec 6 (a visitor may apply as affiliate): the application of someone without an account, who
 * gets one from the same submission. The contact e-mail becomes the account's e-mail; the password
 * follows registration's rules and messages (spec 5.1). Unknown fields are refused.
 */
export const affiliateVisitorApplicationSchema = withMatchingPasswords(
  z.strictObject({
    ...affiliateApplicationFields,
    password: passwordSchema,
    confirmPassword: z.string({ error: "Passwords don't match" }).max(128, "Passwords don't match"),
  }),
);
export type AffiliateVisitorApplication = z.input<typeof affiliateVisitorApplicationSchema>;

/**
 * POST /api/affiliate/apply: the account was created and its verification mail sent, or the address
 * already had an account and its owner was told; the answer (the submitted address) is the same.
 */
export const affiliateVisitorApplicationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
});
export type AffiliateVisitorApplicationResponse = z.infer<typeof affiliateVisitorApplicationResponseSchema>;

export const affiliateStatuses = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type AffiliateStatus = (typeof affiliateStatuses)[number];
export const referralStatuses = ['pending', 'converted'] as const;
export type ReferralStatus = (typeof referralStatuses)[number];
export const payoutStatuses = ['requested', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** Money as a decimal string with 2 places, e.g. "12.50" (spec 3.6 carries numbers as strings). */
const moneyString = z.string().regex(/^-?\d+\.\d{2}$/);

/** GET /api/affiliate/profile and the answers of register and create-demo. */
export const affiliateProfileSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  website: z.string().nullable(),
  businessType: z.enum(valuesOf(affiliateBusinessTypes)),
  contactEmail: z.string(),
  contactName: z.string(),
  phoneNumber: z.string(),
  referralCode: z.string(),
  status: z.enum(affiliateStatuses),
  totalEarnings: moneyString,
  currentBalance: moneyString,
  /** The current tier's rate in percent with 2 places, e.g. "15.00". */
  commissionRate: z.string(),
  tier: z.object({ id: z.enum(['starter', 'professional', 'enterprise']), name: z.string() }),
  cookieDays: z.number().int(),
  /** True for an account made by POST /api/affiliate/create-demo. */
  isDemo: z.boolean(),
  createdAt: z.string(),
});
export type AffiliateProfile = z.infer<typeof affiliateProfileSchema>;

/** GET /api/affiliate/referrals: newest first. */
export const referralViewSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.enum(referralStatuses),
  /** Commission earned on this referral so far, net of refunds. */
  commissionAmount: moneyString,
  convertedAt: z.string().nullable(),
});
export type ReferralView = z.infer<typeof referralViewSchema>;
export const referralListSchema = z.array(referralViewSchema);

/** GET /api/affiliate/payouts (newest first) and the answer of request-payout. */
export const payoutViewSchema = z.object({
  id: z.string(),
  amount: moneyString,
  createdAt: z.string(),
  status: z.enum(payoutStatuses),
  processedAt: z.string().nullable(),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;
export const payoutListSchema = z.array(payoutViewSchema);

/** GET /api/affiliate/stats. */
export const affiliateStatsSchema = z.object({
  totalReferrals: z.number().int(),
  convertedReferrals: z.number().int(),
  /** Referrals in the current calendar month (UTC): decides the tier. */
  referralsThisMonth: z.number().int(),
  /** The amount of the payout awaiting processing, null when none is pending. */
  pendingPayout: moneyString.nullable(),
});
export type AffiliateStats = z.infer<typeof affiliateStatsSchema>;

/** POST /api/affiliate/generate-marketing-assets. */
export const marketingAssetsRequestSchema = z.strictObject({
  targetAudience: z
    .string({ error: 'Please enter a target audience' })
    .trim()
    .min(1, 'Please enter a target audience')
    .max(500, 'Target audience must be at most 500 characters'),
});
export type MarketingAssetsRequest = z.input<typeof marketingAssetsRequestSchema>;

export const marketingAssetsSchema = z.object({
  emailTemplates: z.array(z.object({ name: z.string(), subject: z.string(), body: z.string() })),
  socialMedia: z.object({
    linkedin: z.array(z.string()),
    twitter: z.array(z.string()),
    facebook: z.array(z.string()),
  }),
  landingPageCopy: z.object({
    headline: z.string(),
    subheadline: z.string(),
    benefits: z.array(z.string()),
    callToAction: z.string(),
  }),
  salesPitch: z.object({
    elevatorPitch: z.string(),
    keyPoints: z.array(z.string()),
    objectionHandling: z.array(z.object({ objection: z.string(), response: z.string() })),
  }),
});
export type MarketingAssets = z.infer<typeof marketingAssetsSchema>;
export const marketingAssetsResponseSchema = z.object({ assets: marketingAssetsSchema });
export type MarketingAssetsResponse = z.infer<typeof marketingAssetsResponseSchema>;

/** POST /api/affiliate/generate-custom-content. */
export const customContentRequestSchema = z.strictObject({
  contentType: z.enum(valuesOf(contentTypes), { error: 'Please select a content type' }),
  additionalContext: z.string().trim().max(2000, 'Additional context must be at most 2000 characters').optional(),
});
export type CustomContentRequest = z.input<typeof customContentRequestSchema>;
export const customContentResponseSchema = z.object({ content: z.string() });
export type CustomContentResponse = z.infer<typeof customContentResponseSchema>;

/** POST /api/affiliate/generate-value-proposition. */
export const valuePropositionRequestSchema = z.strictObject({
  targetMarket: z
    .string({ error: 'Please enter a target market' })
    .trim()
    .min(1, 'Please enter a target market')
    .max(500, 'Target market must be at most 500 characters'),
});
export type ValuePropositionRequest = z.input<typeof valuePropositionRequestSchema>;
export const valuePropositionSchema = z.object({
  headline: z.string(),
  subheadline: z.string(),
  keyBenefits: z.array(z.string()),
  testimonialSuggestion: z.string(),
});
export type ValueProposition = z.infer<typeof valuePropositionSchema>;
export const valuePropositionResponseSchema = z.object({ valueProposition: valuePropositionSchema });
export type ValuePropositionResponse = z.infer<typeof valuePropositionResponseSchema>;

/** Admin (role admin): GET /api/affiliate/admin/applications?status= answers these, newest first. */
export const affiliateApplicationViewSchema = affiliateProfileSchema.extend({
  userId: z.string(),
  businessDescription: z.string(),
  marketingExperience: z.enum(valuesOf(marketingExperienceLevels)),
  expectedReferrals: z.enum(valuesOf(expectedReferralOptions)),
  additionalInfo: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type AffiliateApplicationView = z.infer<typeof affiliateApplicationViewSchema>;
export const adminListQuerySchema = z.object({
  status: z.string().trim().max(20).optional(),
});

/** POST /api/affiliate/admin/applications/{id}/status. */
export const affiliateStatusChangeSchema = z.strictObject({
  status: z.enum(['approved', 'rejected', 'suspended'], { error: 'Status must be approved, rejected or suspended' }),
});
export type AffiliateStatusChange = z.infer<typeof affiliateStatusChangeSchema>;

/** GET /api/affiliate/admin/payouts?status= answers these, newest first. */
export const adminPayoutViewSchema = payoutViewSchema.extend({
  affiliateId: z.string(),
  companyName: z.string(),
  referralCode: z.string(),
  contactEmail: z.string(),
});
export type AdminPayoutView = z.infer<typeof adminPayoutViewSchema>;

/** POST /api/affiliate/admin/payouts/{id}/status: failed returns the amount to the balance. */
export const payoutStatusChangeSchema = z.strictObject({
  status: z.enum(['paid', 'failed'], { error: 'Status must be paid or failed' }),
});
export type PayoutStatusChange = z.infer<typeof payoutStatusChangeSchema>;
