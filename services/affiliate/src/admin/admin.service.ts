import { Injectable, Logger } from '@nestjs/common';
import {
  affiliateStatuses,
  ErrorCode,
  payoutStatuses,
  type AdminPayoutView,
  type AffiliateApplicationView,
  type AffiliateStatus,
  type AffiliateStatusChange,
  type PayoutStatus,
  type PayoutStatusChange,
} from '@app/contracts';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AppError, type AuthUser, isUuid, OutboxService, TransactionRunner } from '@app/platform';
import { AffiliatesRepository } from '../affiliates/affiliates.repository';
import { fromCents, toCents } from '../affiliates/money';
import { adminPayoutView, applicationView } from '../affiliates/views';
import { PayoutMailer } from '../mail/payout-mailer';
import { PayoutsRepository } from '../payouts/payouts.repository';

const badStatus = (allowed: readonly string[]) =>
  new AppError(ErrorCode.ValidationFailed, `Status must be one of ${allowed.join(', ')}`);

/** Ops: review applications, and settle payout requests (a failed payout returns its amount to the balance). */
@Injectable()
export class AdminService {
  private readonly logger = new Logger(AdminService.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly affiliates: AffiliatesRepository,
    private readonly payouts: PayoutsRepository,
    private readonly outbox: OutboxService,
    private readonly payoutMail: PayoutMailer,
  ) {}

  applications(status?: string): Promise<AffiliateApplicationView[]> {
    if (status && !affiliateStatuses.includes(status as AffiliateStatus)) throw badStatus(affiliateStatuses);
    return this.transactions.run(async (manager) => {
      const list = await this.affiliates.list(manager, status as AffiliateStatus | undefined);
      const months = await this.affiliates.referralsInMonthOf(
        manager,
        list.map((affiliate) => affiliate.id),
        new Date(),
      );
      return list.map((affiliate) => applicationView(affiliate, months.get(affiliate.id) ?? 0));
    });
  }

  setApplicationStatus(admin: AuthUser, id: string, change: AffiliateStatusChange): Promise<AffiliateApplicationView> {
    return this.transactions.run(async (manager) => {
      const updated = isUuid(id) ? await this.affiliates.setStatus(manager, id, change.status) : null;
      if (!updated) throw new AppError(ErrorCode.NotFound, 'Affiliate application not found');
      this.logger.log(`affiliate ${id} set to ${change.status} by ${admin.id}`);
      return applicationView(updated, await this.affiliates.referralsInMonth(manager, id, new Date()));
    });
  }

  async payoutList(status?: string): Promise<AdminPayoutView[]> {
    if (status && !payoutStatuses.includes(status as PayoutStatus)) throw badStatus(payoutStatuses);
    const rows = await this.transactions.run((manager) =>
      this.payouts.withAffiliates(manager, status as PayoutStatus | undefined),
    );
    return rows.map(adminPayoutView);
  }

  /** Only a requested payout can be settled; a second settlement is a 409, so money never returns twice. */
  setPayoutStatus(admin: AuthUser, id: string, change: PayoutStatusChange): Promise<AdminPayoutView> {
    return this.transactions.run(async (manager) => {
      const payout = isUuid(id) ? await this.payouts.lockById(manager, id) : null;
      if (!payout) throw new AppError(ErrorCode.NotFound, 'Payout not found');
      if (payout.status !== 'requested') {
        throw new AppError(ErrorCode.Conflict, `This payout is already ${payout.status}.`);
      }
      await this.payouts.setStatus(manager, id, change.status);
      if (change.status === 'failed') {
        await this.affiliates.lockById(manager, payout.affiliateId);
        await this.affiliates.adjust(manager, payout.affiliateId, toCents(payout.amount), 0);
      }
      this.logger.log(`payout ${id} marked ${change.status} by ${admin.id}`);
      const [row] = await this.payouts.withAffiliates(manager, undefined, id);
      if (change.status === 'paid') {
        // Last: the outbox row takes the affiliate's event-order lock until the commit.
        const affiliate = await this.affiliates.byId(manager, payout.affiliateId);
        await this.outbox.publish(manager, 'PayoutPaid', payout.affiliateId, {
          payoutId: id,
          affiliateId: payout.affiliateId,
          affiliateUserId: affiliate!.userId,
          amount: fromCents(toCents(payout.amount)),
          paidAt: timestampFromDate(row!.processedAt ?? new Date()),
        });
        await this.payoutMail.afterPaid(manager, affiliate!.userId, {
          payoutId: id,
          to: affiliate!.contactEmail || affiliate!.userEmail,
          contactName: affiliate!.contactName,
          amount: fromCents(toCents(payout.amount)),
          paidAt: row!.processedAt ?? new Date(),
        });
      }
      return adminPayoutView(row!);
    });
  }
}
