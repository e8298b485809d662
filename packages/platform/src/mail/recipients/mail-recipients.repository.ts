import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { MailPreferences } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import { schemaOf } from '../../database/schema';
import { MailRecipient } from './mail-recipient.entity';

const tableOf = (manager: EntityManager) => `"${schemaOf(manager.connection)}"."mail_recipients"`;

@Injectable()
export class MailRecipientsRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /** Stores the member's address and first name (the row's choices stay as they are). */
  async recordAddress(manager: EntityManager, userId: string, email: string, firstName: string): Promise<void> {
    await manager.query(
      `INSERT INTO ${tableOf(manager)} (user_id, email, first_name) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, updated_at = now()`,
      [userId, email, firstName],
    );
  }

  /** Stores the choices unless the stored ones were saved later; true when this call wrote them. */
  async recordPreferences(
    manager: EntityManager,
    userId: string,
    preferences: MailPreferences,
    at: Date,
  ): Promise<boolean> {
    const table = tableOf(manager);
    const rows = (await manager.query(
      `INSERT INTO ${table} (user_id, support_replies, investment_updates, payout_notices, preferences_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET support_replies = EXCLUDED.support_replies,
         investment_updates = EXCLUDED.investment_updates, payout_notices = EXCLUDED.payout_notices,
         preferences_at = EXCLUDED.preferences_at, updated_at = now()
         WHERE ${table}.preferences_at IS NULL OR ${table}.preferences_at <= EXCLUDED.preferences_at
       RETURNING user_id`,
      [userId, preferences.supportReplies, preferences.investmentUpdates, preferences.payoutNotices, at],
    )) as unknown[];
    return rows.length > 0;
  }

  byUserId(userId: string, manager: EntityManager = this.manager): Promise<MailRecipient | null> {
    return manager.findOneBy(MailRecipient, { userId });
  }
}
