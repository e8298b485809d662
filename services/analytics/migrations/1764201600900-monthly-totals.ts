import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MonthlyTotals1764201600900 implements MigrationInterface {
  name = 'MonthlyTotals1764201600900';

  async up(runner: QueryRunner): Promise<void> {
    // The daily rollup summed per UTC month, kept in the same transaction: all-time figures and
    // cash flow read at most 12 rows of buckets a year instead of 365.
    await runner.query(`
      CREATE TABLE analytics.monthly_totals (
        user_id uuid NOT NULL,
        month date NOT NULL,
        type varchar(10) NOT NULL,
        status varchar(12) NOT NULL,
        currency varchar(10) NOT NULL,
        risk_level varchar(6) NOT NULL,
        tx_count integer NOT NULL DEFAULT 0,
        amount numeric(24, 6) NOT NULL DEFAULT 0,
        usd_count integer NOT NULL DEFAULT 0,
        amount_usd numeric(18, 2) NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, month, type, status, currency, risk_level)
      )`);
    await runner.query(`
      INSERT INTO analytics.monthly_totals
        (user_id, month, type, status, currency, risk_level, tx_count, amount, usd_count, amount_usd)
      SELECT user_id, date_trunc('month', day)::date, type, status, currency, risk_level,
             sum(tx_count), sum(amount), sum(usd_count), sum(amount_usd)
        FROM analytics.daily_totals GROUP BY 1, 2, 3, 4, 5, 6`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE analytics.monthly_totals`);
  }
}
