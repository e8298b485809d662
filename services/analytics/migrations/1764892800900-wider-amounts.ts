import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Room for the largest amount the edge accepts (13 integer digits, spec 3) after conversion to
 * USD at any reference rate (GBP is 1.24 dollars): a transaction's or invoice's USD value gets 16
 * integer digits, and sums (the rollups, a customer's spend) are unbounded, since any number of
 * transactions may add up in one bucket.
 */
export class WiderAmounts1764892800900 implements MigrationInterface {
  name = 'WiderAmounts1764892800900';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE analytics.transactions ALTER COLUMN amount_usd TYPE numeric(18, 2)`);
    await runner.query(`
      ALTER TABLE analytics.invoices
        ALTER COLUMN amount_usd TYPE numeric(18, 2),
        ALTER COLUMN refunded_usd TYPE numeric(18, 2)`);
    for (const table of ['daily_totals', 'monthly_totals']) {
      await runner.query(`
        ALTER TABLE analytics.${table} ALTER COLUMN amount TYPE numeric, ALTER COLUMN amount_usd TYPE numeric`);
    }
    await runner.query(`ALTER TABLE analytics.daily_expenses ALTER COLUMN amount_usd TYPE numeric`);
    await runner.query(`ALTER TABLE analytics.customers ALTER COLUMN spend_usd TYPE numeric`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE analytics.customers ALTER COLUMN spend_usd TYPE numeric(18, 2)`);
    await runner.query(`ALTER TABLE analytics.daily_expenses ALTER COLUMN amount_usd TYPE numeric(18, 2)`);
    for (const table of ['daily_totals', 'monthly_totals']) {
      await runner.query(`
        ALTER TABLE analytics.${table}
          ALTER COLUMN amount TYPE numeric(24, 6), ALTER COLUMN amount_usd TYPE numeric(18, 2)`);
    }
    await runner.query(`
      ALTER TABLE analytics.invoices
        ALTER COLUMN amount_usd TYPE numeric(15, 2),
        ALTER COLUMN refunded_usd TYPE numeric(15, 2)`);
    await runner.query(`ALTER TABLE analytics.transactions ALTER COLUMN amount_usd TYPE numeric(15, 2)`);
  }
}
