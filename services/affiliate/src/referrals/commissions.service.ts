import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { eventCatalog } from '@app/contracts';
import { isUuid, OutboxService, type Event, type EventContext, type Transaction } from '@app/platform';
import { AffiliatesRepository } from '../affiliates/affiliates.repository';
import { fromCents, percent, toCents } from '../affiliates/money';
import { clawbackOf, commissionOf, parkedEventCutoff, takenBackOf, withinCommissionWindow } from './commission-rules';
import type { Commission } from './commission.entity';
import type { DisputeStatus } from './dispute.entity';
import { DisputesRepository } from './disputes.repository';
import type { ParkedEventType } from './parked-event.entity';
import { ParkedEventsRepository } from './parked-events.repository';
import type { Referral } from './referral.entity';
import { ReferralsRepository } from './referrals.repository';

/** Expired parked events removed per newly parked one: more than arrive, so the backlog shrinks. */
const PURGE_BATCH = 100;

/**
 * Commissions on a referred user's invoices (spec 9) and their clawback on refunds and disputes.
 *
 * Invoices and refunds (billing.events.v1) are not ordered with the registration that records the
 * referral (identity.events.v1): an event of a user this service has not seen register yet is
 * parked, and applied when the user's UserRegistered arrives, after the referral is recorded, with
 * the result it would have had in order (the paid month's tier, the year from the referral's date).
 * A user's events are serialised by `lockUser`, so an event is never parked after its user's
 * registration looked for parked events.
 *
 * Disputes are not parked: each is remembered by its id (open, or won for good), whatever order
 * its events come in, and the invoice's commission holds back the share of its open disputes,
 * now or when it is earned (so a dispute that overtook its invoice applies with it).
 */
@Injectable()
export class CommissionsService {
  private readonly logger = new Logger(CommissionsService.name);

  constructor(
    private readonly affiliates: AffiliatesRepository,
    private readonly referrals: ReferralsRepository,
    private readonly parked: ParkedEventsRepository,
    private readonly disputes: DisputesRepository,
    private readonly outbox: OutboxService,
  ) {}

  async invoicePaid(event: Event<'InvoicePaid'>, context: EventContext): Promise<void> {
    const { manager, occurredAt, requestId } = context;
    if (!isUuid(event.userId) || Number(event.amount) <= 0) return;
    await this.referrals.lockUser(manager, event.userId);
    const referral = await this.referrals.lockByReferredUser(manager, event.userId);
    if (referral) return this.earn(manager, referral, event, occurredAt, requestId);
    // A user who registered without a (valid) referral earns nothing; one not seen yet may still.
    if (!(await this.referrals.isKnown(manager, event.userId))) {
      await this.park('InvoicePaid', event, toBinary(eventCatalog.InvoicePaid.schema, event), context);
    }
  }

  async invoiceRefunded(event: Event<'InvoiceRefunded'>, context: EventContext): Promise<void> {
    const { manager } = context;
    const user = isUuid(event.userId) ? event.userId : undefined;
    if (user) await this.referrals.lockUser(manager, user);
    if ((await this.clawBack(manager, event)) || !user) return;
    // No commission on the invoice: either it earned none, or its InvoicePaid is parked with the user.
    if (await this.referrals.lockByReferredUser(manager, user)) return;
    if (!(await this.referrals.isKnown(manager, user))) {
      await this.park('InvoiceRefunded', event, toBinary(eventCatalog.InvoiceRefunded.schema, event), context);
    }
  }

  /** A chargeback: the invoice's commission holds back the disputed share until the dispute is won. */
  invoiceDisputed(event: Event<'InvoiceDisputed'>, context: EventContext): Promise<void> {
    return this.dispute(event, 'open', context);
  }

  /** A won dispute returns what it held back; won is final, so a later report of it as open changes nothing. */
  invoiceDisputeWon(event: Event<'InvoiceDisputeWon'>, context: EventContext): Promise<void> {
    return this.dispute(event, 'won', context);
  }

  /**
   * Applies the user's parked events in the order they arrived, then forgets them; runs in the
   * UserRegistered transaction after the referral (if any) is recorded. Without a referral they
   * are simply dropped; expired ones are never applied.
   */
  async releaseParked(manager: Transaction, userId: string): Promise<void> {
    const cutoff = parkedEventCutoff(new Date());
    for (const parked of await this.parked.takeOf(manager, userId)) {
      if (parked.parkedAt < cutoff) {
        this.logger.warn(`${parked.type} ${parked.eventId} waited over the retention for user ${userId}; dropped`);
      } else if (parked.type === 'InvoicePaid') {
        const event = fromBinary(eventCatalog.InvoicePaid.schema, parked.payload);
        const referral = await this.referrals.lockByReferredUser(manager, userId);
        if (referral) await this.earn(manager, referral, event, parked.occurredAt, parked.requestId ?? undefined);
      } else {
        await this.clawBack(manager, fromBinary(eventCatalog.InvoiceRefunded.schema, parked.payload));
      }
    }
  }

