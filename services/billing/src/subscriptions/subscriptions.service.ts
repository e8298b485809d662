import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode,
  type BillingCycle,
  type createSubscriptionRequestSchema,
  type CreateSubscriptionResponse,
  type CurrentSubscription,
  type Plan,
} from '@app/contracts';
import { AppError, TransactionRunner } from '@app/platform';
import Stripe from 'stripe';
import type { z } from 'zod';
import { findPlan, isFreePlan, recurringPrice } from '../plans/prices';
import { STRIPE } from '../stripe/stripe.provider';
import { BillingRepository } from './billing.repository';
import type { Subscription } from './subscription.entity';
import { changesFromStripe, SubscriptionSync } from './subscription-sync';

export type SubscriptionRequest = z.output<typeof createSubscriptionRequestSchema>;
export interface Subscriber {
  id: string;
}

/** Statuses of a paid subscription that block starting another checkout. */
const livePaid = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

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
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly repository: BillingRepository,
    private readonly transactions: TransactionRunner,
    private readonly sync: SubscriptionSync,
  ) {}

  async current(userId: string): Promise<CurrentSubscription> {
    return toView(await this.transactions.run((manager) => this.repository.currentSubscription(manager, userId)));
  }

  /** Spec 3.7: starts a subscription; paid plans answer the client secret of the first invoice's payment. */
  async create(
    user: Subscriber,
    request: SubscriptionRequest,
    requestId?: string,
  ): Promise<CreateSubscriptionResponse> {
    const plan = findPlan(request.planId)!;
    const current = await this.transactions.run((manager) => this.repository.currentSubscription(manager, user.id));
    if (current?.stripeSubscriptionId && livePaid.has(current.status)) {
      throw new AppError(
        ErrorCode.Conflict,
        'You already have a paid subscription. Cancel it before choosing another plan.',
      );
    }
    if (isFreePlan(plan)) return this.startFree(user, plan, request.billingCycle, current, requestId);

    const customerId = await this.customerFor(user, request.customerInfo);
    const priceId = await this.priceFor(plan, request.billingCycle);
    let remote: Stripe.Subscription;
    try {
      remote = await this.stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: priceId }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId: user.id, planId: plan.id, billingCycle: request.billingCycle },
        expand: ['latest_invoice.confirmation_secret'],
      });
    } catch (error) {
      this.logger.error(`creating a Stripe subscription failed: ${(error as Error).message}`);
      throw unavailable();
    }
    const invoice = remote.latest_invoice as Stripe.Invoice | string | null;
    const clientSecret = typeof invoice === 'object' ? (invoice?.confirmation_secret?.client_secret ?? null) : null;
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

  /** Spec 2.9: cancels the paid subscription at the end of the period already paid for. */
  async cancel(userId: string): Promise<CurrentSubscription> {
    const current = await this.transactions.run((manager) => this.repository.currentSubscription(manager, userId));
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
        return this.sync.apply(manager, local, { ...changesFromStripe(remote), cancelAtPeriodEnd: true });
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
      created = await this.stripe.customers.create({
        email: info.email,
        name: info.name,
        ...(info.company ? { business_name: info.company } : {}),
        metadata: { userId: user.id, company: info.company },
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
