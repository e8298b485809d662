import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  affiliateMessages,
  ErrorCode,
  type affiliateApplicationSchema,
  type AffiliateProfile,
  type AffiliateStats,
  type PayoutView,
  type ReferralView,
  type ReferralWindow,
  tierForMonthlyReferrals,
} from '@app/contracts';
import { AppError, isUniqueViolation, TransactionRunner, type AuthUser, type Transaction } from '@app/platform';
import type { z } from 'zod';
import { PayoutsRepository } from '../payouts/payouts.repository';
import { ReferralsRepository } from '../referrals/referrals.repository';
import type { Affiliate } from './affiliate.entity';
import { AffiliatesRepository } from './affiliates.repository';
import { newReferralCode, normalizeReferralCode } from './referral-code';
import { payoutView, profileView, referralView } from './views';

export type Application = z.output<typeof affiliateApplicationSchema>;
type NewProfile = Omit<
  Affiliate,
  'id' | 'referralCode' | 'createdAt' | 'totalEarnings' | 'currentBalance' | 'reviewedAt'
>;

export const noProfile = () => new AppError(ErrorCode.NotFound, affiliateMessages.noProfile);
const alreadyRegistered = () => new AppError(ErrorCode.Conflict, affiliateMessages.alreadyRegistered);
const CODE_ATTEMPTS = 5;

/** A user's own affiliate profile and its history; nobody reads another user's. */
@Injectable()
export class AffiliatesService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly affiliates: AffiliatesRepository,
    private readonly referrals: ReferralsRepository,
    private readonly payouts: PayoutsRepository,
  ) {}

  /** The cookie window of the tier a referral code's affiliate is in today; suspended ones attribute nothing. */
  referralWindow(code: string): Promise<ReferralWindow> {
    return this.transactions.run(async (manager) => {
      const affiliate = await this.affiliates.byReferralCode(manager, normalizeReferralCode(code));
      if (!affiliate || affiliate.status === 'suspended') {
        throw new AppError(ErrorCode.NotFound, 'Unknown referral code');
      }
      const tier = tierForMonthlyReferrals(await this.affiliates.referralsInMonth(manager, affiliate.id, new Date()));
      return { code: affiliate.referralCode, cookieDays: tier.cookieDays };
    });
  }

  profile(user: AuthUser): Promise<AffiliateProfile> {
    return this.transactions.run(async (manager) => {
      const affiliate = await this.affiliateOf(manager, user.id);
      return profileView(affiliate, await this.affiliates.referralsInMonth(manager, affiliate.id, new Date()));
    });
  }

  /** Spec 5.6: one application per user; it starts pending with its own unique referral code. */
  register(user: AuthUser, application: Application): Promise<AffiliateProfile> {
    return this.create({
      userId: user.id,
      userEmail: user.email,
      companyName: application.companyName,
      website: application.website || null,
      businessType: application.businessType,
      contactEmail: application.contactEmail,
      contactName: application.contactName,
      phoneNumber: application.phoneNumber,
      businessDescription: application.businessDescription,
      marketingExperience: application.marketingExperience,
      expectedReferrals: application.expectedReferrals,
      additionalInfo: application.additionalInfo || null,
      status: 'pending',
      isDemo: false,
    });
  }

  /** Spec 6: any signed-in user without a profile may try the dashboard with an approved demo profile. */
  createDemo(user: AuthUser): Promise<AffiliateProfile> {
    return this.create({
      userId: user.id,
      userEmail: user.email,
      companyName: 'Demo Affiliate',
      website: null,
      businessType: 'other',
      contactEmail: user.email,
      contactName: user.email.split('@')[0] ?? user.email,
      phoneNumber: '',
      businessDescription: 'Demo affiliate account created from the dashboard to explore the partner programme.',
      marketingExperience: 'beginner',
      expectedReferrals: '1-3',
      additionalInfo: null,
      status: 'approved',
      isDemo: true,
    });
  }

  referralsOf(user: AuthUser): Promise<ReferralView[]> {
    return this.transactions.run(async (manager) => {
      const affiliate = await this.affiliateOf(manager, user.id);
      return (await this.referrals.ofAffiliate(manager, affiliate.id)).map(referralView);
    });
  }

  payoutsOf(user: AuthUser): Promise<PayoutView[]> {
    return this.transactions.run(async (manager) => {
      const affiliate = await this.affiliateOf(manager, user.id);
      return (await this.payouts.ofAffiliate(manager, affiliate.id)).map(payoutView);
    });
  }

  stats(user: AuthUser): Promise<AffiliateStats> {
    return this.transactions.run(async (manager) => {
      const affiliate = await this.affiliateOf(manager, user.id);
      const counts = await this.referrals.countsOf(manager, affiliate.id);
      const pending = await this.payouts.requestedOf(manager, affiliate.id);
      return {
        ...counts,
        referralsThisMonth: await this.affiliates.referralsInMonth(manager, affiliate.id, new Date()),
        pendingPayout: pending ? payoutView(pending).amount : null,
      };
    });
  }

  async affiliateOf(manager: Transaction, userId: string): Promise<Affiliate> {
    const affiliate = await this.affiliates.byUserId(manager, userId);
    if (!affiliate) throw noProfile();
    return affiliate;
  }

  /** Inserts the profile; a taken referral code is drawn again, a second profile for the user is a 409. */
  private async create(profile: NewProfile): Promise<AffiliateProfile> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.transactions.run(async (manager) => {
          if (await this.affiliates.byUserId(manager, profile.userId)) throw alreadyRegistered();
          const saved = await this.affiliates.insert(manager, {
            ...profile,
            id: randomUUID(),
            referralCode: newReferralCode(profile.companyName),
          });
          return profileView(saved, 0);
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const constraint = (error as { constraint?: string }).constraint ?? '';
        if (constraint.includes('user_id')) throw alreadyRegistered();
        if (attempt >= CODE_ATTEMPTS) throw error;
      }
    }
  }
}
