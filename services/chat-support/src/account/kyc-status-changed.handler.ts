import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { AccountContextService } from './account-context.service';
import { kycChangeOf } from './account-context.util';

/** The user's KYC status (identity, Stripe Identity): the newest change's, by when identity made it. */
@Injectable()
export class KycStatusChangedHandler implements EventHandler<'KycStatusChanged'> {
  readonly eventType = 'KycStatusChanged' as const;

  constructor(private readonly account: AccountContextService) {}

  handle(event: Event<'KycStatusChanged'>, { manager, occurredAt }: EventContext): Promise<void> {
    return this.account.kycStatusChanged(manager, event.userId, kycChangeOf(event, occurredAt));
  }
}
