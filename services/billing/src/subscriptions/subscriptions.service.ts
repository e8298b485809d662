import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode,
  type BillingCycle,
  type createSubscriptionRequestSchema,
  type CreateSubscriptionResponse,
  type CurrentSubscription,
  type Plan,
} from '@app/contracts';
import { AppError, TransactionRunner, STRIPE_CLIENT } from '@app/platform';
import Stripe from 'stripe';
import type { z } from 'zod';
import { findPlan, isFreePlan, recurringPrice } from '../plans/prices';
import { BillingRepository } from './billing.repository';
import { CheckoutLock } from './checkout-lock';
import type { Subscription } from './subscription.entity';
import { changesFromStripe, SubscriptionSync } from './subscription-sync';

export type SubscriptionRequest = z.output<typeof createSubscriptionRequestSchema>;
export interface Subscriber {
  id: string;
}

/** Statuses of a paid subscription that block starting another checkout. */
const livePaid = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

const alreadySubscribed = () =>
  new AppError(ErrorCode.Conflict, 'You already have a paid subscription. Cancel it before choosing another plan.');

/** The first invoice's client secret, when the subscription was read with it expanded. */
const clientSecretOf = (subscription: Stripe.Subscription): string | null => {
  const invoice = subscription.latest_invoice as Stripe.Invoice | string | null;
  return typeof invoice === 'object' ? (invoice?.confirmation_secret?.client_secret ?? null) : null;
};

const unavailable = () =>
  new AppError(ErrorCode.ServiceUnavailable, 'The payment provider is not reachable. Please try again.');

