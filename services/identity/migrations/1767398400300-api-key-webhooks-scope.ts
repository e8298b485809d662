import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `webhooks` scope of API keys (issue 38): registering a webhook endpoint, changing its URL and
 * rotating its secret need it (or a signed-in member), so a leaked write key cannot send the
 * merchant's events elsewhere. Granted only when asked for, and only beside `write`.
 */
export class ApiKeyWebhooksScope1767398400300 implements MigrationInterface {
  name = 'ApiKeyWebhooksScope1767398400300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE identity.api_keys DROP CONSTRAINT api_keys_scopes_check`);
    await runner.query(`
      ALTER TABLE identity.api_keys ADD CONSTRAINT api_keys_scopes_check CHECK (
        cardinality(scopes) > 0
        AND scopes <@ ARRAY['read', 'write', 'webhooks']
        AND (NOT scopes @> ARRAY['webhooks'] OR scopes @> ARRAY['write'])
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`UPDATE identity.api_keys SET scopes = array_remove(scopes, 'webhooks')`);
    await runner.query(`ALTER TABLE identity.api_keys DROP CONSTRAINT api_keys_scopes_check`);
    await runner.query(`
      ALTER TABLE identity.api_keys ADD CONSTRAINT api_keys_scopes_check
        CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['read', 'write'])`);
  }
}
