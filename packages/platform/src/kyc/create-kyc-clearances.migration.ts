import type { MigrationInterface, QueryRunner } from 'typeorm';
import { schemaOf } from '../database/schema';

/**
 * KYC (issue 18): the kyc_clearances table of a service that gates operations on identity
 * verification (each such service lists this migration). `changed_at` is when identity changed the
 * status: an event older than the stored one (a replayed dead letter) changes nothing. A user no
 * event mentioned has no row and counts as identity's starting status (pending).
 */
export class CreateKycClearances1765843200500 implements MigrationInterface {
  name = 'CreateKycClearances1765843200500';

  async up(runner: QueryRunner): Promise<void> {
    const schema = schemaOf(runner.connection);
    await runner.query(`
      CREATE TABLE "${schema}"."kyc_clearances" (
        "user_id" uuid PRIMARY KEY,
        "status" varchar(20) NOT NULL CHECK ("status" IN ('pending', 'processing', 'verified', 'requires_input')),
        "changed_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "${schemaOf(runner.connection)}"."kyc_clearances"`);
  }
}
