import { Injectable, Logger } from '@nestjs/common';
import { toUsd, type SourceTransaction } from '@app/contracts';
import { preparedQuery } from '@app/platform';
import type { EntityManager } from 'typeorm';
import {
  foldTransactionRun,
  structuringScope,
  type StoredStructuring,
  type StoredTransaction,
  type TransactionRunWrites,
} from './transaction-run';

const centsToDecimal = (cents: number) => (cents / 100).toFixed(2);

/** A run's transactions, locked in a fixed order (FOR UPDATE returns each one's latest version). */
const storedTransactionsSql = `
  SELECT t.source, t.source_id AS "sourceId", t.user_id::text AS "userId", t.status, t.customer_ref AS "customerRef"
    FROM reports.transactions t
   WHERE (t.source, t.source_id) IN (SELECT * FROM unnest($1::varchar[], $2::varchar[]))
   ORDER BY t.source, t.source_id
     FOR UPDATE`;

/** The structuring records of the users over a time range, by their transaction. */
const storedStructuringSql = `
  SELECT t.source, t.source_id AS "sourceId", s.user_id::text AS "userId", s.occurred_at AS "occurredAt"
    FROM reports.screenings s JOIN reports.transactions t ON t.id = s.transaction_id
   WHERE s.user_id = ANY($1::uuid[]) AND s.rule = 'structuring'
     AND s.occurred_at BETWEEN $2::timestamptz AND $3::timestamptz`;

/**
 * A run's folded rows in one statement: each transaction the fold wrote, once (inserted, or, when
 * stored, only its status, risk and a customer reference it lacked updated, so it keeps its first
 * event's amount, currency, type and time), then each screening record once, by the id the first
 * part returns.
 */
const writeRunSql = `
  WITH written AS (
    INSERT INTO reports.transactions
      (user_id, source, source_id, type, amount, currency, amount_usd, status, risk_level, risk_score,
       processor, country, payment_method, customer_ref, occurred_at)
    SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::varchar[], $5::numeric[], $6::varchar[],
                         $7::numeric[], $8::varchar[], $9::varchar[], $10::int[], $11::varchar[], $12::varchar[],
                         $13::varchar[], $14::varchar[], $15::timestamptz[])
    ON CONFLICT (source, source_id) DO UPDATE SET
      status = excluded.status, risk_level = excluded.risk_level, risk_score = excluded.risk_score,
      customer_ref = coalesce(transactions.customer_ref, excluded.customer_ref),
      updated_at = now()
    RETURNING id, source, source_id
  )
  INSERT INTO reports.screenings (transaction_id, rule, user_id, status, risk_score, occurred_at)
  SELECT written.id, s.rule, s.user_id, s.status, s.risk_score, s.occurred_at
    FROM unnest($16::varchar[], $17::varchar[], $18::varchar[], $19::uuid[], $20::varchar[], $21::int[],
                $22::timestamptz[]) AS s (source, source_id, rule, user_id, status, risk_score, occurred_at)
    JOIN written ON written.source = s.source AND written.source_id = s.source_id
  ON CONFLICT (transaction_id, rule) DO UPDATE SET
    status = excluded.status, risk_score = excluded.risk_score, occurred_at = excluded.occurred_at`;

/**
 * Writes the read model in the event's inbox transaction, so a redelivered event (refused by the
 * inbox) or a repeated status never counts twice. Transactions are mapped, converted to USD and
 * screened by the shared rules (packages/contracts) exactly as analytics applies them, so a
 * report's figures equal the analytics screens' for the same events.
 */
@Injectable()
export class ReadModelRepository {
  private readonly logger = new Logger(ReadModelRepository.name);

  /**
   * Applies events' transactions, in order, in two to three statements: their stored rows read
   * locked (and the stored structuring records, when one triggers that rule), folded in order
   * (transaction-run.ts), then written at once. The same transaction may come several times (a
   * later status). A handler's single event comes here too, as a run of one, so these rules are
   * written once.
   */
  async applyTransactions(manager: EntityManager, txs: SourceTransaction[]): Promise<void> {
    if (txs.length === 0) return;
    const stored = await preparedQuery<StoredTransaction>(
      manager,
      'reports-ai-stored-transactions',
      storedTransactionsSql,
      [txs.map((tx) => tx.source), txs.map((tx) => tx.sourceId)],
    );
    const scope = structuringScope(txs);
    const structuring = scope
      ? await preparedQuery<StoredStructuring>(manager, 'reports-ai-stored-structuring', storedStructuringSql, [
          scope.userIds,
          scope.from.toISOString(),
          scope.to.toISOString(),
        ])
      : [];
    const writes = foldTransactionRun(txs, stored, structuring);
    for (const tx of writes.otherUsers) this.logger.warn(`${tx.source} ${tx.sourceId}: event for another user ignored`);
    await this.writeRun(manager, writes);
  }

  private async writeRun(manager: EntityManager, { transactions, screenings }: TransactionRunWrites): Promise<void> {
    if (transactions.length === 0) return;
    const column = <K extends keyof (typeof transactions)[number]>(key: K) => transactions.map((row) => row[key]);
    const record = <K extends keyof (typeof screenings)[number]>(key: K) => screenings.map((row) => row[key]);
    await preparedQuery(manager, 'reports-ai-write-transactions', writeRunSql, [
      column('userId'),
      column('source'),
      column('sourceId'),
      column('type'),
      column('amount'),
      column('currency'),
      column('amountUsd'),
      column('status'),
      column('riskLevel'),
      column('riskScore'),
      column('processor'),
      column('country'),
      column('paymentMethod'),
      column('customerRef'),
      transactions.map((row) => row.occurredAt.toISOString()),
      record('source'),
      record('sourceId'),
      record('rule'),
      record('userId'),
      record('status'),
      record('riskScore'),
      screenings.map((row) => row.occurredAt.toISOString()),
    ]);
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
    await this.platformPaid(manager, userId, invoiceId, centsToDecimal(cents), currency, paidAt);
  }

  /**
   * Money the merchant paid the platform, by any means (a Stripe invoice, or a crypto charge for a
   * plan keyed `charge:<id>`): a subscription cost, once per payment id. `amount` is a decimal
   * string in `currency`.
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
    await manager.query(
      `INSERT INTO reports.invoices (invoice_id, user_id, amount_usd, currency, paid_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (invoice_id) DO NOTHING`,
      [paymentId, userId, usd, currency.toUpperCase(), paidAt],
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
