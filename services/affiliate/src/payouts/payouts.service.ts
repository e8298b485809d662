import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { affiliateMessages, ErrorCode, MIN_PAYOUT, type PayoutView } from '@app/contracts';
import { AppError, KycClearances, OutboxService, TransactionRunner, type AuthUser } from '@app/platform';
import { AffiliatesRepository } from '../affiliates/affiliates.repository';
import { noProfile } from '../affiliates/affiliates.service';
import { fromCents, toCents } from '../affiliates/money';
import { payoutView } from '../affiliates/views';
import { PayoutsRepository } from './payouts.repository';

/**
 * Spec 5.7 and 9: the whole balance moves into one payout request when it is at least $50 and
 * no request is pending. The affiliate's row is locked first, so a second concurrent request
 * waits, then sees the pending payout and is refused. Money leaves the platform only for an
 * approved affiliate that is not a demo: spec 6's "no status gates beyond the badge" is about
 * what an affiliate sees, so a pending, rejected or suspended account, or a demo one, sees its
 * dashboard but is refused a payout (403, creating nothing). Issue 18: the user's identity must be
 * verified too (KYC, from identity's events), else 403 KYC_REQUIRED with what to do, creating nothing.
 */
@Injectable()
export class PayoutsService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly affiliates: AffiliatesRepository,
    private readonly payouts: PayoutsRepository,
    private readonly outbox: OutboxService,
    private readonly kyc: KycClearances,
  ) {}

  request(user: AuthUser, requestId?: string): Promise<PayoutView> {
    return this.transactions.run(async (manager) => {
      const affiliate = await this.affiliates.lockByUserId(manager, user.id);
      if (!affiliate) throw noProfile();
      if (affiliate.status === 'suspended') throw new AppError(ErrorCode.Forbidden, affiliateMessages.suspended);
      if (affiliate.isDemo) throw new AppError(ErrorCode.Forbidden, affiliateMessages.payoutDemo);
      if (affiliate.status !== 'approved') throw new AppError(ErrorCode.Forbidden, affiliateMessages.payoutNotApproved);
      await this.kyc.require(user.id, 'payout', manager);
      if (await this.payouts.requestedOf(manager, affiliate.id)) {
        throw new AppError(ErrorCode.Conflict, affiliateMessages.payoutPending);
      }
      const balance = toCents(affiliate.currentBalance);
      if (balance < MIN_PAYOUT * 100) {
        throw new AppError(ErrorCode.ValidationFailed, affiliateMessages.payoutBelowMinimum);
      }
      const payout = await this.payouts.insert(manager, {
        id: randomUUID(),
        affiliateId: affiliate.id,
        amount: fromCents(balance),
      });
      await this.affiliates.adjust(manager, affiliate.id, -balance, 0);
      await this.outbox.publish(
        manager,
        'PayoutRequested',
        affiliate.id,
        {
          payoutId: payout.id,
          affiliateId: affiliate.id,
          affiliateUserId: affiliate.userId,
          amount: fromCents(balance),
          requestedAt: timestampFromDate(payout.createdAt),
        },
        requestId,
      );
      return payoutView(payout);
    });
  }
}
