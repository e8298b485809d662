import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The support queue (issue 16): agents claim, answer and resolve support conversations; their
 * replies are `agent` messages of the user's chat. Contact-form tickets share the queue's states
 * (pending → open → resolved): tickets that were `open` (nobody had worked them) become `pending`.
 * Each escalated chat gets a first-response due time in business hours; a breach is stamped.
 */
export class SupportQueue1765584000300 implements MigrationInterface {
  name = 'SupportQueue1765584000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE chat_support.chat_messages DROP CONSTRAINT chat_messages_type_check`);
    await runner.query(
      `ALTER TABLE chat_support.chat_messages ADD CONSTRAINT chat_messages_type_check
         CHECK (type IN ('user', 'bot', 'agent'))`,
    );
    await runner.query(`
      ALTER TABLE chat_support.support_conversations
        ADD COLUMN assigned_to uuid,
        ADD COLUMN claimed_at timestamptz,
        ADD COLUMN first_response_at timestamptz,
        ADD COLUMN resolved_at timestamptz,
        ADD COLUMN first_response_due_at timestamptz,
        ADD COLUMN sla_breached_at timestamptz`);
    await runner.query(`UPDATE chat_support.support_tickets SET status = 'pending' WHERE status = 'open'`);
    await runner.query(`ALTER TABLE chat_support.support_tickets ALTER COLUMN status SET DEFAULT 'pending'`);
    await runner.query(`ALTER TABLE chat_support.support_tickets ADD COLUMN assigned_to uuid`);
    await runner.query(`CREATE INDEX support_tickets_queue ON chat_support.support_tickets (status, created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX chat_support.support_tickets_queue`);
    await runner.query(`ALTER TABLE chat_support.support_tickets DROP COLUMN assigned_to`);
    await runner.query(`ALTER TABLE chat_support.support_tickets ALTER COLUMN status SET DEFAULT 'open'`);
    await runner.query(`UPDATE chat_support.support_tickets SET status = 'open' WHERE status = 'pending'`);
    await runner.query(`
      ALTER TABLE chat_support.support_conversations
        DROP COLUMN assigned_to, DROP COLUMN claimed_at, DROP COLUMN first_response_at, DROP COLUMN resolved_at,
        DROP COLUMN first_response_due_at, DROP COLUMN sla_breached_at`);
    await runner.query(`DELETE FROM chat_support.chat_messages WHERE type = 'agent'`);
    await runner.query(`ALTER TABLE chat_support.chat_messages DROP CONSTRAINT chat_messages_type_check`);
    await runner.query(
      `ALTER TABLE chat_support.chat_messages ADD CONSTRAINT chat_messages_type_check CHECK (type IN ('user', 'bot'))`,
    );
  }
}
