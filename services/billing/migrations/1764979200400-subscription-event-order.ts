import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stripe delivers webhooks out of order and retries old ones: each subscription remembers the
 * `created` time of the newest Stripe event applied to it, so an older one changes nothing.
 */
export class SubscriptionEventOrder1764979200400 implements MigrationInterface {
  name = 'SubscriptionEventOrder1764979200400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE billing.subscriptions ADD COLUMN last_event_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE billing.subscriptions DROP COLUMN last_event_at`);
  }
}
