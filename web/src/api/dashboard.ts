import {
  blockchainStatusSchema,
  complianceRecordPageSchema,
  dashboardStatsSchema,
  transactionPageSchema,
  transactionVolumeSchema,
  type BlockchainStatus,
  type ChartRange,
  type ComplianceRecordPage,
  type DashboardStats,
  type TransactionPage,
  type TransactionsQuery,
  type TransactionVolume,
} from '@app/contracts';
import { apiRequest } from './client';

/** The list filters the screens set; cursor and limit are added per page. */
export type TransactionFilters = Pick<TransactionsQuery, 'type' | 'status' | 'from' | 'to'>;

/** "?a=1&b=2" without the empty values, or "" when nothing is set. */
function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/dashboard/stats: the four stat cards. */
export function fetchDashboardStats(): Promise<DashboardStats> {
  return apiRequest('/api/dashboard/stats', dashboardStatsSchema);
}

/** GET /api/transactions: one page, newest first; pass the previous page's nextCursor for older ones. */
export function fetchTransactions(
  filters: TransactionFilters,
  page: { cursor?: string; limit?: number } = {},
): Promise<TransactionPage> {
  return apiRequest(`/api/transactions${queryString({ ...filters, ...page })}`, transactionPageSchema);
}

/** GET /api/blockchain/status: Polygon, Avalanche and XRP Ledger, read live by the server. */
export function fetchBlockchainStatus(): Promise<BlockchainStatus> {
  return apiRequest('/api/blockchain/status', blockchainStatusSchema);
}

/** GET /api/compliance/records: the AML screening records of the user's transactions, newest first. */
export function fetchComplianceRecords(page: { cursor?: string; limit?: number } = {}): Promise<ComplianceRecordPage> {
  return apiRequest(`/api/compliance/records${queryString(page)}`, complianceRecordPageSchema);
}

/** GET /api/analytics/transaction-volume?range=: daily completed USD volume per type. */
export function fetchTransactionVolume(range: ChartRange): Promise<TransactionVolume> {
  return apiRequest(`/api/analytics/transaction-volume${queryString({ range })}`, transactionVolumeSchema);
}
