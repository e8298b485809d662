import { Injectable } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  defaultMailPreferences,
  optionalMailKinds,
  type MailPreferences,
  type UpdateMailPreferencesRequest,
} from '@app/contracts';
import { OutboxService, TransactionRunner } from '@app/platform';
import { MailPreferencesRepository } from './mail-preferences.repository';

const preferencesOf = (row: MailPreferences | null): MailPreferences =>
  row
    ? { supportReplies: row.supportReplies, investmentUpdates: row.investmentUpdates, payoutNotices: row.payoutNotices }
    : defaultMailPreferences();

/**
 * Issue 39: the member's choice of optional mail. The profile service owns it; the services that
 * send those mails (chat-support, tokenization, affiliate) keep a copy fed by
 * MailPreferencesChanged, which carries every choice and is published with each change.
 */
@Injectable()
export class MailPreferencesService {
  constructor(
    private readonly preferences: MailPreferencesRepository,
    private readonly transactions: TransactionRunner,
    private readonly outbox: OutboxService,
  ) {}

  async get(userId: string): Promise<MailPreferences> {
    return preferencesOf(await this.preferences.find(this.transactions.autocommit, userId));
  }

  update(userId: string, changes: UpdateMailPreferencesRequest, requestId?: string): Promise<MailPreferences> {
    return this.transactions.run(async (manager) => {
      const current = preferencesOf(await this.preferences.lock(manager, userId));
      const next: MailPreferences = { ...current, ...changes };
      if (optionalMailKinds.every((kind) => next[kind] === current[kind])) return current;
      const saved = await this.preferences.save(manager, userId, next);
      await this.outbox.publish(
        manager,
        'MailPreferencesChanged',
        userId,
        { userId, ...next, updatedAt: timestampFromDate(saved.updatedAt) },
        requestId,
      );
      return next;
    });
  }
}
