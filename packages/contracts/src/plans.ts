/** Spec 9: the subscription plans. Prices in USD per month; the pricing page and billing read these. */
export interface Plan {
  id: 'starter' | 'growth' | 'pro';
  name: string;
  monthlyPrice: number;
  /** Monthly processing volume included, in USD. */
  monthlyVolume: number;
  teamMembers: number;
  apiAccess: boolean;
  propertyTokenizationsPerMonth: number;
  popular: boolean;
}

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyPrice: 0,
    monthlyVolume: 1_000,
    teamMembers: 1,
    apiAccess: false,
    propertyTokenizationsPerMonth: 0,
    popular: false,
  },
  {
    id: 'growth',
    name: 'Growth',
    monthlyPrice: 29,
    monthlyVolume: 10_000,
    teamMembers: 2,
    apiAccess: true,
    propertyTokenizationsPerMonth: 0,
    popular: true,
  },
  {
    id: 'pro',
    name: 'Enterprise plus Tokenization',
    monthlyPrice: 699,
    monthlyVolume: 50_000,
    teamMembers: 10,
    apiAccess: true,
    propertyTokenizationsPerMonth: 1,
    popular: false,
  },
];

export type BillingCycle = 'monthly' | 'annual';

/** Spec 9: annual billing is 12 times the monthly price less 20%, rounded. */
export const ANNUAL_DISCOUNT = 0.2;
export const annualPrice = (monthlyPrice: number): number => Math.round(monthlyPrice * 12 * (1 - ANNUAL_DISCOUNT));

/** Spec 9: what the tokenization add-on includes and costs. */
export const tokenization = {
  whitelistedInvestors: 10,
  investorKycIncluded: 5,
  quarterlyManagementFeePercent: 0.25,
  resaleRoyaltyPercent: 0.5,
  perInvestorKycFee: 1.5,
  /** Properties accepted: New Zealand and Australia only; valuations no older than 6 months. */
  jurisdictions: ['New Zealand', 'Australia'],
  maxValuationAgeMonths: 6,
} as const;
