import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An escrow is stored `pending` (with its signed EscrowCreate's hash, sequence and the ledgers it can
 * land in) before it is submitted, and becomes `created`, or `failed` when it never made it to the
 * ledger. A failed row gives its owner + sequence back: the account may use that sequence again.
 */
export class EscrowPending1765152000900 implements MigrationInterface {
  name = 'EscrowPending1765152000900';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE crypto.escrows DROP CONSTRAINT IF EXISTS escrows_status_check`);
    await runner.query(`
      ALTER TABLE crypto.escrows ADD CONSTRAINT escrows_status_check
        CHECK (status IN ('pending', 'created', 'finished', 'cancelled', 'unknown', 'failed'))`);
    await runner.query(`ALTER TABLE crypto.escrows DROP CONSTRAINT escrows_owner_sequence`);
    await runner.query(
      `CREATE UNIQUE INDEX escrows_owner_sequence ON crypto.escrows (owner, sequence) WHERE status <> 'failed'`,
    );
    await runner.query(`ALTER TABLE crypto.escrows ADD COLUMN create_first_ledger bigint`);
    await runner.query(`ALTER TABLE crypto.escrows ADD COLUMN create_last_ledger bigint`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM crypto.escrows WHERE status IN ('pending', 'failed')`);
    await runner.query(`ALTER TABLE crypto.escrows DROP COLUMN create_last_ledger`);
    await runner.query(`ALTER TABLE crypto.escrows DROP COLUMN create_first_ledger`);
    await runner.query(`DROP INDEX crypto.escrows_owner_sequence`);
    await runner.query(`ALTER TABLE crypto.escrows ADD CONSTRAINT escrows_owner_sequence UNIQUE (owner, sequence)`);
    await runner.query(`ALTER TABLE crypto.escrows DROP CONSTRAINT escrows_status_check`);
    await runner.query(`
      ALTER TABLE crypto.escrows ADD CONSTRAINT escrows_status_check
        CHECK (status IN ('created', 'finished', 'cancelled', 'unknown'))`);
  }
}
