import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events that overtake their user's registration. Billing and identity publish on different
 * topics, so an InvoicePaid or InvoiceRefunded can be consumed before the UserRegistered that
 * records the referral: such an event is parked and applied when the registration arrives.
 * `known_users` says which users the service has seen register (with or without a referral), so
 * an invoice of a user who came without a code is not parked. Users who registered before this
 * migration cannot be known here (only identity knows them): their invoices are parked and
 * dropped by the retention bound, which gives the same result as before (no referral, nothing earned).
 */
export class ParkedEvents1765065600600 implements MigrationInterface {
  name = 'ParkedEvents1765065600600';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE affiliate.known_users (
        user_id uuid PRIMARY KEY,
        registered_at timestamptz NOT NULL
      )`);
    // seq keeps the order of arrival (Kafka's order for the user's key), so a refund applies
    // after its invoice; parked_at bounds how long an event waits for its user.
    await runner.query(`
      CREATE TABLE affiliate.parked_events (
        event_id uuid PRIMARY KEY,
        seq bigserial NOT NULL UNIQUE,
        type varchar(40) NOT NULL CHECK (type IN ('InvoicePaid', 'InvoiceRefunded')),
        user_id uuid NOT NULL,
        invoice_id varchar(255) NOT NULL,
        payload bytea NOT NULL,
        occurred_at timestamptz NOT NULL,
        request_id text,
        parked_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX parked_events_user ON affiliate.parked_events (user_id, seq)`);
    await runner.query(`CREATE INDEX parked_events_parked_at ON affiliate.parked_events (parked_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE affiliate.parked_events`);
    await runner.query(`DROP TABLE affiliate.known_users`);
  }
}
