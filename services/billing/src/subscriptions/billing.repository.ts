import { Injectable } from '@nestjs/common';
import { In, LessThan, Not, type EntityManager } from 'typeorm';
import { ProcessedWebhookEvent } from '../webhooks/processed-webhook-event.entity';
import { Customer } from './customer.entity';
import { Invoice } from './invoice.entity';
import { Subscription } from './subscription.entity';

export type NewSubscription = Pick<
  Subscription,
  'userId' | 'stripeSubscriptionId' | 'planId' | 'billingCycle' | 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'
>;

/** Statuses that do not make a plan the user's current one. */
const notCurrent = ['incomplete', 'incomplete_expired', 'canceled'] as const;

@Injectable()
export class BillingRepository {
  customerOf(manager: EntityManager, userId: string): Promise<Customer | null> {
    return manager.findOneBy(Customer, { userId });
  }

  customerByStripeId(manager: EntityManager, stripeCustomerId: string): Promise<Customer | null> {
    return manager.findOneBy(Customer, { stripeCustomerId });
  }

  /** Stores the user's Stripe customer unless one is already stored; returns the stored one. */
  async saveCustomer(manager: EntityManager, customer: Pick<Customer, 'userId' | 'stripeCustomerId' | 'email'>) {
    await manager.createQueryBuilder().insert().into(Customer).values(customer).orIgnore().execute();
    return (await this.customerOf(manager, customer.userId))!;
  }

  createSubscription(manager: EntityManager, subscription: NewSubscription): Promise<Subscription> {
    return manager.save(manager.create(Subscription, subscription));
  }

  /** The user's current plan: the newest subscription that is neither unpaid-incomplete nor canceled. */
  currentSubscription(manager: EntityManager, userId: string): Promise<Subscription | null> {
    return manager.findOne(Subscription, {
      where: { userId, status: Not(In([...notCurrent])) },
      order: { createdAt: 'DESC' },
    });
  }

  /** Locks the row for the rest of the transaction (webhooks and the reconcile job may race). */
  subscriptionByStripeId(manager: EntityManager, stripeSubscriptionId: string): Promise<Subscription | null> {
    return manager.findOne(Subscription, {
      where: { stripeSubscriptionId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  saveSubscription(manager: EntityManager, subscription: Subscription): Promise<Subscription> {
    return manager.save(subscription);
  }

  /** Paid subscriptions still incomplete locally since before the given time. */
  staleIncomplete(manager: EntityManager, createdBefore: Date, limit = 100): Promise<Subscription[]> {
    return manager.find(Subscription, {
      where: { status: 'incomplete', createdAt: LessThan(createdBefore), stripeSubscriptionId: Not('') },
      order: { createdAt: 'ASC' },
      take: limit,
    });
  }

  invoice(manager: EntityManager, stripeInvoiceId: string): Promise<Invoice | null> {
    return manager.findOne(Invoice, { where: { stripeInvoiceId }, lock: { mode: 'pessimistic_write' } });
  }

  saveInvoice(manager: EntityManager, invoice: Partial<Invoice> & Pick<Invoice, 'stripeInvoiceId'>): Promise<Invoice> {
    return manager.save(manager.create(Invoice, invoice));
  }

  /** Records a Stripe event as applied; false when it already was (then nothing else may change). */
  async markProcessed(manager: EntityManager, stripeEventId: string, type: string): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(ProcessedWebhookEvent)
      .values({ stripeEventId, type })
      .orIgnore()
      .returning('stripe_event_id')
      .execute();
    return (result.raw as unknown[]).length === 1;
  }
}
