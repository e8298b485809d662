import { Injectable, Logger } from '@nestjs/common';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { plans } from '@app/contracts';
import { isUuid, type Event, type EventContext, type EventHandler } from '@app/platform';
import type { AccountPlan } from './account-plan.entity';
import { AccountPlansRepository } from './account-plans.repository';

/** Whether the plan includes tokenization and is within its period (a plan without an end is). */
export function planIncludesTokenization(plan: Pick<AccountPlan, 'planId' | 'currentPeriodEnd'> | null, now: Date) {
  if (!plan) return false;
  const included = (plans.find((candidate) => candidate.id === plan.planId)?.propertyTokenizationsPerMonth ?? 0) > 0;
  return included && (plan.currentPeriodEnd === null || plan.currentPeriodEnd.getTime() > now.getTime());
}

/** Billing's SubscriptionActivated: the user's plan is now this one (the newest activation wins). */
@Injectable()
export class SubscriptionActivatedHandler implements EventHandler<'SubscriptionActivated'> {
  readonly eventType = 'SubscriptionActivated' as const;
  private readonly logger = new Logger(SubscriptionActivatedHandler.name);

  constructor(private readonly plans: AccountPlansRepository) {}

  async handle(event: Event<'SubscriptionActivated'>, { manager, occurredAt }: EventContext): Promise<void> {
    if (!isUuid(event.userId) || !event.planId) {
      this.logger.warn('SubscriptionActivated without a valid user id or plan; ignored');
      return;
    }
    await this.plans.activated(manager, {
      userId: event.userId,
      planId: event.planId.slice(0, 20),
      currentPeriodEnd: event.currentPeriodEnd ? timestampDate(event.currentPeriodEnd) : null,
      activatedAt: occurredAt,
    });
  }
}

/** Billing's InvoicePaid: a renewal of the stored plan extends its period. */
@Injectable()
export class InvoicePaidHandler implements EventHandler<'InvoicePaid'> {
  readonly eventType = 'InvoicePaid' as const;

  constructor(private readonly plans: AccountPlansRepository) {}

  async handle(event: Event<'InvoicePaid'>, { manager }: EventContext): Promise<void> {
    if (!isUuid(event.userId) || !event.planId || !event.periodEnd) return;
    await this.plans.renewed(manager, event.userId, event.planId, timestampDate(event.periodEnd));
  }
}
