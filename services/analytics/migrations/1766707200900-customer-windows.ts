import type { MigrationInterface, QueryRunner } from 'typeorm';
import { utcDay } from '../src/insights/calendar';
import { activityBoundaries, rebuildCustomersSql } from '../src/insights/customer-windows';

/**
 * Rollups for the reads that scanned the transactions (segmentation, business metrics'
 * customers, competitive customers, the summary's method/processor/country breakdown), kept by
 * the event handlers in the event's transaction and backfilled here from the existing rows.
 */
export class CustomerWindows1766707200900 implements MigrationInterface {
  name = 'CustomerWindows1766707200900';

  async up(runner: QueryRunner): Promise<void> {
    // Per UTC day, payment method, processor and country: count and USD volume of every transaction
    // (any status; those fields never change after the first event) and how many name a customer.
    await runner.query(`
      CREATE TABLE analytics.daily_channel_totals (
        user_id uuid NOT NULL,
        day date NOT NULL,
        payment_method varchar(20) NOT NULL,
        processor varchar(40) NOT NULL,
        country varchar(10) NOT NULL,
        tx_count integer NOT NULL DEFAULT 0,
        amount_usd numeric NOT NULL DEFAULT 0,
        identified_count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, day, payment_method, processor, country)
      )`);
    await runner.query(`
      INSERT INTO analytics.daily_channel_totals
        (user_id, day, payment_method, processor, country, tx_count, amount_usd, identified_count)
      SELECT user_id, (occurred_at AT TIME ZONE 'UTC')::date, coalesce(payment_method, 'unknown'), processor,
             coalesce(country, 'unknown'), count(*), coalesce(sum(amount_usd), 0), count(customer_ref)
        FROM analytics.transactions GROUP BY 1, 2, 3, 4, 5`);

    // The customers' moving windows (src/insights/customer-windows.ts), as of each merchant's day.
    await runner.query(`
      ALTER TABLE analytics.customers
        ADD COLUMN recent_usd numeric NOT NULL DEFAULT 0,
        ADD COLUMN prior_usd numeric NOT NULL DEFAULT 0,
        ${activityBoundaries.map((b) => `ADD COLUMN ${b.column} timestamptz`).join(',\n        ')}`);
    await runner.query(`
      CREATE TABLE analytics.customer_windows (
        user_id uuid PRIMARY KEY,
        as_of date NOT NULL
      )`);
    // Segmentation ranks a merchant's paying customers by spend.
    await runner.query(`
      CREATE INDEX customers_user_spend ON analytics.customers (user_id, spend_usd DESC, customer_ref)
        WHERE spend_usd > 0`);

    const asOf = utcDay(new Date());
    const rebuild = rebuildCustomersSql();
    const users = (await runner.query(`SELECT DISTINCT user_id FROM analytics.customers`)) as { user_id: string }[];
    for (const { user_id } of users) {
      await runner.query(rebuild.sql, [user_id, ...rebuild.params(asOf)]);
      await runner.query(`INSERT INTO analytics.customer_windows (user_id, as_of) VALUES ($1, $2)`, [
        user_id,
        asOf.toISOString().slice(0, 10),
      ]);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX analytics.customers_user_spend`);
    await runner.query(`DROP TABLE analytics.customer_windows`);
    await runner.query(`
      ALTER TABLE analytics.customers
        DROP COLUMN recent_usd, DROP COLUMN prior_usd,
        ${activityBoundaries.map((b) => `DROP COLUMN ${b.column}`).join(', ')}`);
    await runner.query(`DROP TABLE analytics.daily_channel_totals`);
  }
}
