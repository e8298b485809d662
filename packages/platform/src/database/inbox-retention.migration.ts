import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from './schema';

/**
 * The inbox's rows by when they were applied, for the relay's deletion of those past the topics'
 * retention (OutboxRelay.prune): without it each deletion would read the whole table.
 */
export class InboxRetention1795910400000 implements MigrationInterface {
  name = 'InboxRetention1795910400000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner.connection);
    await runner.query(`CREATE INDEX "inbox_processed_at" ON "${schema}"."inbox" ("processed_at")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner.connection);
    await runner.query(`DROP INDEX "${schema}"."inbox_processed_at"`);
  }
}
