import { Injectable } from '@nestjs/common';
import { MailRecipients, type Event, type EventContext, type EventHandler } from '@app/platform';
import { AccountContextService } from './account-context.service';

/** A new account: its KYC status is identity's starting one (pending) until a KycStatusChanged says otherwise. */
@Injectable()
export class UserRegisteredHandler implements EventHandler<'UserRegistered'> {
  readonly eventType = 'UserRegistered' as const;

  constructor(
    private readonly account: AccountContextService,
    private readonly recipients: MailRecipients,
  ) {}

  /** Also keeps the address a closed widget's support replies are mailed to (issue 39). */
  async handle(event: Event<'UserRegistered'>, { manager }: EventContext): Promise<void> {
    await this.account.registered(manager, event.userId);
    await this.recipients.registered(manager, event);
  }
}
