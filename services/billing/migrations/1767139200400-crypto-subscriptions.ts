import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans paid with crypto (issue 21): a subscription remembers how it is paid, the payer's e-mail
 * and the period end its renewal reminder went out for; crypto_payments keeps one row per
 * Coinbase charge (crypto-escrow's charge id), so a charge activates a period once.
 */
export class CryptoSubscriptions1767139200400 implements MigrationInterface {
  name = 'CryptoSubscriptions1767139200400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE billing.subscriptions
        ADD COLUMN payment_method varchar(10) NOT NULL DEFAULT 'card',
        ADD COLUMN payer_email varchar(254),
        ADD COLUMN renewal_reminder_for timestamptz`);
    await runner.query(
      `CREATE INDEX subscriptions_crypto_period ON billing.subscriptions (current_period_end)
         WHERE payment_method = 'crypto' AND status = 'active'`,
    );
    await runner.query(`
      CREATE TABLE billing.crypto_payments (
        charge_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        subscription_id uuid REFERENCES billing.subscriptions (id),
        plan_id varchar(20) NOT NULL,
        billing_cycle varchar(10) NOT NULL,
        amount numeric(15,2) NOT NULL,
        status varchar(10) NOT NULL,
        period_start timestamptz,
        period_end timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX crypto_payments_user ON billing.crypto_payments (user_id, created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE billing.crypto_payments`);
    await runner.query(`DROP INDEX billing.subscriptions_crypto_period`);
    await runner.query(`
      ALTER TABLE billing.subscriptions
        DROP COLUMN payment_method, DROP COLUMN payer_email, DROP COLUMN renewal_reminder_for`);
  }
}
