import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { AffiliateBusinessType, ExpectedReferrals, MarketingExperience } from '@app/contracts';
import { isUuid, type Event, type EventContext, type EventHandler } from '@app/platform';
import { AffiliatesRepository } from './affiliates.repository';
import { newReferralCode } from './referral-code';

const CODE_ATTEMPTS = 5;

/**
 * Spec 6, a visitor applies as affiliate: identity created the account and published the
 * application with it (one transaction); here it becomes the account's pending profile, linked to
 * the new user id, with its own referral code. A user who already has a profile keeps it (one
 * profile per user); a redelivered event finds its inbox row and changes nothing.
 */
@Injectable()
export class AffiliateApplicationSubmittedHandler implements EventHandler<'AffiliateApplicationSubmitted'> {
  readonly eventType = 'AffiliateApplicationSubmitted' as const;
  private readonly logger = new Logger(AffiliateApplicationSubmittedHandler.name);

  constructor(private readonly affiliates: AffiliatesRepository) {}

  async handle(event: Event<'AffiliateApplicationSubmitted'>, { manager }: EventContext): Promise<void> {
    if (!isUuid(event.userId)) {
      this.logger.warn('AffiliateApplicationSubmitted without a valid user id; ignored');
      return;
    }
    if (await this.affiliates.byUserId(manager, event.userId)) {
      this.logger.warn(`user ${event.userId} already has an affiliate profile; application not stored again`);
      return;
    }
    await this.affiliates.insert(manager, {
      id: randomUUID(),
      userId: event.userId,
      userEmail: event.email,
      companyName: event.companyName,
      website: event.website || null,
      businessType: event.businessType as AffiliateBusinessType,
      contactEmail: event.email,
      contactName: event.contactName,
      phoneNumber: event.phoneNumber,
      businessDescription: event.businessDescription,
      marketingExperience: event.marketingExperience as MarketingExperience,
      expectedReferrals: event.expectedReferrals as ExpectedReferrals,
      additionalInfo: event.additionalInfo || null,
      referralCode: await this.freeReferralCode(manager, event.companyName),
      status: 'pending',
      isDemo: false,
    });
  }

  /** A code no profile holds yet (a clash inside the insert would fail the event and retry it). */
  private async freeReferralCode(manager: EventContext['manager'], companyName: string): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      const code = newReferralCode(companyName);
      if (attempt >= CODE_ATTEMPTS || !(await this.affiliates.byReferralCode(manager, code))) return code;
    }
  }
}
