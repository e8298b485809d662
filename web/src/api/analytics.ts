import {
  businessMetricsSchema,
  cashFlowSchema,
  competitiveAnalysisSchema,
  customerSegmentationSchema,
  riskAnalyticsSchema,
  transactionSummarySchema,
  type BusinessMetrics,
  type CashFlow,
  type CashFlowPeriodKind,
  type ChartRange,
  type CompetitiveAnalysis,
  type CompetitiveTimeframe,
  type CustomerSegmentation,
  type MetricPeriod,
  type RiskAnalytics,
  type TransactionSummary,
} from '@app/contracts';
import { apiRequest } from './client';

// The daily transaction volume of the Transaction Analytics chart is fetchTransactionVolume in ./dashboard.

/** GET /api/analytics/transaction-summary?range=: totals and breakdowns of the Transaction Analytics screen. */
export function fetchTransactionSummary(range: ChartRange): Promise<TransactionSummary> {
  return apiRequest(`/api/analytics/transaction-summary?range=${range}`, transactionSummarySchema);
}

/** GET /api/analytics/business-metrics?period=: the metrics grouped by daily, weekly and monthly. */
export function fetchBusinessMetrics(period: MetricPeriod): Promise<BusinessMetrics> {
  return apiRequest(`/api/analytics/business-metrics?period=${period}`, businessMetricsSchema);
}

/** GET /api/analytics/cash-flow?period=: cash flow periods, oldest first. */
export function fetchCashFlow(period: CashFlowPeriodKind): Promise<CashFlow> {
  return apiRequest(`/api/analytics/cash-flow?period=${period}`, cashFlowSchema);
}

/** GET /api/analytics/customer-segmentation. */
export function fetchCustomerSegmentation(): Promise<CustomerSegmentation> {
  return apiRequest('/api/analytics/customer-segmentation', customerSegmentationSchema);
}

/** GET /api/analytics/risk. */
export function fetchRiskAnalytics(): Promise<RiskAnalytics> {
  return apiRequest('/api/analytics/risk', riskAnalyticsSchema);
}

/** GET /api/analytics/competitive?timeframe=: curated market data beside the merchant's own figures. */
export function fetchCompetitiveAnalysis(timeframe: CompetitiveTimeframe): Promise<CompetitiveAnalysis> {
  return apiRequest(`/api/analytics/competitive?timeframe=${timeframe}`, competitiveAnalysisSchema);
}
