import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 39: the profile keeps the rest of what registration asks about the business, its NZBN and
// whether it is registered for GST (its company number and IRD number fill the columns it had).
export class ProfileRegistrationNumbers1767916800200 implements MigrationInterface {
  name = 'ProfileRegistrationNumbers1767916800200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE profile.profiles
        ADD COLUMN nzbn varchar(500) NOT NULL DEFAULT '',
        ADD COLUMN gst_registered boolean NOT NULL DEFAULT false
    `);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE profile.profiles DROP COLUMN gst_registered, DROP COLUMN nzbn');
  }
}
