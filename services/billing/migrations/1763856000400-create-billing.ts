import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBilling1763856000400 implements MigrationInterface {
  name = 'CreateBilling1763856000400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billing.customers (
        user_id uuid PRIMARY KEY,
        stripe_customer_id varchar(255) NOT NULL UNIQUE,
        email varchar(254) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE billing.subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        stripe_subscription_id varchar(255) UNIQUE,
        plan_id varchar(20) NOT NULL,
        billing_cycle varchar(10) NOT NULL,
        status varchar(20) NOT NULL,
        current_period_end timestamptz,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX subscriptions_user ON billing.subscriptions (user_id, created_at DESC)`);
    await runner.query(
      `CREATE INDEX subscriptions_incomplete ON billing.subscriptions (created_at) WHERE status = 'incomplete'`,
    );
    await runner.query(`
      CREATE TABLE billing.invoices (
        stripe_invoice_id varchar(255) PRIMARY KEY,
        user_id uuid NOT NULL,
        stripe_subscription_id varchar(255),
        amount bigint NOT NULL,
        currency varchar(3) NOT NULL,
        status varchar(20) NOT NULL,
        period_start timestamptz,
        period_end timestamptz,
        amount_refunded bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX invoices_user ON billing.invoices (user_id, created_at DESC)`);
    await runner.query(`
      CREATE TABLE billing.processed_webhook_events (
        stripe_event_id varchar(255) PRIMARY KEY,
        type varchar(100) NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE billing.processed_webhook_events`);
    await runner.query(`DROP TABLE billing.invoices`);
    await runner.query(`DROP TABLE billing.subscriptions`);
    await runner.query(`DROP TABLE billing.customers`);
  }
}
