import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateIdentityTables1763769600100 implements MigrationInterface {
  name = 'CreateIdentityTables1763769600100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username varchar(254) NOT NULL UNIQUE,
        email varchar(254) NOT NULL UNIQUE,
        password_hash varchar(200) NOT NULL,
        role varchar(20) NOT NULL DEFAULT 'user',
        kyc_status varchar(20) NOT NULL DEFAULT 'pending',
        risk_score numeric(3,1) NOT NULL DEFAULT 0,
        email_verified boolean NOT NULL DEFAULT false,
        first_name varchar(100) NOT NULL,
        last_name varchar(100) NOT NULL,
        phone varchar(40) NOT NULL,
        business_name varchar(200) NOT NULL,
        business_type varchar(40) NOT NULL,
        industry_type varchar(100) NOT NULL,
        country varchar(100) NOT NULL,
        business_address varchar(500) NOT NULL,
        position varchar(100) NOT NULL,
        expected_volume varchar(20) NOT NULL,
        business_purpose text NOT NULL,
        marketing_consent boolean NOT NULL DEFAULT false,
        policies_accepted_at timestamptz NOT NULL,
        referral_code varchar(64),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE identity.one_time_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        purpose varchar(20) NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX one_time_tokens_user ON identity.one_time_tokens (user_id, purpose)`);
    await runner.query(`
      CREATE TABLE identity.refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX refresh_tokens_family ON identity.refresh_tokens (family_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE identity.refresh_tokens`);
    await runner.query(`DROP TABLE identity.one_time_tokens`);
    await runner.query(`DROP TABLE identity.users`);
  }
}
