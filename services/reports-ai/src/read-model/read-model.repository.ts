import { Injectable, Logger } from '@nestjs/common';
import {
  screen,
  screeningRecordStatus,
  supersedes,
  toUsd,
  type ScreeningRule,
  type SourceTransaction,
  type TransactionStatus,
} from '@app/contracts';
import type { EntityManager } from 'typeorm';

const centsToDecimal = (cents: number) => (cents / 100).toFixed(2);

/**
 * Writes the read model in the event's inbox transaction, so a redelivered event (refused by the
 * inbox) or a repeated status never counts twice. Transactions are mapped, converted to USD and
 * screened by the shared rules (packages/contracts) exactly as analytics applies them, so a
 * report's figures equal the analytics screens' for the same events.
 */
@Injectable()
export class ReadModelRepository {
  private readonly logger = new Logger(ReadModelRepository.name);

  async applyTransaction(manager: EntityManager, tx: SourceTransaction): Promise<'recorded' | 'updated' | 'ignored'> {
    const [old] = (await manager.query(
      `SELECT user_id, status FROM reports.transactions WHERE source = $1 AND source_id = $2 FOR UPDATE`,
      [tx.source, tx.sourceId],
    )) as { user_id: string; status: TransactionStatus }[];
    if (old && old.user_id !== tx.userId) {
      this.logger.warn(`${tx.source} ${tx.sourceId}: event for another user ignored`);
      return 'ignored';
    }
    if (old && !supersedes(tx.status, old.status)) return 'ignored';

    const amountUsd = toUsd(tx.amount, tx.currency);
    const screening = screen({ type: tx.type, status: tx.status, amountUsd, country: tx.country });
    // A later status keeps the first event's amount, currency, type and time.
    const [row] = (await manager.query(
      `INSERT INTO reports.transactions
         (user_id, source, source_id, type, amount, currency, amount_usd, status, risk_level, risk_score,
          processor, country, payment_method, customer_ref, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (source, source_id) DO UPDATE SET
         status = excluded.status, risk_level = excluded.risk_level, risk_score = excluded.risk_score,
         customer_ref = coalesce(transactions.customer_ref, excluded.customer_ref),
         updated_at = now()
       RETURNING id`,
      [
        tx.userId,
        tx.source,
        tx.sourceId,
        tx.type,
        tx.amount,
        tx.currency,
        amountUsd,
        tx.status,
        screening.level,
        screening.score,
        tx.processor,
        tx.country,
        tx.paymentMethod,
        tx.customerRef,
        tx.occurredAt,
      ],
    )) as { id: string }[];
    for (const rule of screening.rules) await this.recordScreening(manager, row.id, tx, rule, screening.score);
    return old ? 'updated' : 'recorded';
  }

  /** One record per transaction and rule, as analytics' compliance records (status by the shared rule). */
  private async recordScreening(
    manager: EntityManager,
    transactionId: string,
    tx: SourceTransaction,
    rule: ScreeningRule,
    score: number,
  ): Promise<void> {
    let structuringBefore = 0;
    if (rule === 'structuring') {
      const [{ n }] = (await manager.query(
        `SELECT count(*)::int AS n FROM reports.screenings
          WHERE user_id = $1 AND rule = 'structuring' AND transaction_id <> $3
            AND occurred_at BETWEEN $2::timestamptz - interval '24 hours' AND $2::timestamptz`,
        [tx.userId, tx.occurredAt, transactionId],
      )) as { n: number }[];
      structuringBefore = n;
    }
    await manager.query(
      `INSERT INTO reports.screenings (transaction_id, rule, user_id, status, risk_score, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (transaction_id, rule) DO UPDATE SET
         status = excluded.status, risk_score = excluded.risk_score, occurred_at = excluded.occurred_at`,
      [transactionId, rule, tx.userId, screeningRecordStatus(rule, score, structuringBefore), score, tx.occurredAt],
    );
  }

  /** A subscription invoice the merchant paid the platform, once per invoice, in USD. */
  async invoicePaid(
    manager: EntityManager,
    userId: string,
    invoiceId: string,
    cents: number,
    currency: string,
    paidAt: Date,
  ): Promise<void> {
    const usd = toUsd(centsToDecimal(cents), currency) ?? '0';
    await manager.query(
      `INSERT INTO reports.invoices (invoice_id, user_id, amount_usd, currency, paid_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (invoice_id) DO NOTHING`,
      [invoiceId, userId, usd, currency.toUpperCase(), paidAt],
    );
  }

  /**
   * InvoiceRefunded reports the total refunded so far: the increase is recorded on the refund's
   * day. False when the invoice is unknown.
   */
  async invoiceRefunded(
    manager: EntityManager,
    invoiceId: string,
    refundedCentsSoFar: number,
    refundedAt: Date,
  ): Promise<boolean> {
    const [invoice] = (await manager.query(
      `SELECT user_id, currency, refunded_usd FROM reports.invoices WHERE invoice_id = $1 FOR UPDATE`,
      [invoiceId],
    )) as { user_id: string; currency: string; refunded_usd: string }[];
    if (!invoice) return false;
    const total = toUsd(centsToDecimal(refundedCentsSoFar), invoice.currency) ?? '0';
    await manager.query(
      `WITH increase AS (
         UPDATE reports.invoices SET refunded_usd = $2::numeric
          WHERE invoice_id = $1 AND refunded_usd < $2::numeric
          RETURNING $2::numeric - $3::numeric AS amount_usd)
       INSERT INTO reports.invoice_refunds (invoice_id, user_id, amount_usd, refunded_at)
       SELECT $1, $4, amount_usd, $5 FROM increase`,
      [invoiceId, total, invoice.refunded_usd, invoice.user_id, refundedAt],
    );
    return true;
  }

  /** Who the account's reports are prepared for; a later registration event of the same user replaces it. */
  async account(
    manager: EntityManager,
    account: { userId: string; email: string; firstName: string; lastName: string; businessName: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO reports.accounts (user_id, email, first_name, last_name, business_name)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, first_name = excluded.first_name,
         last_name = excluded.last_name, business_name = excluded.business_name`,
      [account.userId, account.email, account.firstName, account.lastName, account.businessName],
    );
  }
}
