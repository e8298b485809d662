import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query, startApp } from '../../../test-support';
import { ProfileOptionValues1767312000200 } from '../migrations/1767312000200-profile-option-values';
import { AppModule } from '../src/app.module';

// Issue 21: profiles saved before the one list keep showing in Settings. The migration stores
// business types by value and normalises the spellings of countries; anything else is left as it was.

interface Row {
  country: string;
  business_type: string;
  business_country: string;
}

const before: (Row & { user_id: string })[] = [
  // Prefilled from registration (the label) and saved from the old Settings list.
  { country: 'Japan', business_type: 'Limited Company', business_country: 'Hong Kong' },
  { country: 'New Zealand', business_type: 'Financial Technology', business_country: 'New Zealand' },
  // Other spellings of the same.
  { country: ' japan ', business_type: 'real estate', business_country: 'NZ' },
  { country: 'UK', business_type: 'SOLE TRADER', business_country: 'usa' },
  // Already stored by value, blank, or not in the list at all: left alone.
  { country: 'Singapore', business_type: 'trust', business_country: '' },
  { country: 'Germany', business_type: 'Cooperative', business_country: 'Atlantis' },
].map((row) => ({ user_id: randomUUID(), ...row }));

const after: Row[] = [
  { country: 'Japan', business_type: 'limited_company', business_country: 'Hong Kong' },
  { country: 'New Zealand', business_type: 'financial_technology', business_country: 'New Zealand' },
  { country: 'Japan', business_type: 'real_estate', business_country: 'New Zealand' },
  { country: 'United Kingdom', business_type: 'sole_trader', business_country: 'United States' },
  { country: 'Singapore', business_type: 'trust', business_country: '' },
  { country: 'Germany', business_type: 'Cooperative', business_country: 'Atlantis' },
];

describe('profile migration: business types and countries of the one list', () => {
  let app: INestApplication;
  const ids = before.map((row) => row.user_id);
  const rows = () =>
    query<Row>(
      `SELECT country, business_type, business_country FROM profile.profiles
        WHERE user_id = ANY($1) ORDER BY array_position($1::uuid[], user_id)`,
      [ids],
    );

  beforeAll(async () => {
    ({ app } = await startApp(AppModule));
    for (const row of before)
      await query(
        `INSERT INTO profile.profiles (user_id, country, business_type, business_country) VALUES ($1, $2, $3, $4)`,
        [row.user_id, row.country, row.business_type, row.business_country],
      );
  });

  afterAll(async () => {
    await query('DELETE FROM profile.profiles WHERE user_id = ANY($1)', [ids]);
    await app?.close();
  });

  it('is applied when the service starts', async () => {
    const [applied] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM profile.migrations WHERE name = 'ProfileOptionValues1767312000200'`,
    );
    expect(applied).toEqual({ n: 1 });
  });

  it('rewrites old spellings to the stored values, and is safe to run again', async () => {
    const runner = app.get(DataSource).createQueryRunner();
    try {
      await new ProfileOptionValues1767312000200().up(runner);
      expect(await rows()).toEqual(after);
      await new ProfileOptionValues1767312000200().up(runner);
      expect(await rows()).toEqual(after);
    } finally {
      await runner.release();
    }
  });
});
