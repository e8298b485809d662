import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { referralCodePattern } from '@app/contracts';
import {
  isUuid,
  OutboxService,
  type Event,
  type EventContext,
  type EventHandler,
  type Transaction,
} from '@app/platform';
import { AffiliatesRepository } from '../affiliates/affiliates.repository';
import { normalizeReferralCode } from '../affiliates/referral-code';
import { CommissionsService } from './commissions.service';
import { ReferralsRepository } from './referrals.repository';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Attribution: a registration carrying a referral code records a pending referral for the
 * affiliate holding it (any status but suspended: spec 6 enforces no status gate beyond the
 * badge). Self-referrals (the affiliate's own user id, account e-mail or contact e-mail) are
 * refused and logged; a user is referred at most once. Every registration also marks the user as
 * known and releases the invoices and refunds of theirs that arrived first (see CommissionsService).
 */
@Injectable()
export class UserRegisteredHandler implements EventHandler<'UserRegistered'> {
  readonly eventType = 'UserRegistered' as const;
  private readonly logger = new Logger(UserRegisteredHandler.name);

  constructor(
    private readonly affiliates: AffiliatesRepository,
    private readonly referrals: ReferralsRepository,
    private readonly outbox: OutboxService,
    private readonly commissions: CommissionsService,
  ) {}

  async handle(event: Event<'UserRegistered'>, { manager, requestId, occurredAt }: EventContext): Promise<void> {
    if (!isUuid(event.userId)) {
      this.logger.warn(`UserRegistered without a valid user id; ignored`);
      return;
    }
    // Dated at registration, not at processing: the month's tier and the first year count from sign-up.
    const registeredAt = event.registeredAt ? timestampDate(event.registeredAt) : occurredAt;
    await this.referrals.lockUser(manager, event.userId);
    await this.referrals.markKnown(manager, event.userId, registeredAt);
    await this.attribute(manager, event, registeredAt, requestId);
    // Invoices and refunds that overtook the registration, now that the referral (if any) exists.
    await this.commissions.releaseParked(manager, event.userId);
  }

  private async attribute(
    manager: Transaction,
    event: Event<'UserRegistered'>,
    referredAt: Date,
    requestId?: string,
  ): Promise<void> {
    if (!event.referralCode) return;
    if (!referralCodePattern.test(event.referralCode)) {
      this.logger.warn(`user ${event.userId} registered with a malformed referral code; not attributed`);
      return;
    }
    const code = normalizeReferralCode(event.referralCode);
    const affiliate = await this.affiliates.byReferralCode(manager, code);
    if (!affiliate) {
      this.logger.warn(`user ${event.userId} registered with unknown referral code ${code}; not attributed`);
      return;
    }
    if (affiliate.status === 'suspended') {
      this.logger.warn(`referral code ${code} belongs to a suspended affiliate; user ${event.userId} not attributed`);
      return;
    }
    if (
      affiliate.userId === event.userId ||
      sameEmail(affiliate.userEmail, event.email) ||
      sameEmail(affiliate.contactEmail, event.email)
    ) {
      this.logger.warn(`self-referral refused: user ${event.userId} used the code of affiliate ${affiliate.id}`);
      return;
    }
    const id = randomUUID();
    const recorded = await this.referrals.insertIfAbsent(manager, {
      id,
      affiliateId: affiliate.id,
      referredUserId: event.userId,
      createdAt: referredAt,
    });
    if (!recorded) return;
    await this.outbox.publish(
      manager,
      'ReferralAttributed',
      affiliate.id,
      {
        referralId: id,
        affiliateId: affiliate.id,
        affiliateUserId: affiliate.userId,
        referredUserId: event.userId,
        referralCode: code,
        attributedAt: timestampFromDate(referredAt),
      },
      requestId,
    );
  }
}
