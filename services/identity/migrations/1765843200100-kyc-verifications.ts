import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity verifications (KYC through Stripe Identity): one row per provider session. Only the
 * session id, its status, the provider's error, the verified name and date, the check outcomes and
 * the business numbers the user gave; never a document image or number (the provider keeps those).
 */
export class KycVerifications1765843200100 implements MigrationInterface {
  name = 'KycVerifications1765843200100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.kyc_verifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        provider_session_id varchar(255) NOT NULL UNIQUE,
        status varchar(20) NOT NULL,
        last_error_code varchar(100),
        last_error_reason text,
        verified_name varchar(200),
        verified_at timestamptz,
        checks jsonb NOT NULL DEFAULT '{}'::jsonb,
        business_country varchar(100),
        nzbn varchar(40),
        business_number varchar(40),
        tax_number varchar(40),
        provider_event_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX kyc_verifications_user ON identity.kyc_verifications (user_id, created_at DESC)`);
    await runner.query(`CREATE INDEX kyc_verifications_updated ON identity.kyc_verifications (updated_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE identity.kyc_verifications`);
  }
}
