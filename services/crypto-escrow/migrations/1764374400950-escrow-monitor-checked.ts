import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When the monitor last looked at an escrow, so a window that ended while the worker was down gets its last look. */
export class EscrowMonitorChecked1764374400950 implements MigrationInterface {
  name = 'EscrowMonitorChecked1764374400950';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE crypto.escrows ADD COLUMN monitor_checked_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE crypto.escrows DROP COLUMN monitor_checked_at`);
  }
}
