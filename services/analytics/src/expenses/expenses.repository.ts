import { Injectable } from '@nestjs/common';
import { toUsd } from '@app/contracts';
import type { EntityManager } from 'typeorm';

const centsToDecimal = (cents: number) => (cents / 100).toFixed(2);

/** Subscription invoices the merchant paid the platform, as a daily expense rollup in USD. */
@Injectable()
export class ExpensesRepository {
  async invoicePaid(
    manager: EntityManager,
    userId: string,
    invoiceId: string,
    cents: number,
    currency: string,
    paidAt: Date,
  ): Promise<void> {
    await this.platformPaid(manager, userId, invoiceId, centsToDecimal(cents), currency, paidAt);
  }

  /**
   * Money the merchant paid the platform, by any means (a Stripe invoice, or a crypto charge for a
   * plan keyed `charge:<id>`): a subscription cost on the day paid, once per payment id. `amount`
   * is a decimal string in `currency`.
   */
  async platformPaid(
    manager: EntityManager,
    userId: string,
    paymentId: string,
    amount: string,
    currency: string,
    paidAt: Date,
  ): Promise<void> {
    const usd = toUsd(amount, currency) ?? '0';
    const inserted = (await manager.query(
      `INSERT INTO analytics.invoices (invoice_id, user_id, amount_usd, currency, paid_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (invoice_id) DO NOTHING RETURNING invoice_id`,
      [paymentId, userId, usd, currency.toUpperCase(), paidAt],
    )) as unknown[];
    if (inserted.length) await this.addExpense(manager, userId, paidAt, usd);
  }

  /** False when the invoice is unknown. */
  async invoiceRefunded(
    manager: EntityManager,
    invoiceId: string,
    refundedCentsSoFar: number,
    refundedAt: Date,
  ): Promise<boolean> {
    const [invoice] = (await manager.query(
      `SELECT user_id, currency, refunded_usd FROM analytics.invoices WHERE invoice_id = $1 FOR UPDATE`,
      [invoiceId],
    )) as { user_id: string; currency: string; refunded_usd: string }[];
    if (!invoice) return false;
    const total = toUsd(centsToDecimal(refundedCentsSoFar), invoice.currency) ?? '0';
    const [{ delta }] = (await manager.query(`SELECT ($1::numeric - $2::numeric)::text AS delta`, [
      total,
      invoice.refunded_usd,
    ])) as { delta: string }[];
    if (Number(delta) <= 0) return true;
    await manager.query(`UPDATE analytics.invoices SET refunded_usd = $2 WHERE invoice_id = $1`, [invoiceId, total]);
    await this.addExpense(manager, invoice.user_id, refundedAt, `-${delta}`);
    return true;
  }

  private async addExpense(manager: EntityManager, userId: string, at: Date, usd: string): Promise<void> {
    await manager.query(
      `INSERT INTO analytics.daily_expenses (user_id, day, category, amount_usd)
       VALUES ($1, ($2::timestamptz AT TIME ZONE 'UTC')::date, 'subscription', $3)
       ON CONFLICT (user_id, day, category) DO UPDATE SET amount_usd = daily_expenses.amount_usd + excluded.amount_usd`,
      [userId, at, usd],
    );
  }
}
