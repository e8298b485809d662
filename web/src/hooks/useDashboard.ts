import type { ChartRange, TransactionType } from '@app/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  fetchBlockchainStatus,
  fetchComplianceRecords,
  fetchDashboardStats,
  fetchTransactions,
  fetchTransactionVolume,
  type TransactionFilters,
} from '../api/dashboard';
import { queryKeys } from '../api/query-keys';

/** Spec 9: Recent Activity shows the latest 5. */
export const recentActivityCount = 5;
const transactionPageSize = 20;
const liveMonitoringCount = 10;
const liveRefreshMs = 30_000;

export function useDashboardStats() {
  return useQuery({ queryKey: queryKeys.dashboardStats, queryFn: fetchDashboardStats });
}

/** The transactions list with filters; fetchNextPage loads the next older page through the cursor. */
export function useTransactions(filters: TransactionFilters, pageSize = transactionPageSize) {
  return useInfiniteQuery({
    queryKey: queryKeys.transactionList({ ...filters, pageSize: String(pageSize) }),
    queryFn: ({ pageParam }) => fetchTransactions(filters, { cursor: pageParam, limit: pageSize }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** The latest transactions of any kind (Recent Activity). */
export function useRecentTransactions(count = recentActivityCount) {
  return useQuery({
    queryKey: queryKeys.transactionList({ recent: String(count) }),
    queryFn: () => fetchTransactions({}, { limit: count }),
    select: (page) => page.transactions.slice(0, count),
  });
}

/** Live Transaction Monitoring: the latest of one type (or all), re-read every 30 seconds while shown. */
export function useLiveTransactions(type: TransactionType | undefined, count = liveMonitoringCount) {
  return useQuery({
    queryKey: queryKeys.transactionList({ live: String(count), type }),
    queryFn: () => fetchTransactions({ type }, { limit: count }),
    select: (page) => page.transactions,
    refetchInterval: liveRefreshMs,
  });
}

export function useBlockchainStatus() {
  return useQuery({ queryKey: queryKeys.blockchainStatus, queryFn: fetchBlockchainStatus });
}

/** The first page of compliance records (the dashboard's provider summary and AML badge). */
export function useComplianceRecords() {
  return useQuery({ queryKey: queryKeys.complianceRecords, queryFn: () => fetchComplianceRecords() });
}

/** Every compliance record, page by page (the Compliance & Security screen). */
export function useComplianceRecordPages() {
  return useInfiniteQuery({
    queryKey: queryKeys.complianceRecordPages,
    queryFn: ({ pageParam }) => fetchComplianceRecords({ cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useTransactionVolume(range: ChartRange) {
  return useQuery({
    queryKey: queryKeys.dashboardTransactionVolume(range),
    queryFn: () => fetchTransactionVolume(range),
  });
}
