import type { MigrationInterface, QueryRunner } from 'typeorm';

const textColumns = [
  'first_name',
  'last_name',
  'phone',
  'date_of_birth',
  'address',
  'city',
  'state',
  'postal_code',
  'country',
  'company_name',
  'business_type',
  'tax_id',
  'company_registration_number',
  'website',
  'business_address',
  'business_city',
  'business_state',
  'business_postal_code',
  'business_country',
];

export class CreateProfiles1763769600200 implements MigrationInterface {
  name = 'CreateProfiles1763769600200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE profile.profiles (
        user_id uuid PRIMARY KEY,
        ${textColumns.map((column) => `${column} varchar(500) NOT NULL DEFAULT ''`).join(',\n        ')},
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE profile.profiles`);
  }
}
