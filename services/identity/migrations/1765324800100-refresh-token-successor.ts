import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A rotated refresh token remembers its successor for the grace window: the successor's row and
 * the successor token sealed with a key only the rotated token itself yields (never stored).
 */
export class RefreshTokenSuccessor1765324800100 implements MigrationInterface {
  name = 'RefreshTokenSuccessor1765324800100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE identity.refresh_tokens
        ADD COLUMN replaced_by uuid REFERENCES identity.refresh_tokens(id) ON DELETE SET NULL,
        ADD COLUMN successor_sealed text`);
    // A password reset revokes a user's live tokens.
    await runner.query(
      `CREATE INDEX refresh_tokens_user_live ON identity.refresh_tokens (user_id) WHERE revoked_at IS NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX identity.refresh_tokens_user_live`);
    await runner.query(`ALTER TABLE identity.refresh_tokens DROP COLUMN successor_sealed, DROP COLUMN replaced_by`);
  }
}
