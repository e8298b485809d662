import type { RiskLevel, TransactionStatus, TransactionType, TransactionView } from '@app/contracts';
import { formatMoney } from '../../lib/format';

export const typeLabels: Record<TransactionType, string> = { crypto: 'Crypto', fiat: 'Fiat', token: 'Token' };

export const statusLabels: Record<TransactionStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

export const statusColors: Record<TransactionStatus, string> = {
  pending: 'gold',
  completed: 'green',
  failed: 'red',
  refunded: 'default',
  cancelled: 'default',
};

export const riskLabels: Record<RiskLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };
export const riskColors: Record<RiskLevel, string> = { low: 'green', medium: 'gold', high: 'red' };

/** The amount in its own currency (XRP has no ISO symbol: "12.5 XRP"). */
export function transactionAmount(transaction: Pick<TransactionView, 'amount' | 'currency'>): string {
  return formatMoney(transaction.amount, transaction.currency);
}
