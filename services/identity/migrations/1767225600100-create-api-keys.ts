import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys (issue 20): a merchant's programs call the API with them. Only each key's SHA-256 is
 * kept (the keys are ~190-bit random, so a fast hash is enough) and, for the masked display, its
 * prefix and last 4 characters. A rotated key gets `expires_at` (the overlap's end); a revoked one
 * `revoked_at`.
 */
export class CreateApiKeys1767225600100 implements MigrationInterface {
  name = 'CreateApiKeys1767225600100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        mode varchar(4) NOT NULL CHECK (mode IN ('live', 'test')),
        scopes text[] NOT NULL CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['read', 'write']),
        key_hash char(64) NOT NULL UNIQUE,
        key_prefix varchar(16) NOT NULL,
        key_last4 char(4) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        expires_at timestamptz,
        revoked_at timestamptz
      )`);
    // The list and the limit of active keys: a user's keys not revoked.
    await runner.query(
      `CREATE INDEX api_keys_user_live ON identity.api_keys (user_id, created_at DESC) WHERE revoked_at IS NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE identity.api_keys`);
  }
}
