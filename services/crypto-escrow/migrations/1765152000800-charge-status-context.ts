import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Why Coinbase Commerce marked a charge UNRESOLVED (DELAYED: paid after it expired, OVERPAID, ...), kept once resolved. */
export class ChargeStatusContext1765152000800 implements MigrationInterface {
  name = 'ChargeStatusContext1765152000800';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE crypto.charges ADD COLUMN status_context varchar(30)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE crypto.charges DROP COLUMN status_context`);
  }
}
