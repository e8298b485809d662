import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transaction detail (issue 39): each transaction's history (recorded, then each later status),
 * test deliveries (the app's sample delivery) marked apart, and the webhooks sent for a transaction
 * found by its id.
 *
 * Transactions stored before kept only their last status: their history is a `recorded` entry at
 * their creation, with that status when they never changed (processed_at is set with created_at on
 * insert and moved by each update) and none otherwise, followed by an `updated` entry to the status
 * they have now, at their last change.
 */
export class TransactionHistory1767571200500 implements MigrationInterface {
  name = 'TransactionHistory1767571200500';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE integrations.integrated_transactions ADD COLUMN test boolean NOT NULL DEFAULT false`,
    );
    await runner.query(`
      CREATE TABLE integrations.transaction_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        transaction_id uuid NOT NULL REFERENCES integrations.integrated_transactions (id) ON DELETE CASCADE,
        kind varchar(10) NOT NULL CHECK (kind IN ('recorded', 'updated')),
        status varchar(10),
        event_id uuid,
        -- The clock, not the transaction's start: steps written together keep their order.
        at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await runner.query(
      `CREATE INDEX transaction_history_transaction ON integrations.transaction_history (transaction_id, at)`,
    );
    await runner.query(`
      INSERT INTO integrations.transaction_history (transaction_id, kind, status, at)
      SELECT id, 'recorded', CASE WHEN processed_at <= created_at THEN status END, created_at
        FROM integrations.integrated_transactions`);
    await runner.query(`
      INSERT INTO integrations.transaction_history (transaction_id, kind, status, at)
      SELECT id, 'updated', status, processed_at
        FROM integrations.integrated_transactions WHERE processed_at > created_at`);
    // The webhooks sent for one transaction: its deliveries carry its id in their payload.
    await runner.query(
      `CREATE INDEX webhook_deliveries_transaction
         ON integrations.webhook_deliveries (user_id, (payload->'data'->>'transactionId'))
         WHERE event_type IN ('transaction.recorded', 'transaction.updated')`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX integrations.webhook_deliveries_transaction`);
    await runner.query(`DROP TABLE integrations.transaction_history`);
    await runner.query(`ALTER TABLE integrations.integrated_transactions DROP COLUMN test`);
  }
}
