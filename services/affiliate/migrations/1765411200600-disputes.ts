import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Disputes (chargebacks) of referred users' invoices. A dispute takes its share of the invoice's
 * commission back while it is open and returns it when it is won; `disputes` remembers each one by
 * its Stripe id, so the several events Stripe sends per dispute apply once, a won dispute stays won
 * whatever arrives after it, and a dispute that arrives before its invoice's commission (the
 * invoice parked, or not delivered yet) applies when the commission is earned.
 * `commissions.disputed_amount` is the part of the commission open disputes hold back.
 */
export class Disputes1765411200600 implements MigrationInterface {
  name = 'Disputes1765411200600';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE affiliate.disputes (
        dispute_id varchar(255) PRIMARY KEY,
        invoice_id varchar(255) NOT NULL,
        user_id uuid NOT NULL,
        amount numeric(15, 2) NOT NULL,
        status varchar(10) NOT NULL CHECK (status IN ('open', 'won')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX disputes_invoice ON affiliate.disputes (invoice_id)`);
    await runner.query(
      `ALTER TABLE affiliate.commissions ADD COLUMN disputed_amount numeric(15, 2) NOT NULL DEFAULT 0`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE affiliate.commissions DROP COLUMN disputed_amount`);
    await runner.query(`DROP TABLE affiliate.disputes`);
  }
}
