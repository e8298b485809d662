import { Injectable, Logger } from '@nestjs/common';
import { billingCycles, cryptoPlanIds, subscriptionChargeAmount, type BillingCycle, type Plan } from '@app/contracts';
import type { Event, Transaction } from '@app/platform';
import { ReceiptMailer } from '../mail/receipt-mailer';
import { SubscriptionSync } from '../subscriptions/subscription-sync';
import { periodEnd } from './crypto-period.util';
import { CryptoSubscriptionsRepository } from './crypto-subscriptions.repository';

export type ChargeOutcome = 'activated' | 'extended' | 'duplicate' | 'ignored' | 'recorded';

interface Order {
  planId: Plan['id'];
  billingCycle: BillingCycle;
}

/** The plan and cycle a charge bought, or null for a charge that is not a (well-formed) subscription's. */
const orderOf = (event: { purpose: string; planId: string; billingCycle: string }): Order | null => {
  if (event.purpose !== 'subscription') return null;
  const planId = cryptoPlanIds.find((id) => id === event.planId);
  const billingCycle = billingCycles.find((cycle) => cycle === event.billingCycle);
  return planId && billingCycle ? { planId, billingCycle } : null;
};

/**
 * Plans paid with crypto (issue 21). The checkout's crypto tab buys one period with a Coinbase
 * charge marked purpose 'subscription' (crypto-escrow); its ChargeCompleted activates the plan for
 * that period, once per charge however often the event arrives (a row per charge id, locked). A
 * charge paid while the same plan and cycle is still running extends it from its end (a renewal);
 * another plan replaces it from the payment. Charges for anything else are ignored.
 */
@Injectable()
export class CryptoSubscriptionsService {
  private readonly logger = new Logger(CryptoSubscriptionsService.name);

  constructor(
    private readonly repository: CryptoSubscriptionsRepository,
    private readonly sync: SubscriptionSync,
    private readonly receipts: ReceiptMailer,
  ) {}

  async chargeCompleted(
    manager: Transaction,
    event: Event<'ChargeCompleted'>,
    paidAt: Date,
    requestId?: string,
  ): Promise<ChargeOutcome> {
    const order = orderOf(event);
    if (!order) return 'ignored';
    const price = subscriptionChargeAmount(order.planId, order.billingCycle);
    if (event.amount !== price || event.currency.toUpperCase() !== 'USD') {
      this.logger.warn(
        `charge ${event.chargeId} of ${event.amount} ${event.currency} does not pay ${order.planId} ${order.billingCycle} (${price} USD): ignored`,
      );
      return 'ignored';
    }
    const payment = await this.repository.insertPayment(manager, {
      chargeId: event.chargeId,
      userId: event.userId,
      ...order,
      amount: event.amount,
      status: 'paid',
    });
    // A period already set: this charge was applied before (the event again, or another copy of it).
    if (payment.periodStart) return 'duplicate';

    const current = await this.repository.newestCrypto(manager, event.userId);
    const running =
      current?.status === 'active' && current.currentPeriodEnd !== null && current.currentPeriodEnd > paidAt
        ? current
        : null;
    let outcome: ChargeOutcome;
    let subscription;
    let start: Date;
    if (running && running.planId === order.planId && running.billingCycle === order.billingCycle) {
      start = running.currentPeriodEnd!;
      running.currentPeriodEnd = periodEnd(start, order.billingCycle);
      running.cancelAtPeriodEnd = false;
      if (event.payerEmail) running.payerEmail = event.payerEmail;
      subscription = await this.repository.saveSubscription(manager, running);
      outcome = 'extended';
    } else {
      if (running) {
        running.status = 'canceled';
        await this.repository.saveSubscription(manager, running);
      }
      start = paidAt;
      subscription = await this.repository.createSubscription(manager, {
        userId: event.userId,
        stripeSubscriptionId: null,
        planId: order.planId,
        billingCycle: order.billingCycle,
        status: 'active',
        currentPeriodEnd: periodEnd(start, order.billingCycle),
        cancelAtPeriodEnd: false,
        paymentMethod: 'crypto',
        payerEmail: event.payerEmail || null,
      });
      await this.sync.publishActivated(manager, subscription, requestId);
      outcome = 'activated';
    }
    Object.assign(payment, {
      status: 'paid',
      subscriptionId: subscription.id,
      periodStart: start,
      periodEnd: subscription.currentPeriodEnd,
    });
    await this.repository.savePayment(manager, payment);
    this.receipts.afterPaid(manager, {
      to: subscription.payerEmail ?? event.payerEmail,
      amount: event.amount,
      currency: event.currency,
      planId: order.planId,
      billingCycle: order.billingCycle,
      periodStart: start,
      periodEnd: subscription.currentPeriodEnd,
      reference: event.code || event.chargeId,
      method: 'crypto',
    });
    return outcome;
  }

  /**
   * An expired or cancelled subscription charge: recorded, and nothing else changes (the plan stays
   * as it was). If it is paid late, its ChargeCompleted still activates the period.
   */
  async chargeFailed(manager: Transaction, event: Event<'ChargeFailed'>): Promise<ChargeOutcome> {
    const order = orderOf(event);
    if (!order) return 'ignored';
    await this.repository.insertPayment(manager, {
      chargeId: event.chargeId,
      userId: event.userId,
      ...order,
      amount: event.amount,
      status: 'failed',
    });
    return 'recorded';
  }
}
