import { Injectable } from '@nestjs/common';
import { In, IsNull, LessThan, Not, type EntityManager } from 'typeorm';
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

  /**
   * Stores a subscription; one with a Stripe id already stored (the checkout and a webhook may
   * store the same one at once) is left as it is. Returns the stored row.
   */
  async createSubscription(manager: EntityManager, subscription: NewSubscription): Promise<Subscription> {
    const stripeId = subscription.stripeSubscriptionId;
    if (!stripeId) return manager.save(manager.create(Subscription, subscription));
    await manager.createQueryBuilder().insert().into(Subscription).values(subscription).orIgnore().execute();
    return (await this.subscriptionByStripeId(manager, stripeId))!;
  }

  /** The user's current plan: the newest subscription that is neither unpaid-incomplete nor canceled. */
  currentSubscription(manager: EntityManager, userId: string): Promise<Subscription | null> {
    return manager.findOne(Subscription, {
      where: { userId, status: Not(In([...notCurrent])) },
      order: { createdAt: 'DESC' },
    });
  }

  /** The user's newest subscription of any status (a new checkout's idempotency key names it). */
  newestSubscription(manager: EntityManager, userId: string): Promise<Subscription | null> {
    return manager.findOne(Subscription, { where: { userId }, order: { createdAt: 'DESC' } });
  }

  /** The user's newest unpaid checkout of a plan and cycle, which a repeated checkout resumes. */
  pendingCheckout(
    manager: EntityManager,
    userId: string,
    planId: Subscription['planId'],
    billingCycle: Subscription['billingCycle'],
  ): Promise<Subscription | null> {
    return manager.findOne(Subscription, {
      where: { userId, planId, billingCycle, status: 'incomplete', stripeSubscriptionId: Not(IsNull()) },
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
