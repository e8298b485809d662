import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account context (issue 16): chat-support's read model of other services' events, for the
 * support team and the assistant. Per user: the plan of the latest SubscriptionActivated (by the
 * event's occurred-at, so a late older activation does not replace it) and the KYC status identity
 * starts accounts at; and the newest few transactions, one row per source transaction, so a later
 * status of the same transaction updates its row.
 */
export class AccountContext1765670400300 implements MigrationInterface {
  name = 'AccountContext1765670400300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE chat_support.account_contexts (
        user_id uuid PRIMARY KEY,
        plan_id varchar(20),
        billing_cycle varchar(20),
        current_period_end timestamptz,
        plan_activated_at timestamptz,
        kyc_status varchar(20) NOT NULL DEFAULT 'pending',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // source: integrations (processor and POS transactions) or crypto (Coinbase charges).
    await runner.query(`
      CREATE TABLE chat_support.account_transactions (
        source varchar(20) NOT NULL,
        source_id uuid NOT NULL,
        user_id uuid NOT NULL,
        amount numeric(15, 2) NOT NULL,
        currency varchar(3) NOT NULL,
        status varchar(20) NOT NULL,
        payment_method varchar(20) NOT NULL,
        processor varchar(20) NOT NULL,
        occurred_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (source, source_id)
      )`);
    await runner.query(
      `CREATE INDEX account_transactions_user ON chat_support.account_transactions (user_id, occurred_at DESC)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE chat_support.account_transactions`);
    await runner.query(`DROP TABLE chat_support.account_contexts`);
  }
}
