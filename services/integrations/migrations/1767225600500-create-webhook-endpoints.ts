import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Outgoing webhooks (issue 20): merchants' endpoints, one delivery per event and endpoint, each attempt. */
export class CreateWebhookEndpoints1767225600500 implements MigrationInterface {
  name = 'CreateWebhookEndpoints1767225600500';

  async up(runner: QueryRunner): Promise<void> {
    // signing_secret holds a SecretBox value (v1:<kid>:...), never plaintext: the worker must read it to sign.
    await runner.query(`
      CREATE TABLE integrations.webhook_endpoints (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        url varchar(2000) NOT NULL,
        event_types text[] NOT NULL,
        signing_secret text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX webhook_endpoints_user ON integrations.webhook_endpoints (user_id, created_at)`);
    // One delivery per endpoint and event: a redelivered event cannot queue it twice.
    await runner.query(`
      CREATE TABLE integrations.webhook_deliveries (
        id uuid PRIMARY KEY,
        endpoint_id uuid NOT NULL REFERENCES integrations.webhook_endpoints (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        event_id uuid NOT NULL,
        event_type varchar(40) NOT NULL,
        payload jsonb NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'retrying', 'succeeded', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        last_status_code int,
        last_latency_ms int,
        last_error text,
        next_attempt_at timestamptz,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_deliveries_event UNIQUE (endpoint_id, event_id)
      )`);
    await runner.query(
      `CREATE INDEX webhook_deliveries_endpoint ON integrations.webhook_deliveries (endpoint_id, created_at DESC)`,
    );
    // The sweep's question: which unfinished deliveries are overdue.
    await runner.query(
      `CREATE INDEX webhook_deliveries_unfinished ON integrations.webhook_deliveries (next_attempt_at)
        WHERE status IN ('pending', 'retrying')`,
    );
    await runner.query(`CREATE INDEX webhook_deliveries_created ON integrations.webhook_deliveries (created_at)`);
    await runner.query(`
      CREATE TABLE integrations.webhook_delivery_attempts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        delivery_id uuid NOT NULL REFERENCES integrations.webhook_deliveries (id) ON DELETE CASCADE,
        number int NOT NULL,
        status_code int,
        latency_ms int,
        error text,
        succeeded boolean NOT NULL,
        manual boolean NOT NULL,
        attempted_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_delivery_attempts_number UNIQUE (delivery_id, number)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE integrations.webhook_delivery_attempts`);
    await runner.query(`DROP TABLE integrations.webhook_deliveries`);
    await runner.query(`DROP TABLE integrations.webhook_endpoints`);
  }
}
