import { Injectable, Logger } from '@nestjs/common';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { OptionalMailKind } from '@app/contracts';
import { isUuid } from '../../auth/tokens';
import type { Transaction } from '../../database/transaction-runner';
import type { Event, EventContext, EventHandler } from '../../events/event-handler';
import { MailRecipientsRepository } from './mail-recipients.repository';

/** Whom to mail: the member's address and the name to greet them by. */
export interface Recipient {
  email: string;
  firstName: string;
}

/**
 * Issue 39, for a service that sends optional mail (a support reply, an investment update, a
 * payout notice): its copy of each member's address (identity's UserRegistered) and mail choices
 * (profile's MailPreferencesChanged, which profile owns). The service adds MailRecipient to its
 * entities, CreateMailRecipients to its migrations, `mailRecipientProviders` to its module, and
 * MailPreferencesChangedHandler to its event handlers; its UserRegistered handler (or
 * MailRecipientRegisteredHandler when it has none) calls `registered`.
 */
@Injectable()
export class MailRecipients {
  private readonly logger = new Logger(MailRecipients.name);

  constructor(private readonly repository: MailRecipientsRepository) {}

  async registered(manager: Transaction, event: Event<'UserRegistered'>): Promise<void> {
    if (!isUuid(event.userId) || !event.email) return;
    await this.repository.recordAddress(manager, event.userId, event.email, event.firstName.slice(0, 100));
  }

  async preferencesChanged(
    manager: Transaction,
    event: Event<'MailPreferencesChanged'>,
    occurredAt: Date,
  ): Promise<void> {
    if (!isUuid(event.userId)) {
      this.logger.warn('MailPreferencesChanged without a valid user id; ignored');
      return;
    }
    const at = event.updatedAt ? timestampDate(event.updatedAt) : occurredAt;
    const { supportReplies, investmentUpdates, payoutNotices } = event;
    const recorded = await this.repository.recordPreferences(
      manager,
      event.userId,
      { supportReplies, investmentUpdates, payoutNotices },
      at,
    );
    if (!recorded) this.logger.log(`user ${event.userId}: mail choices older than the stored ones ignored`);
  }

  /**
   * Where to send the member a mail of this kind: null when the member turned it off or no address
   * is known yet. Reads in the caller's transaction when given one.
   */
  async of(userId: string, kind: OptionalMailKind, manager?: Transaction): Promise<Recipient | null> {
    const row = await this.repository.byUserId(userId, manager);
    if (!row?.email || !row[kind]) return null;
    return { email: row.email, firstName: row.firstName };
  }

  /**
   * Whether the member wants mail of this kind, for a service that knows the address itself (an
   * affiliate's): true until they turn it off.
   */
  async allows(userId: string, kind: OptionalMailKind, manager?: Transaction): Promise<boolean> {
    const row = await this.repository.byUserId(userId, manager);
    return row ? row[kind] : true;
  }
}

@Injectable()
export class MailPreferencesChangedHandler implements EventHandler<'MailPreferencesChanged'> {
  readonly eventType = 'MailPreferencesChanged' as const;

  constructor(private readonly recipients: MailRecipients) {}

  handle(event: Event<'MailPreferencesChanged'>, { manager, occurredAt }: EventContext): Promise<void> {
    return this.recipients.preferencesChanged(manager, event, occurredAt);
  }
}

/** For a service with no UserRegistered handler of its own. */
@Injectable()
export class MailRecipientRegisteredHandler implements EventHandler<'UserRegistered'> {
  readonly eventType = 'UserRegistered' as const;

  constructor(private readonly recipients: MailRecipients) {}

  handle(event: Event<'UserRegistered'>, { manager }: EventContext): Promise<void> {
    return this.recipients.registered(manager, event);
  }
}

/** What a mailing service provides besides the handlers (which join its event handlers). */
export const mailRecipientProviders = [MailRecipientsRepository, MailRecipients];
