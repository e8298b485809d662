import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * KYC (issue 18): identity's KycStatusChanged now sets the account context's KYC status.
 * `kyc_changed_at` is when identity changed it (the event's changedAt), so an older change arriving
 * late (a replayed dead letter) does not replace a newer one; null while no event has set it.
 */
export class AccountKycChangedAt1765843200300 implements MigrationInterface {
  name = 'AccountKycChangedAt1765843200300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE chat_support.account_contexts ADD COLUMN kyc_changed_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE chat_support.account_contexts DROP COLUMN kyc_changed_at`);
  }
}
