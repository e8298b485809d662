import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from './schema';

/** The outbox and inbox of the service's own schema (every service runs this first). */
export class CreateEventTables1763769600000 implements MigrationInterface {
  name = 'CreateEventTables1763769600000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner.connection);
    await runner.query(`
      CREATE TABLE "${schema}"."outbox" (
        "seq" BIGSERIAL PRIMARY KEY,
        "id" uuid NOT NULL UNIQUE,
        "topic" varchar(200) NOT NULL,
        "key" varchar(200) NOT NULL,
        "type" varchar(100) NOT NULL,
        "payload" bytea NOT NULL,
        "headers" jsonb NOT NULL DEFAULT '{}',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "published_at" timestamptz
      )`);
    await runner.query(
      `CREATE INDEX "outbox_unpublished" ON "${schema}"."outbox" ("seq") WHERE "published_at" IS NULL`,
    );
    await runner.query(`
      CREATE TABLE "${schema}"."inbox" (
        "event_id" uuid NOT NULL,
        "consumer" varchar(100) NOT NULL,
        "type" varchar(100) NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("event_id", "consumer")
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner.connection);
    await runner.query(`DROP TABLE "${schema}"."inbox"`);
    await runner.query(`DROP TABLE "${schema}"."outbox"`);
  }
}
