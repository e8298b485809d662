import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Crypto charges a merchant paid the platform for a plan (the checkout's crypto tab) were recorded
 * as the merchant's sales until ChargeCompleted's purpose was read (issue 39): in its volume, cash
 * flow and AML screening. The stored rows carry no purpose, so they are recognised as crypto-escrow
 * wrote every plan charge, unchanged since issue 21: a Coinbase charge in USD, without a customer,
 * described "<plan name> plan, one month|year" at that plan's price for the cycle. Each is taken out
 * of the rollups, its screening records and its row deleted, and a paid one becomes a subscription
 * cost on its day, keyed `charge:<id>` as the handler now records it.
 */
const planCharges: readonly (readonly [string, string])[] = [
  ['Growth plan, one month', '29.00'],
  ['Growth plan, one year', '278.00'],
  ['Enterprise plus Tokenization plan, one month', '699.00'],
  ['Enterprise plus Tokenization plan, one year', '6710.00'],
];

export class PlatformPayments1767052800900 implements MigrationInterface {
  name = 'PlatformPayments1767052800900';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TEMP TABLE platform_charges ON COMMIT DROP AS
       SELECT t.* FROM analytics.transactions t
         JOIN unnest($1::text[], $2::numeric[]) AS p (description, amount)
           ON t.description = p.description AND t.amount = p.amount
        WHERE t.source = 'crypto' AND t.source_id LIKE 'charge:%' AND t.currency = 'USD' AND t.customer_ref IS NULL`,
      [planCharges.map(([description]) => description), planCharges.map(([, amount]) => amount)],
    );
    for (const [table, period, bucket] of [
      ['daily_totals', 'day', `(occurred_at AT TIME ZONE 'UTC')::date`],
      ['monthly_totals', 'month', `date_trunc('month', occurred_at AT TIME ZONE 'UTC')::date`],
    ] as const) {
      await runner.query(`
        UPDATE analytics.${table} r SET
          tx_count = r.tx_count - x.n, amount = r.amount - x.amount,
          usd_count = r.usd_count - x.usd_count, amount_usd = r.amount_usd - x.amount_usd
          FROM (SELECT user_id, ${bucket} AS bucket, type, status, currency, risk_level, count(*)::int AS n,
                       sum(amount) AS amount, count(amount_usd)::int AS usd_count,
                       coalesce(sum(amount_usd), 0) AS amount_usd
                  FROM platform_charges GROUP BY 1, 2, 3, 4, 5, 6) x
         WHERE r.user_id = x.user_id AND r.${period} = x.bucket AND r.type = x.type AND r.status = x.status
           AND r.currency = x.currency AND r.risk_level = x.risk_level`);
    }
    await runner.query(`
      UPDATE analytics.daily_channel_totals c SET
        tx_count = c.tx_count - x.n, amount_usd = c.amount_usd - x.amount_usd
        FROM (SELECT user_id, (occurred_at AT TIME ZONE 'UTC')::date AS day, coalesce(payment_method, 'unknown') AS payment_method,
                     processor, coalesce(country, 'unknown') AS country, count(*)::int AS n,
                     coalesce(sum(amount_usd), 0) AS amount_usd
                FROM platform_charges GROUP BY 1, 2, 3, 4, 5) x
       WHERE c.user_id = x.user_id AND c.day = x.day AND c.payment_method = x.payment_method
         AND c.processor = x.processor AND c.country = x.country`);
    await runner.query(
      `DELETE FROM analytics.compliance_records WHERE transaction_id IN (SELECT id FROM platform_charges)`,
    );
    await runner.query(`DELETE FROM analytics.transactions WHERE id IN (SELECT id FROM platform_charges)`);
    await runner.query(`
      WITH paid AS (
        INSERT INTO analytics.invoices (invoice_id, user_id, amount_usd, currency, paid_at)
        SELECT source_id, user_id, amount_usd, 'USD', occurred_at FROM platform_charges
         WHERE status IN ('completed', 'refunded') AND amount_usd IS NOT NULL
        ON CONFLICT (invoice_id) DO NOTHING
        RETURNING user_id, amount_usd, paid_at
      )
      INSERT INTO analytics.daily_expenses AS e (user_id, day, category, amount_usd)
      SELECT user_id, (paid_at AT TIME ZONE 'UTC')::date, 'subscription', sum(amount_usd) FROM paid GROUP BY 1, 2
      ON CONFLICT (user_id, day, category) DO UPDATE SET amount_usd = e.amount_usd + excluded.amount_usd`);
  }

  async down(): Promise<void> {
    // The deleted rows were not sales; nothing to restore.
  }
}
