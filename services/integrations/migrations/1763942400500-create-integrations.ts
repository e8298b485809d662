import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateIntegrations1763942400500 implements MigrationInterface {
  name = 'CreateIntegrations1763942400500';

  async up(runner: QueryRunner): Promise<void> {
    // Credentials and signing secrets hold SecretBox values (v1:<kid>:...), never plaintext.
    await runner.query(`
      CREATE TABLE integrations.payment_processors (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        processor_type varchar(20) NOT NULL,
        processor_name varchar(100) NOT NULL,
        api_key text NOT NULL,
        api_secret text,
        webhook_url varchar(2000),
        signing_secret text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        configuration jsonb NOT NULL DEFAULT '{}',
        last_sync timestamptz,
        last_sync_attempt_at timestamptz,
        last_sync_error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX payment_processors_user ON integrations.payment_processors (user_id, created_at)`);
    await runner.query(`
      CREATE TABLE integrations.pos_integrations (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        pos_system varchar(20) NOT NULL,
        pos_name varchar(100) NOT NULL,
        api_key text NOT NULL,
        location_id varchar(200),
        sync_frequency varchar(10) NOT NULL DEFAULT 'hourly',
        signing_secret text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        configuration jsonb NOT NULL DEFAULT '{}',
        last_sync timestamptz,
        last_sync_attempt_at timestamptz,
        last_sync_error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX pos_integrations_user ON integrations.pos_integrations (user_id, created_at)`);
    // integration_id is the processor or POS entry; processor_id / pos_id name which (spec 3).
    await runner.query(`
      CREATE TABLE integrations.integrated_transactions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        integration_id uuid NOT NULL,
        source_kind varchar(10) NOT NULL CHECK (source_kind IN ('processor', 'pos')),
        processor_id uuid GENERATED ALWAYS AS (CASE WHEN source_kind = 'processor' THEN integration_id END) STORED,
        pos_id uuid GENERATED ALWAYS AS (CASE WHEN source_kind = 'pos' THEN integration_id END) STORED,
        provider varchar(20) NOT NULL,
        external_transaction_id varchar(255) NOT NULL,
        amount numeric(15, 2) NOT NULL,
        currency varchar(3) NOT NULL,
        status varchar(10) NOT NULL,
        payment_method varchar(20) NOT NULL,
        country varchar(2),
        customer_data jsonb,
        product_data jsonb,
        location_data jsonb,
        raw_data jsonb NOT NULL,
        occurred_at timestamptz NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT integrated_transactions_external UNIQUE (integration_id, external_transaction_id)
      )`);
    await runner.query(
      `CREATE INDEX integrated_transactions_user_occurred ON integrations.integrated_transactions (user_id, occurred_at)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE integrations.integrated_transactions`);
    await runner.query(`DROP TABLE integrations.pos_integrations`);
    await runner.query(`DROP TABLE integrations.payment_processors`);
  }
}
