import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { AccountContextService } from './account-context.service';
import { planOf } from './account-context.util';

/** The user's plan, billing cycle and period end: the newest activation's (by when billing published it). */
@Injectable()
export class SubscriptionActivatedHandler implements EventHandler<'SubscriptionActivated'> {
  readonly eventType = 'SubscriptionActivated' as const;

  constructor(private readonly account: AccountContextService) {}

  handle(event: Event<'SubscriptionActivated'>, { manager, occurredAt }: EventContext): Promise<void> {
    return this.account.planActivated(manager, event.userId, planOf(event, occurredAt));
  }
}
