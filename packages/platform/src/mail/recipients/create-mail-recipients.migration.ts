import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '../../database/schema';

/**
 * Issue 39: the mail_recipients table of a service that sends optional mail (each such service
 * lists this migration): the member's address from UserRegistered and their mail choices from
 * MailPreferencesChanged.
 */
export class CreateMailRecipients1767916800600 implements MigrationInterface {
  name = 'CreateMailRecipients1767916800600';

  async up(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner.connection);
    await runner.query(`
      CREATE TABLE "${schema}"."mail_recipients" (
        "user_id" uuid PRIMARY KEY,
        "email" varchar(254) NOT NULL DEFAULT '',
        "first_name" varchar(100) NOT NULL DEFAULT '',
        "support_replies" boolean NOT NULL DEFAULT true,
        "investment_updates" boolean NOT NULL DEFAULT true,
        "payout_notices" boolean NOT NULL DEFAULT true,
        "preferences_at" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${schemaOf(runner.connection)}"."mail_recipients"`);
  }
}
