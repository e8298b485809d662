import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Why an escrow's outcome was inferred from the ledger's time rules, or why it stayed unknown. */
export class EscrowClosedReason1764288000900 implements MigrationInterface {
  name = 'EscrowClosedReason1764288000900';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE crypto.escrows ADD COLUMN closed_reason text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE crypto.escrows DROP COLUMN closed_reason`);
  }
}
