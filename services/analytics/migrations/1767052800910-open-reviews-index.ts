import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OpenReviewsIndex1767052800910 implements MigrationInterface {
  name = 'OpenReviewsIndex1767052800910';

  async up(runner: QueryRunner): Promise<void> {
    // The dashboard stats count the merchant's screening records awaiting review on every read
    // (one risk statement, issue 39): an index of those alone answers the count.
    await runner.query(
      `CREATE INDEX compliance_records_user_review ON analytics.compliance_records (user_id) WHERE status = 'review'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX analytics.compliance_records_user_review');
  }
}
