import {
  routeById,
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
import { callRoute } from './client';

// The daily transaction volume of the Transaction Analytics chart is fetchTransactionVolume in ./dashboard.

/** GET /api/analytics/transaction-summary?range=: totals and breakdowns of the Transaction Analytics screen. */
export function fetchTransactionSummary(range: ChartRange): Promise<TransactionSummary> {
  return callRoute(routeById('getTransactionSummary'), { query: { range } });
}

/** GET /api/analytics/business-metrics?period=: the metrics grouped by daily, weekly and monthly. */
export function fetchBusinessMetrics(period: MetricPeriod): Promise<BusinessMetrics> {
  return callRoute(routeById('getBusinessMetrics'), { query: { period } });
}

/** GET /api/analytics/cash-flow?period=: cash flow periods, oldest first. */
export function fetchCashFlow(period: CashFlowPeriodKind): Promise<CashFlow> {
  return callRoute(routeById('getCashFlow'), { query: { period } });
}

/** GET /api/analytics/customer-segmentation. */
export function fetchCustomerSegmentation(): Promise<CustomerSegmentation> {
  return callRoute(routeById('getCustomerSegmentation'));
}

/** GET /api/analytics/risk. */
export function fetchRiskAnalytics(): Promise<RiskAnalytics> {
  return callRoute(routeById('getRiskAnalytics'));
}

/** GET /api/analytics/competitive?timeframe=: curated market data beside the merchant's own figures. */
export function fetchCompetitiveAnalysis(timeframe: CompetitiveTimeframe): Promise<CompetitiveAnalysis> {
  return callRoute(routeById('getCompetitiveAnalysis'), { query: { timeframe } });
}
