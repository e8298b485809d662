import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 39, who may deploy a token: each user's plan as billing's events report it (deploying needs
 * one that includes tokenization), and the exception the compliance team may approve for a run
 * that did not pass every check (who approved it, when and why).
 */
export class DeploymentRule1767571200600 implements MigrationInterface {
  name = 'DeploymentRule1767571200600';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE tokenization.account_plans (
        user_id uuid PRIMARY KEY,
        plan_id varchar(20) NOT NULL,
        current_period_end timestamptz,
        activated_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      ALTER TABLE tokenization.compliance_runs
        ADD COLUMN exception_reason text,
        ADD COLUMN exception_by uuid,
        ADD COLUMN exception_by_email varchar(320),
        ADD COLUMN exception_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE tokenization.compliance_runs
        DROP COLUMN exception_reason, DROP COLUMN exception_by, DROP COLUMN exception_by_email, DROP COLUMN exception_at`);
    await runner.query(`DROP TABLE tokenization.account_plans`);
  }
}
