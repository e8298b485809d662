import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts made by the public affiliate application (spec 6: a visitor may apply as affiliate):
 * that form has no terms, privacy and AML acceptances (spec 5.6), so `policies_accepted_at` stays
 * empty for them until they accept the merchant policies; business registrations still set it.
 */
export class AffiliateApplicantAccounts1767312000100 implements MigrationInterface {
  name = 'AffiliateApplicantAccounts1767312000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE identity.users ALTER COLUMN policies_accepted_at DROP NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `UPDATE identity.users SET policies_accepted_at = created_at WHERE policies_accepted_at IS NULL`,
    );
    await runner.query(`ALTER TABLE identity.users ALTER COLUMN policies_accepted_at SET NOT NULL`);
  }
}
