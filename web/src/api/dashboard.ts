import {
  routeById,
  type BlockchainStatus,
  type ChartRange,
  type ComplianceRecordPage,
  type DashboardStats,
  type TransactionPage,
  type TransactionsQuery,
  type TransactionVolume,
} from '@app/contracts';
import { callRoute } from './client';

/** The list filters the screens set; cursor and limit are added per page. */
export type TransactionFilters = Pick<TransactionsQuery, 'type' | 'status' | 'from' | 'to'>;

/** GET /api/dashboard/stats: the four stat cards. */
export function fetchDashboardStats(): Promise<DashboardStats> {
  return callRoute(routeById('getDashboardStats'));
}

/** GET /api/transactions: one page, newest first; pass the previous page's nextCursor for older ones. */
export function fetchTransactions(
  filters: TransactionFilters,
  page: { cursor?: string; limit?: number } = {},
): Promise<TransactionPage> {
  return callRoute(routeById('listTransactions'), { query: { ...filters, ...page } });
}

/** GET /api/blockchain/status: Polygon, Avalanche and XRP Ledger, read live by the server. */
export function fetchBlockchainStatus(): Promise<BlockchainStatus> {
  return callRoute(routeById('getBlockchainStatus'));
}

/** GET /api/compliance/records: the AML screening records of the user's transactions, newest first. */
export function fetchComplianceRecords(page: { cursor?: string; limit?: number } = {}): Promise<ComplianceRecordPage> {
  return callRoute(routeById('listComplianceRecords'), { query: page });
}

/** GET /api/analytics/transaction-volume?range=: daily completed USD volume per type. */
export function fetchTransactionVolume(range: ChartRange): Promise<TransactionVolume> {
  return callRoute(routeById('getTransactionVolume'), { query: { range } });
}