  /**
   * A paid invoice within the first year of the referral earns a commission at the tier of the
   * month it was paid in (that month's referrals up to the payment, so a late application earns
   * what a timely one would): once per invoice, since the commission's invoice id is unique. The
   * balance and total earnings grow by it and the referral becomes converted, with CommissionEarned.
   */
  private async earn(
    manager: Transaction,
    referral: Referral,
    event: Event<'InvoicePaid'>,
    paidAt: Date,
    requestId?: string,
  ): Promise<void> {
    const invoiceCents = Number(event.amount);
    if (!withinCommissionWindow(new Date(referral.createdAt), paidAt)) {
      this.logger.log(`invoice ${event.invoiceId} paid after the first year of referral ${referral.id}; no commission`);
      return;
    }
    const affiliate = await this.affiliates.lockById(manager, referral.affiliateId);
    if (!affiliate || affiliate.status === 'suspended') {
      this.logger.warn(`invoice ${event.invoiceId}: affiliate ${referral.affiliateId} is suspended; no commission`);
      return;
    }
    const month = await this.affiliates.referralsInMonthUpTo(manager, affiliate.id, paidAt);
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
    await this.referrals.addCommission(manager, referral.id, cents, paidAt);
    // Disputes of the invoice that arrived before it (CommissionEarned still reports what it earned).
    await this.holdBackDisputed(manager, event.invoiceId);
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
        earnedAt: timestampFromDate(paidAt),
      },
      requestId,
    );
  }

  /**
   * A refund claws back the commission of its invoice in proportion to the refunded amount
   * (billing reports the total refunded so far, so only the increase is taken), through `settle`.
   * False when the invoice earned no commission.
   */
  private async clawBack(manager: Transaction, event: Event<'InvoiceRefunded'>): Promise<boolean> {
    const commission = await this.referrals.lockCommissionByInvoice(manager, event.invoiceId);
    if (!commission) return false;
    const target = clawbackOf(
      toCents(commission.amount),
      toCents(commission.invoiceAmount),
      Number(event.amountRefunded),
    );
    if (target <= toCents(commission.refundedAmount)) return true;
    const delta = await this.settle(manager, commission, { refunded: target });
    this.logger.log(
      `invoice ${event.invoiceId} refunded: ${fromCents(delta)} clawed back from affiliate ${commission.affiliateId}`,
    );
    return true;
  }

  /**
   * Records a dispute's news and, when it changed something, holds back (or returns) the
   * commission's disputed share. A user who registered without a referral earns nothing on the
   * invoice, so their disputes are not kept; one not seen yet may still earn, so theirs are.
   */
  private async dispute(
    event: Event<'InvoiceDisputed'> | Event<'InvoiceDisputeWon'>,
    status: DisputeStatus,
    { manager }: EventContext,
  ): Promise<void> {
    if (!isUuid(event.userId)) return;
    await this.referrals.lockUser(manager, event.userId);
    if (
      (await this.referrals.isKnown(manager, event.userId)) &&
      !(await this.referrals.lockByReferredUser(manager, event.userId))
    ) {
      return;
    }
    const changed = await this.disputes.record(manager, {
      disputeId: event.disputeId,
      invoiceId: event.invoiceId,
      userId: event.userId,
      amount: fromCents(Number(event.amount)),
      status,
    });
    if (changed) await this.holdBackDisputed(manager, event.invoiceId);
  }

  /**
   * The invoice's commission holds back its open disputes' share of the invoice: more when a
   * dispute opens, back to the balance and total earnings when it is won. Without a commission
   * (yet) there is nothing to do: `earn` calls this when there is one.
   */
  private async holdBackDisputed(manager: Transaction, invoiceId: string): Promise<void> {
    const commission = await this.referrals.lockCommissionByInvoice(manager, invoiceId);
    if (!commission) return;
    const disputed = clawbackOf(
      toCents(commission.amount),
      toCents(commission.invoiceAmount),
      toCents(await this.disputes.openAmountOf(manager, invoiceId)),
    );
    const delta = await this.settle(manager, commission, { disputed });
    if (delta === 0) return;
    const [what, amount] = delta > 0 ? ['held back from', delta] : ['returned to', -delta];
    this.logger.log(`invoice ${invoiceId} dispute: ${fromCents(amount)} ${what} affiliate ${commission.affiliateId}`);
  }

  /**
   * Stores the commission's new refund and dispute clawbacks (cents) and moves the affiliate's
   * balance and total earnings and the referral's commission by the change in what is taken back
   * in all (`takenBackOf`). A commission already paid out leaves the balance negative, settled by
   * later commissions; a negative balance is under the payout minimum. Answers the change.
   */
  private async settle(
    manager: Transaction,
    commission: Commission,
    change: { refunded?: number; disputed?: number },
  ): Promise<number> {
    const amount = toCents(commission.amount);
    const before = { refunded: toCents(commission.refundedAmount), disputed: toCents(commission.disputedAmount) };
    const after = { ...before, ...change };
    const delta =
      takenBackOf(amount, after.refunded, after.disputed) - takenBackOf(amount, before.refunded, before.disputed);
    if (after.refunded === before.refunded && after.disputed === before.disputed) return 0;
    await this.affiliates.lockById(manager, commission.affiliateId);
    await this.referrals.setClawbacks(manager, commission.id, {
      refundedAmount: fromCents(after.refunded),
      disputedAmount: fromCents(after.disputed),
    });
    if (delta !== 0) {
      await this.affiliates.adjust(manager, commission.affiliateId, -delta, -delta);
      await this.referrals.addCommission(manager, commission.referralId, -delta);
    }
    return delta;
  }

  /** Keeps the event until its user registers; every park also purges expired ones, so the table stays bounded. */
  private async park(
    type: ParkedEventType,
    event: { userId: string; invoiceId: string },
    payload: Uint8Array,
    context: EventContext,
  ): Promise<void> {
    const { manager, eventId, occurredAt, requestId } = context;
    const now = new Date();
    const purged = await this.parked.purgeBefore(manager, parkedEventCutoff(now), PURGE_BATCH);
    if (purged > 0) this.logger.log(`${purged} parked events expired unclaimed; purged`);
    await this.parked.insert(manager, {
      eventId,
      type,
      userId: event.userId,
      invoiceId: event.invoiceId,
      payload: Buffer.from(payload),
      occurredAt,
      requestId: requestId ?? null,
      parkedAt: now,
    });
    this.logger.log(`${type} ${eventId} of user ${event.userId} parked until the user registers`);
  }
}
