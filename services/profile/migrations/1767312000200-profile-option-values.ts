import type { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 21: business type and country come from one list shared by registration and Settings.
// Business types are now stored by value ('limited_company'), not label ('Limited Company');
// countries keep their names, with case, spacing and common abbreviations normalised. The
// mappings are copied here (not imported) so the migration stays as it was when it ran.

const businessTypes: [value: string, label: string][] = [
  ['sole_trader', 'Sole Trader'],
  ['partnership', 'Partnership'],
  ['limited_company', 'Limited Company'],
  ['trust', 'Trust'],
  ['financial_technology', 'Financial Technology'],
  ['real_estate', 'Real Estate'],
  ['investment_management', 'Investment Management'],
  ['consulting', 'Consulting'],
  ['technology', 'Technology'],
  ['manufacturing', 'Manufacturing'],
  ['retail', 'Retail'],
  ['healthcare', 'Healthcare'],
  ['education', 'Education'],
  ['other', 'Other'],
];

const countries: [name: string, ...abbreviations: string[]][] = [
  ['New Zealand', 'nz', 'nzl'],
  ['Australia', 'au', 'aus'],
  ['United States', 'us', 'usa', 'united states of america'],
  ['United Kingdom', 'uk', 'gb', 'gbr', 'great britain'],
  ['Canada', 'ca', 'can'],
  ['Singapore', 'sg', 'sgp'],
  ['Hong Kong', 'hk', 'hkg'],
  ['Japan', 'jp', 'jpn'],
  ['Other'],
];

const businessTypeSpellings = businessTypes.flatMap(([value, label]) => [
  [value, value],
  [label.toLowerCase(), value],
]);
const countrySpellings = countries.flatMap(([name, ...abbreviations]) =>
  [name.toLowerCase(), ...abbreviations].map((spelling) => [spelling, name]),
);

/** Rewrites `column` to the mapped value wherever its trimmed, lower-cased text is a known spelling. */
async function normalise(runner: QueryRunner, column: string, pairs: string[][]): Promise<void> {
  const rows = pairs.map((_, index) => `($${index * 2 + 1}, $${index * 2 + 2})`).join(', ');
  await runner.query(
    `UPDATE profile.profiles AS p SET ${column} = m.stored
       FROM (VALUES ${rows}) AS m(spelling, stored)
      WHERE lower(btrim(p.${column})) = m.spelling AND p.${column} <> m.stored`,
    pairs.flat(),
  );
}

export class ProfileOptionValues1767312000200 implements MigrationInterface {
  name = 'ProfileOptionValues1767312000200';

  async up(runner: QueryRunner): Promise<void> {
    await normalise(runner, 'business_type', businessTypeSpellings);
    await normalise(runner, 'country', countrySpellings);
    await normalise(runner, 'business_country', countrySpellings);
  }

  /** Back to labels for business types; normalised countries stay (their names were valid before). */
  async down(runner: QueryRunner): Promise<void> {
    await normalise(
      runner,
      'business_type',
      businessTypes.map(([value, label]) => [value, label]),
    );
  }
}
