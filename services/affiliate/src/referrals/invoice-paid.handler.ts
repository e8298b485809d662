import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { OutboxService, type Event, type EventContext, type EventHandler } from '@app/platform';
import { AffiliatesRepository } from '../affiliates/affiliates.repository';
import { fromCents, percent } from '../affiliates/money';
import { commissionOf, withinCommissionWindow } from './commission-rules';
import { ReferralsRepository } from './referrals.repository';

/**
 * A referred user's paid invoice within the first year of the referral earns the affiliate a
 * commission at the tier of the month the invoice was paid in (spec 9): once per invoice, since
 * the commission's invoice id is unique. The balance and total earnings grow by it and the
 * referral becomes converted, in the same transaction as the inbox row and CommissionEarned.
 */
@Injectable()
export class InvoicePaidHandler implements EventHandler<'InvoicePaid'> {
  readonly eventType = 'InvoicePaid' as const;
  private readonly logger = new Logger(InvoicePaidHandler.name);

  constructor(
    private readonly affiliates: AffiliatesRepository,
    private readonly referrals: ReferralsRepository,
    private readonly outbox: OutboxService,
  ) {}

  async handle(event: Event<'InvoicePaid'>, { manager, occurredAt, requestId }: EventContext): Promise<void> {
    const invoiceCents = Number(event.amount);
    if (!event.userId || invoiceCents <= 0) return;
    const referral = await this.referrals.lockByReferredUser(manager, event.userId);
    if (!referral) return;
    if (!withinCommissionWindow(new Date(referral.createdAt), occurredAt)) {
      this.logger.log(`invoice ${event.invoiceId} paid after the first year of referral ${referral.id}; no commission`);
      return;
    }
    const affiliate = await this.affiliates.lockById(manager, referral.affiliateId);
    if (!affiliate || affiliate.status === 'suspended') {
      this.logger.warn(`invoice ${event.invoiceId}: affiliate ${referral.affiliateId} is suspended; no commission`);
      return;
    }
    const month = await this.affiliates.referralsInMonth(manager, affiliate.id, occurredAt);
    const { tier, cents } = commissionOf(invoiceCents, month);
    const id = randomUUID();
    const inserted = await this.referrals.insertCommission(manager, {
      id,
      affiliateId: affiliate.id,
      referralId: referral.id,
      invoiceId: event.invoiceId,
      invoiceAmount: fromCents(invoiceCents),
      currency: event.currency || 'usd',
      tier: tier.id,
      rate: percent(tier.ratePercent),
      amount: fromCents(cents),
    });
    if (!inserted) return;
    await this.affiliates.adjust(manager, affiliate.id, cents, cents);
    await this.referrals.addCommission(manager, referral.id, cents, occurredAt);
    await this.outbox.publish(
      manager,
      'CommissionEarned',
      affiliate.id,
      {
        commissionId: id,
        affiliateId: affiliate.id,
        referralId: referral.id,
        referredUserId: event.userId,
        invoiceId: event.invoiceId,
        invoiceAmount: fromCents(invoiceCents),
        commissionAmount: fromCents(cents),
        commissionRate: percent(tier.ratePercent),
        tier: tier.id,
        currency: event.currency || 'usd',
        earnedAt: timestampFromDate(occurredAt),
      },
      requestId,
    );
  }
}
