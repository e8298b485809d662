import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { CryptoPayment } from '../crypto/crypto-payment.entity';
import { Invoice } from '../subscriptions/invoice.entity';
import { Subscription } from '../subscriptions/subscription.entity';

/** What the user paid the platform for plans: Stripe invoices and crypto charges (billing schema). */
@Injectable()
export class PaymentsRepository {
  /** The user's card invoices, newest first. */
  invoicesOf(manager: EntityManager, userId: string, limit: number): Promise<Invoice[]> {
    return manager.find(Invoice, { where: { userId }, order: { createdAt: 'DESC' }, take: limit });
  }

  /** The user's crypto plan charges, newest first. */
  cryptoPaymentsOf(manager: EntityManager, userId: string, limit: number): Promise<CryptoPayment[]> {
    return manager.find(CryptoPayment, { where: { userId }, order: { createdAt: 'DESC' }, take: limit });
  }

  /** The user's subscriptions with these Stripe ids (the plan and cycle an invoice paid for). */
  subscriptionsByStripeIds(manager: EntityManager, userId: string, stripeIds: string[]): Promise<Subscription[]> {
    if (stripeIds.length === 0) return Promise.resolve([]);
    return manager.find(Subscription, { where: { userId, stripeSubscriptionId: In(stripeIds) } });
  }
}
