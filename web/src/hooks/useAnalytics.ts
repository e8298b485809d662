import type { CashFlowPeriodKind, ChartRange, CompetitiveTimeframe, MetricPeriod } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  fetchBusinessMetrics,
  fetchCashFlow,
  fetchCompetitiveAnalysis,
  fetchCustomerSegmentation,
  fetchRiskAnalytics,
  fetchTransactionSummary,
} from '../api/analytics';
import { queryKeys } from '../api/query-keys';

export function useTransactionSummary(range: ChartRange) {
  return useQuery({
    queryKey: queryKeys.analyticsTransactionSummary(range),
    queryFn: () => fetchTransactionSummary(range),
  });
}

export function useBusinessMetrics(period: MetricPeriod) {
  return useQuery({
    queryKey: queryKeys.analyticsBusinessMetrics(period),
    queryFn: () => fetchBusinessMetrics(period),
  });
}

export function useCashFlow(period: CashFlowPeriodKind) {
  return useQuery({ queryKey: queryKeys.analyticsCashFlow(period), queryFn: () => fetchCashFlow(period) });
}

export function useCustomerSegmentation() {
  return useQuery({ queryKey: queryKeys.analyticsCustomerSegmentation, queryFn: fetchCustomerSegmentation });
}

export function useRiskAnalytics() {
  return useQuery({ queryKey: queryKeys.analyticsRisk, queryFn: fetchRiskAnalytics });
}

export function useCompetitiveAnalysis(timeframe: CompetitiveTimeframe) {
  return useQuery({
    queryKey: queryKeys.analyticsCompetitive(timeframe),
    queryFn: () => fetchCompetitiveAnalysis(timeframe),
  });
}
