import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from './schema';

/**
 * The service's dead letters: events its consumer gave up on after a bounded number of attempts
 * for a reason that is not transient, kept whole (headers, payload, where in Kafka) so they can be
 * replayed after a fix. One row per message and consumer group.
 */
export class CreateDeadLetters1764892800000 implements MigrationInterface {
  name = 'CreateDeadLetters1764892800000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner.connection);
    await runner.query(`
      CREATE TABLE "${schema}"."dead_letters" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "consumer" varchar(100) NOT NULL,
        "event_id" varchar(100),
        "type" varchar(100),
        "topic" varchar(255) NOT NULL,
        "partition" integer NOT NULL,
        "offset" bigint NOT NULL,
        "key" text,
        "headers" jsonb NOT NULL DEFAULT '{}',
        "payload" bytea,
        "error" text NOT NULL,
        "attempts" integer NOT NULL,
        "first_failed_at" timestamptz NOT NULL,
        "last_failed_at" timestamptz NOT NULL,
        "replayed_at" timestamptz,
        UNIQUE ("consumer", "topic", "partition", "offset")
      )`);
    await runner.query(
      `CREATE INDEX "dead_letters_open" ON "${schema}"."dead_letters" ("consumer", "last_failed_at") WHERE "replayed_at" IS NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${schemaOf(runner.connection)}"."dead_letters"`);
  }
}
