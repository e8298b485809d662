import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCrypto1764201600800 implements MigrationInterface {
  name = 'CreateCrypto1764201600800';

  async up(runner: QueryRunner): Promise<void> {
    // status is the provider's (NEW, PENDING, COMPLETED, EXPIRED, CANCELED, ...); final ones never change.
    await runner.query(`
      CREATE TABLE crypto.charges (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        provider varchar(20) NOT NULL,
        provider_charge_id varchar(100) NOT NULL,
        code varchar(50) NOT NULL,
        hosted_url text NOT NULL,
        addresses jsonb NOT NULL DEFAULT '{}',
        status varchar(30) NOT NULL,
        amount numeric(15, 2) NOT NULL,
        currency varchar(3) NOT NULL,
        description varchar(200) NOT NULL,
        preferred_currency varchar(10),
        crypto_currency varchar(10),
        metadata jsonb NOT NULL DEFAULT '{}',
        expires_at timestamptz,
        poll_until timestamptz NOT NULL,
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT charges_provider_id UNIQUE (provider, provider_charge_id)
      )`);
    await runner.query(`CREATE INDEX charges_user ON crypto.charges (user_id, created_at)`);
    // No seed or fulfillment is ever stored: only what the ledger shows publicly.
    await runner.query(`
      CREATE TABLE crypto.escrows (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        owner varchar(40) NOT NULL,
        sequence bigint NOT NULL,
        destination varchar(40) NOT NULL,
        amount_drops numeric(20, 0) NOT NULL,
        finish_after bigint NOT NULL,
        cancel_after bigint NOT NULL,
        condition varchar(100),
        destination_tag bigint,
        create_hash varchar(64) NOT NULL,
        status varchar(12) NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'finished', 'cancelled', 'unknown')),
        closing_hash varchar(64),
        monitor_until timestamptz NOT NULL,
        closed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT escrows_owner_sequence UNIQUE (owner, sequence)
      )`);
    await runner.query(`CREATE INDEX escrows_user ON crypto.escrows (user_id, created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE crypto.escrows`);
    await runner.query(`DROP TABLE crypto.charges`);
  }
}
