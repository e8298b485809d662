import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Crypto charges a merchant paid the platform for a plan (the checkout's crypto tab) were recorded
 * as the merchant's transactions until ChargeCompleted's purpose was read (issue 39), so a report
 * counted the plan fee as sales and its subscription costs read $0. This read model stores neither
 * the purpose nor the description, so a plan charge is recognised by what crypto-escrow charged
 * for every plan, unchanged since issue 21: a Coinbase charge in USD, without a customer, at a
 * plan's price for a cycle (29.00, 278.00, 699.00 or 6710.00). Its screenings and row are deleted,
 * and a paid one becomes a subscription cost, keyed `charge:<id>` as the handler now records it.
 */
const planPrices = ['29.00', '278.00', '699.00', '6710.00'];

export class PlatformPayments1767052800950 implements MigrationInterface {
  name = 'PlatformPayments1767052800950';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TEMP TABLE platform_charges ON COMMIT DROP AS
       SELECT id, user_id, source_id, status, amount_usd, occurred_at FROM reports.transactions
        WHERE source = 'crypto' AND source_id LIKE 'charge:%' AND processor = 'coinbase' AND currency = 'USD'
          AND customer_ref IS NULL AND amount = ANY($1::numeric[])`,
      [planPrices],
    );
    await runner.query(`DELETE FROM reports.screenings WHERE transaction_id IN (SELECT id FROM platform_charges)`);
    await runner.query(`DELETE FROM reports.transactions WHERE id IN (SELECT id FROM platform_charges)`);
    await runner.query(`
      INSERT INTO reports.invoices (invoice_id, user_id, amount_usd, currency, paid_at)
      SELECT source_id, user_id, amount_usd, 'USD', occurred_at FROM platform_charges
       WHERE status IN ('completed', 'refunded') AND amount_usd IS NOT NULL
      ON CONFLICT (invoice_id) DO NOTHING`);
  }

  async down(): Promise<void> {
    // The deleted rows were not sales; nothing to restore.
  }
}
