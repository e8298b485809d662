import { Injectable, Logger } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { AffiliatesRepository } from '../affiliates/affiliates.repository';
import { fromCents, toCents } from '../affiliates/money';
import { clawbackOf } from './commission-rules';
import { ReferralsRepository } from './referrals.repository';

/**
 * A refund claws back the commission of its invoice in proportion to the refunded amount (billing
 * reports the total refunded so far, so only the increase is taken). The balance and total
 * earnings shrink by it, and so does the referral's commission. When the commission was already
 * paid out the balance goes negative and later commissions settle it first; a negative balance
 * is under the payout minimum, so it is never paid out.
 */
@Injectable()
export class InvoiceRefundedHandler implements EventHandler<'InvoiceRefunded'> {
  readonly eventType = 'InvoiceRefunded' as const;
  private readonly logger = new Logger(InvoiceRefundedHandler.name);

  constructor(
    private readonly affiliates: AffiliatesRepository,
    private readonly referrals: ReferralsRepository,
  ) {}

  async handle(event: Event<'InvoiceRefunded'>, { manager }: EventContext): Promise<void> {
    const commission = await this.referrals.lockCommissionByInvoice(manager, event.invoiceId);
    if (!commission) return;
    const target = clawbackOf(
      toCents(commission.amount),
      toCents(commission.invoiceAmount),
      Number(event.amountRefunded),
    );
    const delta = target - toCents(commission.refundedAmount);
    if (delta <= 0) return;
    await this.affiliates.lockById(manager, commission.affiliateId);
    await this.referrals.setRefunded(manager, commission.id, fromCents(target));
    await this.affiliates.adjust(manager, commission.affiliateId, -delta, -delta);
    await this.referrals.addCommission(manager, commission.referralId, -delta);
    this.logger.log(
      `invoice ${event.invoiceId} refunded: ${fromCents(delta)} clawed back from affiliate ${commission.affiliateId}`,
    );
  }
}
