import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where a POS entry's provider sync has read up to, apart from lastSync (which webhooks move too). */
export class PosSyncedThrough1764115200700 implements MigrationInterface {
  name = 'PosSyncedThrough1764115200700';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE integrations.pos_integrations ADD COLUMN synced_through timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE integrations.pos_integrations DROP COLUMN synced_through`);
  }
}
