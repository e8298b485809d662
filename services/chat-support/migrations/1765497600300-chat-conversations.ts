import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The chat widget's conversations (one per widget session id, owned by the signed-in user who
 * first used it), their messages, and the support conversations escalated chats become.
 */
export class ChatConversations1765497600300 implements MigrationInterface {
  name = 'ChatConversations1765497600300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE chat_support.chat_conversations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        session_id varchar(100) NOT NULL UNIQUE,
        user_agent varchar(500) NOT NULL DEFAULT '',
        platform varchar(20) NOT NULL DEFAULT 'web',
        started_at timestamptz NOT NULL DEFAULT now(),
        last_message_at timestamptz
      )`);
    await runner.query(
      `CREATE INDEX chat_conversations_user ON chat_support.chat_conversations (user_id, started_at DESC)`,
    );
    // seq orders a conversation's messages (two may share a created_at).
    await runner.query(`
      CREATE TABLE chat_support.chat_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigserial NOT NULL UNIQUE,
        conversation_id uuid NOT NULL REFERENCES chat_support.chat_conversations (id) ON DELETE CASCADE,
        type varchar(10) NOT NULL CHECK (type IN ('user', 'bot')),
        content text NOT NULL,
        sentiment varchar(10) CHECK (sentiment IN ('negative', 'neutral', 'positive')),
        priority varchar(10) NOT NULL DEFAULT 'low' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
        escalated boolean NOT NULL DEFAULT false,
        sources jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX chat_messages_conversation ON chat_support.chat_messages (conversation_id, seq DESC)`,
    );
    // One support conversation per chat while it is not resolved: a second escalation joins it.
    await runner.query(`
      CREATE TABLE chat_support.support_conversations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        conversation_id uuid NOT NULL REFERENCES chat_support.chat_conversations (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'open', 'resolved')),
        priority varchar(10) NOT NULL CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
        message text NOT NULL,
        sentiment jsonb NOT NULL,
        user_context jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE UNIQUE INDEX support_conversations_active ON chat_support.support_conversations (conversation_id)
        WHERE status <> 'resolved'`,
    );
    await runner.query(
      `CREATE INDEX support_conversations_user ON chat_support.support_conversations (user_id, created_at DESC)`,
    );
    await runner.query(
      `CREATE INDEX support_conversations_queue ON chat_support.support_conversations (status, created_at)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE chat_support.support_conversations`);
    await runner.query(`DROP TABLE chat_support.chat_messages`);
    await runner.query(`DROP TABLE chat_support.chat_conversations`);
  }
}
