import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { AccountContextService } from './account-context.service';

/** A new account: its KYC status is identity's starting one (pending) until a KycStatusChanged says otherwise. */
@Injectable()
export class UserRegisteredHandler implements EventHandler<'UserRegistered'> {
  readonly eventType = 'UserRegistered' as const;

  constructor(private readonly account: AccountContextService) {}

  handle(event: Event<'UserRegistered'>, { manager }: EventContext): Promise<void> {
    return this.account.registered(manager, event.userId);
  }
}
