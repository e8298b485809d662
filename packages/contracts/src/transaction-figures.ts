import { money, round1 } from './money';

/**
 * The headline figures of a merchant's transactions over a period, one formula for every service
 * that reports them (analytics' transaction summary and business metrics, reports-ai's reports),
 * so the same events give the same numbers everywhere (docs/analytics.md).
 */

/** A period's counts by status and its completed USD volume. */
export interface PeriodTotals {
  /** Completed USD volume (refunded sales no longer count). */
  completedUsd: string;
  /** Completed transactions with a USD price. */
  completedPriced: number;
  completed: number;
  refunded: number;
  /** Failed and cancelled. */
  failed: number;
  /** Every transaction, any status. */
  total: number;
}

export interface TransactionFigures {
  totalCount: number;
  /** Completed USD volume net of refunds. */
  totalVolume: number;
  /** Completed USD volume / completed count with a USD price; 0 when none. */
  averageTicket: number;
  /** Percent of settled transactions (completed + refunded + failed) that completed or were refunded later. */
  successRate: number;
  /** Percent of sales (completed + refunded) refunded. */
  refundRate: number;
}

export function transactionFiguresOf(totals: PeriodTotals): TransactionFigures {
  const sales = totals.completed + totals.refunded;
  const settled = sales + totals.failed;
  return {
    totalCount: totals.total,
    totalVolume: money(totals.completedUsd),
    averageTicket: totals.completedPriced ? money(Number(totals.completedUsd) / totals.completedPriced) : 0,
    successRate: settled ? round1((sales / settled) * 100) : 0,
    refundRate: sales ? round1((totals.refunded / sales) * 100) : 0,
  };
}
