import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from './schema';

/**
 * The message a dead letter stands for, as the repository's upsert finds it again: its place in
 * Kafka and its event id (its payload's digest when it has none). A place alone is not enough: a
 * topic created again (a broker that came back empty) hands its offsets out again, and the
 * dead letter of a new event at an old event's offset only added attempts to the old row, the new
 * event itself lost.
 */
export class DeadLettersByMessage1795824000000 implements MigrationInterface {
  name = 'DeadLettersByMessage1795824000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner.connection);
    await runner.query(
      `CREATE UNIQUE INDEX "dead_letters_message" ON "${schema}"."dead_letters"
         ("consumer", "topic", "partition", "offset", (coalesce("event_id", md5(coalesce("payload", ''::bytea)))))`,
    );
    await runner.query(
      `ALTER TABLE "${schema}"."dead_letters" DROP CONSTRAINT "dead_letters_consumer_topic_partition_offset_key"`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner.connection);
    await runner.query(
      `ALTER TABLE "${schema}"."dead_letters" ADD UNIQUE ("consumer", "topic", "partition", "offset")`,
    );
    await runner.query(`DROP INDEX "${schema}"."dead_letters_message"`);
  }
}
