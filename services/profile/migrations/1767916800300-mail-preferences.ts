import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 39: which optional transactional mail a member receives; no row means all of it.
export class MailPreferences1767916800300 implements MigrationInterface {
  name = 'MailPreferences1767916800300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE profile.mail_preferences (
        user_id uuid PRIMARY KEY,
        support_replies boolean NOT NULL DEFAULT true,
        investment_updates boolean NOT NULL DEFAULT true,
        payout_notices boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE profile.mail_preferences');
  }
}
