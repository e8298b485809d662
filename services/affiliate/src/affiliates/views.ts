import {
  tierForMonthlyReferrals,
  type AdminPayoutView,
  type AffiliateApplicationView,
  type AffiliateProfile,
  type PayoutView,
  type ReferralView,
} from '@app/contracts';
import type { Payout } from '../payouts/payout.entity';
import type { PayoutWithAffiliate } from '../payouts/payouts.repository';
import type { Referral } from '../referrals/referral.entity';
import type { Affiliate } from './affiliate.entity';
import { fromCents, percent, toCents } from './money';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
/** pg answers numeric as a string; normalised to exactly 2 places. */
const money = (value: string): string => fromCents(toCents(String(value)));

/** The profile of spec 3.6; the rate is the tier earned by this month's referrals (spec 9). */
export function profileView(affiliate: Affiliate, referralsThisMonth: number): AffiliateProfile {
  const tier = tierForMonthlyReferrals(referralsThisMonth);
  return {
    id: affiliate.id,
    companyName: affiliate.companyName,
    website: affiliate.website,
    businessType: affiliate.businessType,
    contactEmail: affiliate.contactEmail,
    contactName: affiliate.contactName,
    phoneNumber: affiliate.phoneNumber,
    referralCode: affiliate.referralCode,
    status: affiliate.status,
    totalEarnings: money(affiliate.totalEarnings),
    currentBalance: money(affiliate.currentBalance),
    commissionRate: percent(tier.ratePercent),
    tier: { id: tier.id, name: tier.name },
    cookieDays: tier.cookieDays,
    isDemo: affiliate.isDemo,
    createdAt: iso(affiliate.createdAt)!,
  };
}

export function applicationView(affiliate: Affiliate, referralsThisMonth: number): AffiliateApplicationView {
  return {
    ...profileView(affiliate, referralsThisMonth),
    userId: affiliate.userId,
    businessDescription: affiliate.businessDescription,
    marketingExperience: affiliate.marketingExperience,
    expectedReferrals: affiliate.expectedReferrals,
    additionalInfo: affiliate.additionalInfo,
    reviewedAt: iso(affiliate.reviewedAt),
  };
}

export const referralView = (referral: Referral): ReferralView => ({
  id: referral.id,
  createdAt: iso(referral.createdAt)!,
  status: referral.status,
  commissionAmount: money(referral.commissionAmount),
  convertedAt: iso(referral.convertedAt),
});

export const payoutView = (payout: Payout): PayoutView => ({
  id: payout.id,
  amount: money(payout.amount),
  createdAt: iso(payout.createdAt)!,
  status: payout.status,
  processedAt: iso(payout.processedAt),
});

export const adminPayoutView = (payout: PayoutWithAffiliate): AdminPayoutView => ({
  ...payoutView(payout),
  affiliateId: payout.affiliateId,
  companyName: payout.companyName,
  referralCode: payout.referralCode,
  contactEmail: payout.contactEmail,
});
