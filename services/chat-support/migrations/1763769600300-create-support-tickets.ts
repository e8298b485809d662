import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSupportTickets1763769600300 implements MigrationInterface {
  name = 'CreateSupportTickets1763769600300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE chat_support.support_tickets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number bigserial NOT NULL UNIQUE,
        source varchar(20) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'open',
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        company varchar(200) NOT NULL DEFAULT '',
        subject varchar(200) NOT NULL,
        category varchar(20) NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX support_tickets_email ON chat_support.support_tickets (email, created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE chat_support.support_tickets`);
  }
}
