import { Injectable } from '@nestjs/common';
import {
  billingPaymentsLimit,
  type BillingCycle,
  type BillingPayment,
  type BillingPaymentStatus,
} from '@app/contracts';
import { TransactionRunner } from '@app/platform';
import type { CryptoPayment } from '../crypto/crypto-payment.entity';
import { decimalOfMinor } from '../mail/receipt-mail';
import { findPlan } from '../plans/prices';
import type { Invoice } from '../subscriptions/invoice.entity';
import type { Subscription } from '../subscriptions/subscription.entity';
import { PaymentsRepository } from './payments.repository';

/** "Growth, monthly" (the plan's name and cycle); "Plan payment" when the plan is not known. */
export const describePlan = (planId: string | undefined, cycle: BillingCycle | undefined): string => {
  const plan = planId ? findPlan(planId) : undefined;
  if (!plan) return 'Plan payment';
  return cycle ? `${plan.name}, ${cycle}` : plan.name;
};

const invoiceStatus = (invoice: Invoice): BillingPaymentStatus => {
  if (invoice.status === 'refunded') return 'refunded';
  if (invoice.status === 'payment_failed') return 'failed';
  if (invoice.status === 'paid') return BigInt(invoice.amountRefunded) > 0n ? 'partially_refunded' : 'paid';
  return 'pending';
};

const fromInvoice = (invoice: Invoice, subscription: Subscription | undefined): BillingPayment => ({
  id: invoice.stripeInvoiceId,
  method: 'card',
  description: describePlan(subscription?.planId, subscription?.billingCycle),
  amount: decimalOfMinor(invoice.amount),
  currency: invoice.currency.toUpperCase(),
  status: invoiceStatus(invoice),
  paidAt: invoice.createdAt.toISOString(),
  reference: invoice.stripeInvoiceId,
});

const fromCrypto = (payment: CryptoPayment): BillingPayment => ({
  id: payment.chargeId,
  method: 'crypto',
  description: describePlan(payment.planId, payment.billingCycle),
  amount: payment.amount,
  currency: 'USD',
  status: payment.status === 'paid' ? 'paid' : 'failed',
  paidAt: payment.createdAt.toISOString(),
  reference: payment.chargeId,
});

/** Settings → Billing's payment history: plan fees paid by card and by crypto, newest first. */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  async list(userId: string): Promise<BillingPayment[]> {
    const limit = billingPaymentsLimit;
    const { invoices, crypto, subscriptions } = await this.transactions.run(async (manager) => {
      const invoices = await this.repository.invoicesOf(manager, userId, limit);
      const stripeIds = [...new Set(invoices.flatMap((invoice) => invoice.stripeSubscriptionId ?? []))];
      return {
        invoices,
        crypto: await this.repository.cryptoPaymentsOf(manager, userId, limit),
        subscriptions: await this.repository.subscriptionsByStripeIds(manager, userId, stripeIds),
      };
    });
    const byStripeId = new Map(subscriptions.map((subscription) => [subscription.stripeSubscriptionId, subscription]));
    return [
      ...invoices.map((invoice) => fromInvoice(invoice, byStripeId.get(invoice.stripeSubscriptionId))),
      ...crypto.map(fromCrypto),
    ]
      .sort((a, b) => b.paidAt.localeCompare(a.paidAt))
      .slice(0, limit);
  }
}
