import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Segmentation cuts a merchant's paying customers by rank of spend, so its tiers' sums cannot be
 * kept directly; reading every customer per request was over budget at 36,000 customers. The
 * paying customers are summed instead per spend band (their spend rounded down to 3 significant
 * figures, so bands are ordered like the spend and a band holds few customers), kept by the event
 * handlers in the event's transaction: a read sums whole bands by tier and reads only the
 * customers of the (at most four) bands next to a cut. Backfilled here from the customers.
 */
export class CustomerSpendBands1766966400900 implements MigrationInterface {
  name = 'CustomerSpendBands1766966400900';

  async up(runner: QueryRunner): Promise<void> {
    // 4,523.17 -> 4,520; 56.78 -> 56.7; 0.42 -> 0.42 (cents below one dollar). Monotonic in the
    // spend, exact (numeric), and the one definition the handlers, reads and rebuilds share.
    await runner.query(`
      CREATE FUNCTION analytics.spend_band(spend numeric) RETURNS numeric
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT trunc(spend, 3 - length(trunc(spend)::text)) $$`);
    // Per merchant and band, over the customers with spend > 0: how many, and the sums of their
    // spend, transactions, last-30-day and prior-30-day spend (customer-windows.ts) and last
    // transaction time (epoch seconds, for the average days since). Bands left empty keep a row of zeros.
    await runner.query(`
      CREATE TABLE analytics.customer_spend_bands (
        user_id uuid NOT NULL,
        band numeric NOT NULL,
        customers integer NOT NULL DEFAULT 0,
        spend_usd numeric NOT NULL DEFAULT 0,
        tx_count bigint NOT NULL DEFAULT 0,
        recent_usd numeric NOT NULL DEFAULT 0,
        prior_usd numeric NOT NULL DEFAULT 0,
        last_seen_seconds numeric NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, band)
      )`);
    await runner.query(`
      INSERT INTO analytics.customer_spend_bands
        (user_id, band, customers, spend_usd, tx_count, recent_usd, prior_usd, last_seen_seconds)
      SELECT user_id, analytics.spend_band(spend_usd), count(*), sum(spend_usd), sum(tx_count), sum(recent_usd),
             sum(prior_usd), sum(extract(epoch FROM last_seen))
        FROM analytics.customers WHERE spend_usd > 0 GROUP BY 1, 2`);
    // A customer whose last transaction is later than the read's now counts 0 days since, not
    // fewer: the read finds those few here rather than in the bands' sums.
    await runner.query(`
      CREATE INDEX customers_user_last_seen ON analytics.customers (user_id, last_seen) INCLUDE (spend_usd)
        WHERE spend_usd > 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX analytics.customers_user_last_seen`);
    await runner.query(`DROP TABLE analytics.customer_spend_bands`);
    await runner.query(`DROP FUNCTION analytics.spend_band(numeric)`);
  }
}
