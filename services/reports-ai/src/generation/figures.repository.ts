import { Injectable } from '@nestjs/common';
import type { PeriodTotals, TransactionType } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import type { Window } from '../reports/report-period';

/** Whose transactions, when, and of which type (all when null). */
export interface FigureScope {
  userId: string;
  window: Window;
  type: TransactionType | null;
}

export interface WindowTotals extends PeriodTotals {
  pending: number;
  /** USD of the sales refunded since. */
  refundedUsd: string;
}

/** One group of a breakdown; `volume`: completed USD, except by status (each status's own USD). */
export interface BreakdownRow {
  dimension: 'status' | 'method' | 'processor' | 'country' | 'type' | 'risk';
  key: string;
  count: number;
  volume: string;
}

export interface DayRow {
  day: string;
  count: number;
  /** Completed USD. */
  volume: string;
}

export interface CustomerRow {
  customer: string;
  count: number;
  volume: string;
}

export interface InvoiceTotals {
  paidCount: number;
  paidUsd: string;
  refundedUsd: string;
}

export interface ScreeningCount {
  rule: string;
  status: 'review' | 'cleared';
  count: number;
}

export interface LargeTransaction {
  occurredAt: Date;
  sourceId: string;
  processor: string;
  amount: string;
  currency: string;
  amountUsd: string | null;
  status: string;
  riskLevel: string;
  reviewStatus: string;
}

export interface EscrowRow {
  status: string;
  count: number;
  /** XRP, 6 places. */
  amount: string;
}

/** The scope's conditions on reports.transactions aliased t: $1 user, $2 from, $3 before, $4 type or null. */
const inScope = `t.user_id = $1 AND t.occurred_at >= $2 AND t.occurred_at < $3 AND ($4::text IS NULL OR t.type = $4)`;
const scopeParams = (scope: FigureScope) => [scope.userId, scope.window.from, scope.window.before, scope.type];

/** Reads of the read model for one report: aggregates over the scope, never rows one by one. */
@Injectable()
export class FiguresRepository {
  /** Counts by status and USD volumes, the inputs of the shared transaction figures. */
  async totals(manager: EntityManager, scope: FigureScope): Promise<WindowTotals> {
    const [row] = (await manager.query(
      `SELECT coalesce(sum(amount_usd) FILTER (WHERE status = 'completed'), 0)::text AS "completedUsd",
              count(amount_usd) FILTER (WHERE status = 'completed')::int AS "completedPriced",
              count(*) FILTER (WHERE status = 'completed')::int AS completed,
              count(*) FILTER (WHERE status = 'refunded')::int AS refunded,
              count(*) FILTER (WHERE status IN ('failed', 'cancelled'))::int AS failed,
              count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*)::int AS total,
              coalesce(sum(amount_usd) FILTER (WHERE status = 'refunded'), 0)::text AS "refundedUsd"
         FROM reports.transactions t WHERE ${inScope}`,
      scopeParams(scope),
    )) as WindowTotals[];
    return row;
  }

  /** The days with transactions: count and completed USD (UTC days). */
  daily(manager: EntityManager, scope: FigureScope): Promise<DayRow[]> {
    return manager.query(
      `SELECT to_char((occurred_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS count,
              coalesce(sum(amount_usd) FILTER (WHERE status = 'completed'), 0)::text AS volume
         FROM reports.transactions t WHERE ${inScope}
        GROUP BY 1 ORDER BY 1`,
      scopeParams(scope),
    );
  }

  /** Every breakdown in one pass over the scope. */
  breakdowns(manager: EntityManager, scope: FigureScope): Promise<BreakdownRow[]> {
    return manager.query(
      `SELECT d.dimension, d.key, count(*)::int AS count,
              coalesce(sum(t.amount_usd) FILTER (WHERE t.status = 'completed' OR d.dimension = 'status'), 0)::text
                AS volume
         FROM reports.transactions t,
              LATERAL (VALUES ('status', t.status), ('method', coalesce(t.payment_method, 'unknown')),
                              ('processor', t.processor), ('country', coalesce(t.country, 'unknown')),
                              ('type', t.type), ('risk', t.risk_level)) AS d(dimension, key)
        WHERE ${inScope}
        GROUP BY d.dimension, d.key
        ORDER BY d.dimension, count(*) DESC, d.key`,
      scopeParams(scope),
    );
  }

