import { Injectable } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { billingCycles, planIds, subscriptionStatuses, type BillingCycle, type Plan } from '@app/contracts';
import { OutboxService, type Transaction } from '@app/platform';
import type Stripe from 'stripe';
import { BillingRepository } from './billing.repository';
import type { Subscription } from './subscription.entity';

export type SubscriptionChanges = Partial<Pick<Subscription, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>>;

export const stripeIdOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export const dateOfSeconds = (seconds: number | null | undefined): Date | null =>
  seconds == null ? null : new Date(seconds * 1000);

/** What a Stripe subscription says about status, period end and cancellation. */
export function changesFromStripe(subscription: Stripe.Subscription): SubscriptionChanges {
  const periodEnd = subscription.items?.data?.[0]?.current_period_end;
  const status = subscriptionStatuses.find((known) => known !== 'none' && known === subscription.status);
  return {
    ...(status && status !== 'none' ? { status } : {}),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    ...(periodEnd ? { currentPeriodEnd: dateOfSeconds(periodEnd) } : {}),
  };
}

/** Stripe never moves a subscription out of these. */
const finalStatuses: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/**
 * Whether news about a subscription is older than what is stored, so applying it would undo a
 * newer state. `at` is the Stripe `created` time of the event (null for a read of the object,
 * which is current). Stripe's times have one-second resolution, so events of the same second
 * are ordered by the statuses' own rules: a final status is never left, and nothing returns to
 * `incomplete`, where Stripe only ever starts a subscription.
 */
export function isStale(stored: Subscription, changes: SubscriptionChanges, at: Date | null): boolean {
  if (at && stored.lastEventAt && at.getTime() < stored.lastEventAt.getTime()) return true;
  if (finalStatuses.has(stored.status)) return true;
  return changes.status === 'incomplete' && stored.status !== 'incomplete';
}

/** Changes local subscriptions to what Stripe reports, publishing SubscriptionActivated once per activation. */
@Injectable()
export class SubscriptionSync {
  constructor(
    private readonly repository: BillingRepository,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Applies changes to a (locked) subscription unless they are stale; `at` is the Stripe event's
   * `created` time, null for the current object read from Stripe. Returns null when stale.
   */
  async apply(
    manager: Transaction,
    subscription: Subscription,
    changes: SubscriptionChanges,
    at: Date | null,
    requestId?: string,
  ): Promise<Subscription | null> {
    if (isStale(subscription, changes, at)) return null;
    const wasActive = subscription.status === 'active';
    Object.assign(subscription, changes);
    if (at && (!subscription.lastEventAt || at > subscription.lastEventAt)) subscription.lastEventAt = at;
    const saved = await this.repository.saveSubscription(manager, subscription);
    if (!wasActive && saved.status === 'active') await this.publishActivated(manager, saved, requestId);
    return saved;
  }

  async publishActivated(manager: Transaction, subscription: Subscription, requestId?: string): Promise<void> {
    await this.outbox.publish(
      manager,
      'SubscriptionActivated',
      subscription.userId,
      {
        userId: subscription.userId,
        subscriptionId: subscription.stripeSubscriptionId ?? subscription.id,
        planId: subscription.planId,
        billingCycle: subscription.billingCycle,
        ...(subscription.currentPeriodEnd
          ? { currentPeriodEnd: timestampFromDate(subscription.currentPeriodEnd) }
          : {}),
      },
      requestId,
    );
  }

  /**
   * Applies a Stripe subscription to its local row (locked) unless that is stale (null then). A
   * subscription we have no row for (created before a crash) is recreated from the metadata set at
   * checkout.
   */
  async fromStripe(
    manager: Transaction,
    remote: Stripe.Subscription,
    at: Date | null,
    requestId?: string,
  ): Promise<Subscription | null> {
    const local = await this.repository.subscriptionByStripeId(manager, remote.id);
    if (local) return this.apply(manager, local, changesFromStripe(remote), at, requestId);
    const { userId, planId, billingCycle } = remote.metadata ?? {};
    if (!userId || !planIds.includes(planId as Plan['id']) || !billingCycles.includes(billingCycle as BillingCycle)) {
      return null;
    }
    const created = await this.repository.createSubscription(manager, {
      userId,
      stripeSubscriptionId: remote.id,
      planId: planId as Plan['id'],
      billingCycle: billingCycle as BillingCycle,
      status: 'incomplete',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    return this.apply(manager, created, changesFromStripe(remote), at, requestId);
  }

  /**
   * Applies a subscription read from Stripe only if its row is still incomplete under the lock: a
   * webhook applied since the read is at least as new as the read (the reconcile job's rule).
   */
  async healIncomplete(manager: Transaction, remote: Stripe.Subscription): Promise<Subscription | null> {
    const local = await this.repository.subscriptionByStripeId(manager, remote.id);
    if (local?.status !== 'incomplete') return null;
    return this.apply(manager, local, changesFromStripe(remote), null);
  }
}