export const toView = (subscription: Subscription | null): CurrentSubscription => {
  if (!subscription) {
    return {
      planId: 'starter',
      planName: findPlan('starter')!.name,
      billingCycle: null,
      status: 'none',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    };
  }
  return {
    planId: subscription.planId,
    planName: findPlan(subscription.planId)?.name ?? subscription.planId,
    billingCycle: subscription.billingCycle,
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
};

@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);
  /** Stripe price ids by lookup key, found or created once per process. */
  private readonly prices = new Map<string, Promise<string>>();

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe,
    private readonly repository: BillingRepository,
    private readonly transactions: TransactionRunner,
    private readonly sync: SubscriptionSync,
    private readonly checkoutLock: CheckoutLock,
  ) {}

  async current(userId: string): Promise<CurrentSubscription> {
    return toView(await this.transactions.run((manager) => this.repository.currentSubscription(manager, userId)));
  }

  /**
   * Spec 3.7: starts a subscription; paid plans answer the client secret of the first invoice's
   * payment. One checkout per user runs at a time, so a double click starts one subscription: the
   * second request resumes the first's unpaid checkout and answers the same client secret.
   */
  async create(
    user: Subscriber,
    request: SubscriptionRequest,
    requestId?: string,
  ): Promise<CreateSubscriptionResponse> {
    const plan = findPlan(request.planId)!;
    return this.checkoutLock.run(user.id, () => this.checkout(user, plan, request, requestId));
  }

  private async checkout(
    user: Subscriber,
    plan: Plan,
    request: SubscriptionRequest,
    requestId?: string,
  ): Promise<CreateSubscriptionResponse> {
    const { current, pending, newest } = await this.transactions.run(async (manager) => ({
      current: await this.repository.currentSubscription(manager, user.id),
      pending: await this.repository.pendingCheckout(manager, user.id, plan.id, request.billingCycle),
      newest: await this.repository.newestSubscription(manager, user.id),
    }));
    if (current?.stripeSubscriptionId && livePaid.has(current.status)) throw alreadySubscribed();
    // A plan paid with crypto runs to its period end; it is renewed with crypto (a new charge).
    if (current?.paymentMethod === 'crypto' && current.status === 'active') throw alreadySubscribed();
    if (isFreePlan(plan)) return this.startFree(user, plan, request.billingCycle, current, requestId);
    const resumed = pending ? await this.resume(pending) : null;
    if (resumed) return resumed;

    const customerId = await this.customerFor(user, request.customerInfo);
    const priceId = await this.priceFor(plan, request.billingCycle);
    let remote: Stripe.Subscription;
    try {
      remote = await this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: priceId }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { userId: user.id, planId: plan.id, billingCycle: request.billingCycle },
          expand: ['latest_invoice.confirmation_secret'],
        },
        // Named after the user's newest subscription: a retry after a create whose answer was lost
        // gets the same Stripe subscription; once that one is stored, the next checkout has a new key.
        { idempotencyKey: `billing-subscription-${user.id}-${newest?.id ?? 'first'}-${priceId}` },
      );
    } catch (error) {
      this.logger.error(`creating a Stripe subscription failed: ${(error as Error).message}`);
      throw unavailable();
    }
    const clientSecret = clientSecretOf(remote);
    const stored = await this.transactions.run(async (manager) => {
      const existing = await this.repository.subscriptionByStripeId(manager, remote.id);
      if (existing) return existing;
      return this.repository.createSubscription(manager, {
        userId: user.id,
        stripeSubscriptionId: remote.id,
        planId: plan.id,
        billingCycle: request.billingCycle,
        status: 'incomplete',
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        ...changesFromStripe(remote),
      });
    });
    return { subscriptionId: remote.id, status: stored.status, clientSecret };
  }

  /**
   * An unpaid checkout of the same plan and cycle, answered again while Stripe still holds it open.
   * Null when it has expired (or lost its payment), so a new one is started; paid meanwhile, whose
   * webhook has not arrived yet, it is healed locally and the user already has a subscription.
   */
  private async resume(pending: Subscription): Promise<CreateSubscriptionResponse | null> {
    let remote: Stripe.Subscription;
    try {
      remote = await this.stripe.subscriptions.retrieve(pending.stripeSubscriptionId!, {
        expand: ['latest_invoice.confirmation_secret'],
      });
    } catch (error) {
      this.logger.error(`reading a Stripe subscription failed: ${(error as Error).message}`);
      throw unavailable();
    }
    const clientSecret = clientSecretOf(remote);
    if (remote.status === 'incomplete' && clientSecret) {
      return { subscriptionId: remote.id, status: 'incomplete', clientSecret };
    }
    const healed = await this.transactions.run((manager) => this.sync.healIncomplete(manager, remote));
    if (healed && livePaid.has(healed.status)) throw alreadySubscribed();
    return null;
  }

  /** Spec 2.9: cancels the paid subscription at the end of the period already paid for. */
  async cancel(userId: string): Promise<CurrentSubscription> {
    const current = await this.transactions.run((manager) => this.repository.currentSubscription(manager, userId));
    if (current?.paymentMethod === 'crypto' && current.status === 'active') {
      // Nothing renews a crypto plan by itself: cancelling stops the renewal reminder, and the
      // plan runs to the end of the period paid for.
      current.cancelAtPeriodEnd = true;
      return toView(await this.transactions.run((manager) => this.repository.saveSubscription(manager, current)));
    }
    if (!current?.stripeSubscriptionId) {
      throw new AppError(ErrorCode.Conflict, 'You have no paid subscription to cancel.');
    }
    let remote: Stripe.Subscription;
    try {
      remote = await this.stripe.subscriptions.update(current.stripeSubscriptionId, { cancel_at_period_end: true });
    } catch (error) {
      this.logger.error(`cancelling a Stripe subscription failed: ${(error as Error).message}`);
      throw unavailable();
    }
    return toView(
      await this.transactions.run(async (manager) => {
        const local = (await this.repository.subscriptionByStripeId(manager, remote.id))!;
        const changes = { ...changesFromStripe(remote), cancelAtPeriodEnd: true };
        return (await this.sync.apply(manager, local, changes, null)) ?? local;
      }),
    );
  }

  private async startFree(
    user: Subscriber,
    plan: Plan,
    billingCycle: BillingCycle,
    current: Subscription | null,
    requestId?: string,
  ): Promise<CreateSubscriptionResponse> {
    if (current && !current.stripeSubscriptionId && current.planId === plan.id) {
      return { subscriptionId: current.id, status: current.status, clientSecret: null };
    }
    const created = await this.transactions.run(async (manager) => {
      const subscription = await this.repository.createSubscription(manager, {
        userId: user.id,
        stripeSubscriptionId: null,
        planId: plan.id,
        billingCycle,
        status: 'active',
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
      });
      await this.sync.publishActivated(manager, subscription, requestId);
      return subscription;
    });
    return { subscriptionId: created.id, status: created.status, clientSecret: null };
  }

  /** The user's Stripe customer: the stored one, or a new one with the checkout's details. */
  private async customerFor(user: Subscriber, info: SubscriptionRequest['customerInfo']): Promise<string> {
    const stored = await this.transactions.run((manager) => this.repository.customerOf(manager, user.id));
    if (stored) return stored.stripeCustomerId;
    let created: Stripe.Customer;
    try {
      const params: Stripe.CustomerCreateParams = {
        email: info.email,
        name: info.name,
        ...(info.company ? { business_name: info.company } : {}),
        metadata: { userId: user.id, company: info.company },
      };
      // A retry after a create whose answer was lost gets the same customer (with the same details).
      const details = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
      created = await this.stripe.customers.create(params, {
        idempotencyKey: `billing-customer-${user.id}-${details}`,
      });
    } catch (error) {
      this.logger.error(`creating a Stripe customer failed: ${(error as Error).message}`);
      throw unavailable();
    }
    const saved = await this.transactions.run((manager) =>
      this.repository.saveCustomer(manager, { userId: user.id, stripeCustomerId: created.id, email: info.email }),
    );
    return saved.stripeCustomerId;
  }

  /** The recurring price of a plan and cycle, found by lookup key or created with its product. */
  private priceFor(plan: Plan, cycle: BillingCycle): Promise<string> {
    const price = recurringPrice(plan, cycle);
    let pending = this.prices.get(price.lookupKey);
    if (!pending) {
      pending = this.findOrCreatePrice(plan, price).catch((error: unknown) => {
        this.prices.delete(price.lookupKey);
        this.logger.error(`finding the Stripe price ${price.lookupKey} failed: ${(error as Error).message}`);
        throw unavailable();
      });
      this.prices.set(price.lookupKey, pending);
    }
    return pending;
  }

  private async findOrCreatePrice(plan: Plan, price: ReturnType<typeof recurringPrice>): Promise<string> {
    const found = await this.stripe.prices.list({ lookup_keys: [price.lookupKey], active: true, limit: 1 });
    const existing = found.data[0];
    if (existing && existing.unit_amount === price.unitAmount && existing.recurring?.interval === price.interval) {
      return existing.id;
    }
    const product = await this.stripe.products.create({ name: plan.name, metadata: { planId: plan.id } });
    const created = await this.stripe.prices.create({
      product: product.id,
      currency: price.currency,
      unit_amount: price.unitAmount,
      recurring: { interval: price.interval },
      lookup_key: price.lookupKey,
      transfer_lookup_key: true,
      metadata: { planId: plan.id },
    });
    return created.id;
  }
}