  /** The `limit` customers with the most completed USD (then the most transactions). */
  topCustomers(manager: EntityManager, scope: FigureScope, limit: number): Promise<CustomerRow[]> {
    return manager.query(
      `SELECT customer_ref AS customer, count(*)::int AS count,
              coalesce(sum(amount_usd) FILTER (WHERE status = 'completed'), 0)::text AS volume
         FROM reports.transactions t WHERE ${inScope} AND customer_ref IS NOT NULL
        GROUP BY customer_ref
        ORDER BY sum(amount_usd) FILTER (WHERE status = 'completed') DESC NULLS LAST, count(*) DESC, customer_ref
        LIMIT $5`,
      [...scopeParams(scope), limit],
    );
  }

  /** Subscription costs paid in the window (card invoices and crypto plan charges), and refunds of them made in it. */
  async invoices(manager: EntityManager, userId: string, window: Window): Promise<InvoiceTotals> {
    const [row] = (await manager.query(
      `SELECT (SELECT count(*)::int FROM reports.invoices
                WHERE user_id = $1 AND paid_at >= $2 AND paid_at < $3) AS "paidCount",
              (SELECT coalesce(sum(amount_usd), 0)::text FROM reports.invoices
                WHERE user_id = $1 AND paid_at >= $2 AND paid_at < $3) AS "paidUsd",
              (SELECT coalesce(sum(amount_usd), 0)::text FROM reports.invoice_refunds
                WHERE user_id = $1 AND refunded_at >= $2 AND refunded_at < $3) AS "refundedUsd"`,
      [userId, window.from, window.before],
    )) as InvoiceTotals[];
    return row;
  }

  /** The screening records of the scope's transactions, by rule and review status. */
  screenings(manager: EntityManager, scope: FigureScope): Promise<ScreeningCount[]> {
    return manager.query(
      `SELECT s.rule, s.status, count(*)::int AS count
         FROM reports.screenings s JOIN reports.transactions t ON t.id = s.transaction_id
        WHERE ${inScope}
        GROUP BY s.rule, s.status ORDER BY s.rule, s.status`,
      scopeParams(scope),
    );
  }

  /** The largest transactions the large-transaction rule screened, by USD value. */
  largeTransactions(manager: EntityManager, scope: FigureScope, limit: number): Promise<LargeTransaction[]> {
    return manager.query(
      `SELECT t.occurred_at AS "occurredAt", t.source_id AS "sourceId", t.processor, t.amount::text AS amount,
              t.currency, t.amount_usd::text AS "amountUsd", t.status, t.risk_level AS "riskLevel",
              s.status AS "reviewStatus"
         FROM reports.screenings s JOIN reports.transactions t ON t.id = s.transaction_id
        WHERE ${inScope} AND s.rule = 'large_transaction'
        ORDER BY t.amount_usd DESC NULLS LAST, t.occurred_at DESC, t.id
        LIMIT $5`,
      [...scopeParams(scope), limit],
    );
  }

  /** XRP Ledger escrows (finished or cancelled) by status. */
  escrows(manager: EntityManager, scope: FigureScope): Promise<EscrowRow[]> {
    return manager.query(
      `SELECT status, count(*)::int AS count, sum(amount)::numeric(24, 6)::text AS amount
         FROM reports.transactions t WHERE ${inScope} AND t.source = 'crypto' AND t.payment_method = 'escrow'
        GROUP BY status ORDER BY status`,
      scopeParams(scope),
    );
  }

  /** Who the report is for: the account's business name, else its name, else its e-mail (UserRegistered). */
  async preparedFor(manager: EntityManager, userId: string): Promise<string | null> {
    const [row] = (await manager.query(
      `SELECT coalesce(nullif(business_name, ''), nullif(trim(first_name || ' ' || last_name), ''), nullif(email, ''))
                AS name
         FROM reports.accounts WHERE user_id = $1`,
      [userId],
    )) as { name: string | null }[];
    return row?.name ?? null;
  }
}
