import { z } from 'zod';

/**
 * The analytics service's calls (spec 2, 3, 7, 8, 9). Every figure is computed from the signed-in
 * user's own events; the formulas are in docs/analytics.md. Money is reported in USD (`reportingCurrency`)
 * as numbers rounded to 2 decimals; the stored amounts are decimals, never floats.
 */
export const reportingCurrency = 'USD';

export const transactionTypes = ['crypto', 'token', 'fiat'] as const;
export type TransactionType = (typeof transactionTypes)[number];
export const transactionStatuses = ['pending', 'completed', 'failed', 'refunded', 'cancelled'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/**
 * The status changes a transaction may make, one table for integrations (which stores a reported
 * transaction and publishes its changes) and analytics (which applies them), so a replayed or late
 * delivery leaves both views the same. Nothing returns to pending; a failed payment may still
 * succeed under the same id (a retried card, a crypto charge paid after it expired); a refund and
 * a cancellation are final; only a completed sale is refunded.
 */
export const transactionStatusTransitions: Record<TransactionStatus, readonly TransactionStatus[]> = {
  pending: ['completed', 'failed', 'cancelled', 'refunded'],
  failed: ['completed'],
  completed: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** Whether a transaction in status `from` may move to `to`. */
export const canMoveTo = (from: TransactionStatus, to: TransactionStatus): boolean =>
  transactionStatusTransitions[from].includes(to);

/** Per-transaction AML risk level from its 0-100 score: low 0-30, medium 31-70, high 71-100 (AML policy). */
export const riskLevels = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof riskLevels)[number];

/** Spec 2: Business metrics period selector. */
export const metricPeriods = ['daily', 'weekly', 'monthly'] as const;
export type MetricPeriod = (typeof metricPeriods)[number];
/** Spec 2: Cash Flow Analysis period selector. */
export const cashFlowPeriods = ['monthly', 'quarterly', 'yearly'] as const;
export type CashFlowPeriodKind = (typeof cashFlowPeriods)[number];
/** Spec 9: competitive timeframe, 12m by default. */
export const competitiveTimeframes = ['3m', '6m', '12m', '24m'] as const;
export type CompetitiveTimeframe = (typeof competitiveTimeframes)[number];
export const defaultCompetitiveTimeframe: CompetitiveTimeframe = '12m';
/** Spec 9: chart ranges 7D, 30D, 90D. */
export const chartRanges = ['7d', '30d', '90d'] as const;
export type ChartRange = (typeof chartRanges)[number];
export const defaultChartRange: ChartRange = '30d';

/** Spec 8: the load-failure toasts and empty states of the analytics screens. */
export const analyticsMessages = {
  metricsFailedTitle: 'Failed to load metrics',
  metricsFailed: 'Unable to fetch business metrics. Please try again.',
  metricsEmpty: 'No metrics available for the selected period.',
  cashFlowFailedTitle: 'Failed to load cash flow data',
  cashFlowFailed: 'Unable to fetch cash flow analytics. Please try again.',
  cashFlowEmpty: 'No cash flow data available for the selected period',
  segmentationFailedTitle: 'Failed to load customer segmentation',
  segmentationFailed: 'Unable to fetch customer analytics data. Please try again.',
  segmentationEmpty: 'No segmentation data available',
  riskFailedTitle: 'Failed to load risk analytics',
  riskFailed: 'Unable to fetch risk assessment data. Please try again.',
  riskEmpty: 'No risk data available',
  competitiveFailedTitle: 'Failed to load competitive analysis',
  competitiveFailed: 'Unable to fetch market analytics. Please try again.',
  competitiveEmpty: 'No competitive data available',
  exportFailedTitle: 'Export Failed',
  exportFailed: 'Failed to generate report. Please try again.',
} as const;

/**
 * Spec 9: thousands as K and millions as M with one decimal (1234567 -> '1.2M'); billions, which
 * only market-wide figures reach, as B. Below a thousand the number with at most two decimals.
 * A value that would round to 1000 of one unit is shown in the next (999950 -> '1.0M').
 */
export function formatCompact(amount: number | string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '—';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const cents = Math.round(abs * 100) / 100;
  if (cents < 1000) return `${sign}${cents}`;
  for (const [size, suffix] of [
    [1e3, 'K'],
    [1e6, 'M'],
  ] as const) {
    const tenths = Math.round((abs / size) * 10);
    if (tenths < 10_000) return `${sign}${(tenths / 10).toFixed(1)}${suffix}`;
  }
  return `${sign}${(Math.round((abs / 1e9) * 10) / 10).toFixed(1)}B`;
}

/** Spec 9: percent change, 0 when the previous value is 0; rounded to 1 decimal. */
export function percentChange(value: number, previous: number): number {
  if (previous === 0) return 0;
  return Math.round(((value - previous) / Math.abs(previous)) * 1000) / 10;
}

/**
 * Spec 9: target progress capped at 100%, or null without a target (none is shown). A
 * lower-is-better metric (the refund rate) is on target at or below it, and short of it by the
 * ratio target / value above it.
 */
export function targetProgress(
  value: number,
  target: number | null,
  better: 'higher' | 'lower' = 'higher',
): number | null {
  if (target === null) return null;
  const [reached, needed] = better === 'lower' ? [target, value] : [value, target];
  if (needed <= 0) return 100;
  return Math.min(100, Math.round((reached / needed) * 1000) / 10);
}

const enumOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

/** Whether YYYY-MM-DD names a real calendar day (no 30 February). */
const isCalendarDay = (day: string): boolean => {
  const [year, month, date] = day.split('-').map(Number);
  const parsed = new Date(Date.UTC(year!, month! - 1, date!));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month! - 1 && parsed.getUTCDate() === date;
};

/** A calendar date (YYYY-MM-DD) or an ISO 8601 date-time. */
const dateFilter = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) =>
        (/^\d{4}-\d{2}-\d{2}$/.test(value) ||
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) &&
        isCalendarDay(value.slice(0, 10)) &&
        !Number.isNaN(Date.parse(value)),
      `${label} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`,
    );

// ---------------------------------------------------------------- transactions

/** GET /api/transactions query: filters, then newest first with an opaque cursor. */
export const transactionsQuerySchema = z
  .strictObject({
    type: enumOf(transactionTypes, 'Type').optional(),
    status: enumOf(transactionStatuses, 'Status').optional(),
    /** Inclusive lower bound of createdAt; a date means its start (UTC). */
    from: dateFilter('From').optional(),
    /** Inclusive upper bound of createdAt; a date means its whole day (UTC). */
    to: dateFilter('To').optional(),
    cursor: z.string().trim().max(200, 'Cursor is not valid').optional(),
    limit: z.coerce
      .number({ error: 'Limit must be a whole number from 1 to 100' })
      .int('Limit must be a whole number from 1 to 100')
      .min(1, 'Limit must be a whole number from 1 to 100')
      .max(100, 'Limit must be a whole number from 1 to 100')
      .optional()
      .default(20),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'From must not be after To',
    path: ['from'],
  });
export type TransactionsQuery = z.input<typeof transactionsQuerySchema>;

/** Spec 3 Transaction, as the read model holds it. */
export const transactionViewSchema = z.object({
  /** The read model's row id (uuid). */
  id: z.string(),
  /** The source's id: the integrations transaction id, the crypto charge or escrow id, the invoice id. */
  transactionId: z.string(),
  userId: z.string(),
  type: z.enum(transactionTypes),
  /** Decimal string in `currency`: 2 places for fiat, up to 6 for XRP. */
  amount: z.string(),
  currency: z.string(),
  /** The amount in USD (2 places) at the reference rate, null when there is no USD price (XRP). */
  amountUsd: z.string().nullable(),
  status: z.enum(transactionStatuses),
  riskLevel: z.enum(riskLevels),
  /** 0-100 AML score of the transaction (rules in docs/analytics.md). */
  riskScore: z.number().int(),
  /** The processor, POS system or provider that reported it (stripe, square, coinbase, xrpl...). */
  processor: z.string(),
  /** ISO 3166-1 alpha-2, null when unknown. */
  country: z.string().nullable(),
  /** True once the AML screening rules ran on it (every ingested transaction). */
  complianceChecked: z.boolean(),
  blockchainTxHash: z.string().nullable(),
  metadata: z.object({
    provider: z.string(),
    /** integrations, crypto, billing. */
    source: z.string(),
    paymentMethod: z.string().nullable().optional(),
    propertyId: z.string().nullable().optional(),
    bankTransfer: z.boolean().optional(),
    description: z.string().nullable().optional(),
  }),
  /** When it occurred at its source (ISO). */
  createdAt: z.string(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

export const transactionPageSchema = z.object({
  transactions: z.array(transactionViewSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

// ---------------------------------------------------------------- dashboard

/** GET /api/dashboard/stats (spec 3). */
export const dashboardStatsSchema = z.object({
  /** USD: all-time completed volume net of refunds, fiat + priced crypto + token. */
  totalPortfolio: z.number(),
  /** Distinct properties with a token transaction (0 until tokenization records any). */
  tokenizedProperties: z.number().int(),
  /** USD: completed volume of the current calendar month (UTC) minus that month's refunded volume. */
  monthlyVolume: z.number(),
  /**
   * AML risk out of 10, 1 decimal: twice the risk analytics overall score, at least 3.1 (medium)
   * while a screening record awaits review, so it never reads low beside a review.
   */
  riskScore: z.number(),
  riskLevel: z.enum(riskLevels),
  /** The AML screening records awaiting review (all of them): the same assessment as riskScore. */
  amlReviewsOpen: z.number().int(),
  /** The month monthlyVolume covers, YYYY-MM (UTC). */
  month: z.string(),
  currency: z.literal(reportingCurrency),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

// ---------------------------------------------------------------- blockchain status

export const networkStatuses = ['online', 'offline'] as const;
export type NetworkStatus = (typeof networkStatuses)[number];

const evmNetworkSchema = z.object({
  status: z.enum(networkStatuses),
  /** Gas price in gwei as a decimal string (eth_gasPrice), null when offline. */
  gasPrice: z.string().nullable(),
  /** Average seconds per block over the latest 10 blocks, null when offline. */
  blockTime: z.number().nullable(),
  latestBlock: z.number().int().nullable(),
  /** Timestamp of the latest block (ISO), null when offline. */
  latestBlockAt: z.string().nullable(),
  /** When the network was last asked (ISO). */
  checkedAt: z.string(),
});
export type EvmNetworkStatus = z.infer<typeof evmNetworkSchema>;

/** GET /api/blockchain/status (spec 3): read live from the configured endpoints, cached 15 s. */
export const blockchainStatusSchema = z.object({
  polygon: evmNetworkSchema,
  avalanche: evmNetworkSchema,
  xrp: z.object({
    status: z.enum(networkStatuses),
    /** rippled server_state (full, proposing...), null when offline. */
    serverState: z.string().nullable(),
    ledgerIndex: z.number().int().nullable(),
    /** Base transaction fee in XRP as a decimal string, null when offline. */
    baseFee: z.string().nullable(),
    checkedAt: z.string(),
  }),
});
export type BlockchainStatus = z.infer<typeof blockchainStatusSchema>;

// ---------------------------------------------------------------- chart and summary

export const chartRangeQuerySchema = z.strictObject({
  range: enumOf(chartRanges, 'Range').optional().default(defaultChartRange),
});
export type ChartRangeQuery = z.input<typeof chartRangeQuerySchema>;

/** GET /api/analytics/transaction-volume?range=: one point per UTC day, oldest first, every day present. */
export const transactionVolumeSchema = z.object({
  range: z.enum(chartRanges),
  currency: z.literal(reportingCurrency),
  points: z.array(
    z.object({
      /** YYYY-MM-DD (UTC). */
      date: z.string(),
      /** Completed USD volume of the day, per type. */
      fiat: z.number(),
      crypto: z.number(),
      token: z.number(),
    }),
  ),
});
export type TransactionVolume = z.infer<typeof transactionVolumeSchema>;

const breakdownRowSchema = z.object({
  key: z.string(),
  count: z.number().int(),
  /** USD volume of the row's transactions with a USD price, any status. */
  volume: z.number(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

/** GET /api/analytics/transaction-summary?range=: the Transaction Analytics screen. */
export const transactionSummarySchema = z.object({
  range: z.enum(chartRanges),
  currency: z.literal(reportingCurrency),
  totalCount: z.number().int(),
  /** Completed USD volume net of refunds in the range. */
  totalVolume: z.number(),
  /** Completed USD volume / completed count with a USD price; 0 when none. */
  averageTicket: z.number(),
  /** Percent of settled transactions (completed + refunded + failed) that completed or were refunded later. */
  successRate: z.number(),
  byStatus: z.array(breakdownRowSchema),
  byType: z.array(breakdownRowSchema),
  byPaymentMethod: z.array(breakdownRowSchema),
  byProcessor: z.array(breakdownRowSchema),
  byCountry: z.array(breakdownRowSchema),
});
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;

// ---------------------------------------------------------------- business metrics

export const businessMetricsQuerySchema = z.strictObject({
  period: enumOf(metricPeriods, 'Period').optional().default('monthly'),
});
export type BusinessMetricsQuery = z.input<typeof businessMetricsQuerySchema>;

export const metricUnits = ['USD', 'count', 'users', '%'] as const;
export const metricCategories = ['revenue', 'growth', 'operational', 'customer'] as const;

/** Spec 3 Business metric. value covers the current period so far, previousValue the one before. */
export const businessMetricSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: z.number(),
  previousValue: z.number(),
  /**
   * The merchant's own target for the metric, null when none is set (there is no way to set one
   * yet, so null): never derived from a formula or a placeholder, so no target bar is shown.
   */
  target: z.number().nullable(),
  /** Where the target comes from, null without one. */
  targetBasis: z.string().nullable(),
  /** Whether a higher value is the better one (revenue) or a lower one (the refund rate). */
  better: z.enum(['higher', 'lower']),
  unit: z.enum(metricUnits),
  changeType: z.enum(['increase', 'decrease']),
  /** Percent change from previousValue, 0 when previousValue is 0. */
  changePercent: z.number(),
  category: z.enum(metricCategories),
});
export type BusinessMetric = z.infer<typeof businessMetricSchema>;

/** Grouped by period key (spec 3); all three keys are always present. */
export const businessMetricsSchema = z.object({
  daily: z.array(businessMetricSchema),
  weekly: z.array(businessMetricSchema),
  monthly: z.array(businessMetricSchema),
  currency: z.literal(reportingCurrency),
});
export type BusinessMetrics = z.infer<typeof businessMetricsSchema>;

// ---------------------------------------------------------------- cash flow

export const cashFlowQuerySchema = z.strictObject({
  period: enumOf(cashFlowPeriods, 'Period').optional().default('monthly'),
});
export type CashFlowQuery = z.input<typeof cashFlowQuerySchema>;

/** Spec 3 Cash flow period, USD. */
export const cashFlowPeriodSchema = z.object({
  /** 2026-11, 2026-Q4 or 2026. */
  period: z.string(),
  /** First day and last day of the period (YYYY-MM-DD, UTC). */
  start: z.string(),
  end: z.string(),
  inflow: z.number(),
  outflow: z.number(),
  netFlow: z.number(),
  operatingCashFlow: z.number(),
  investingCashFlow: z.number(),
  financingCashFlow: z.number(),
  categories: z.object({
    /** Completed sales received (fiat + priced crypto). */
    revenue: z.number(),
    /** Refunds paid back to customers. */
    operations: z.number(),
    /** Platform subscription invoices paid, net of their refunds. */
    expenses: z.number(),
  }),
});
export type CashFlowPeriod = z.infer<typeof cashFlowPeriodSchema>;

/** Oldest first: the last 12 months, 8 quarters or 5 years, from the first with activity; empty when none. */
export const cashFlowSchema = z.object({
  period: z.enum(cashFlowPeriods),
  currency: z.literal(reportingCurrency),
  periods: z.array(cashFlowPeriodSchema),
});
export type CashFlow = z.infer<typeof cashFlowSchema>;

// ---------------------------------------------------------------- customer segmentation

export const customerSegmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  tier: z.enum(['premium', 'standard', 'other']),
  count: z.number().int(),
  /** Share of totalCustomers, 1 decimal. */
  percentage: z.number(),
  /** Average completed spend per customer of the segment (all time, net of refunds), USD. */
  averageValue: z.number(),
  /** Percent change of the segment's spend, last 30 days vs the 30 before (0 when none before). */
  growthRate: z.number(),
  color: z.string(),
  characteristics: z.array(z.string()),
});
export type CustomerSegment = z.infer<typeof customerSegmentSchema>;

/** GET /api/analytics/customer-segmentation: customers identified on transactions, ranked by completed spend. */
export const customerSegmentationSchema = z.object({
  totalCustomers: z.number().int(),
  segments: z.array(customerSegmentSchema),
  currency: z.literal(reportingCurrency),
});
export type CustomerSegmentation = z.infer<typeof customerSegmentationSchema>;

// ---------------------------------------------------------------- risk

export const riskMetricSchema = z.object({
  id: z.string(),
  name: z.string(),
  level: z.enum(['low', 'medium', 'high']),
  /** Out of 5.0, 1 decimal. */
  score: z.number(),
  description: z.string(),
  impact: z.string(),
  mitigation: z.string(),
});
export type RiskMetric = z.infer<typeof riskMetricSchema>;

export const riskAlertSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  severity: z.enum(['critical', 'high', 'medium', 'low']),
  status: z.enum(['active', 'investigating', 'resolved']),
  timestamp: z.string(),
});
export type RiskAlert = z.infer<typeof riskAlertSchema>;

/** GET /api/analytics/risk (spec 3). */
export const riskAnalyticsSchema = z.object({
  /** Out of 5.0, 1 decimal: the mean of the riskMetrics scores. */
  overallRiskScore: z.number(),
  complianceStatus: z.object({
    amlCompliance: z.number(),
    kycCompliance: z.number(),
    regulatoryCompliance: z.number(),
  }),
  riskMetrics: z.array(riskMetricSchema),
  activeAlerts: z.array(riskAlertSchema),
});
export type RiskAnalytics = z.infer<typeof riskAnalyticsSchema>;

// ---------------------------------------------------------------- competitive

export const competitiveQuerySchema = z.strictObject({
  timeframe: enumOf(competitiveTimeframes, 'Timeframe').optional().default(defaultCompetitiveTimeframe),
});
export type CompetitiveQuery = z.input<typeof competitiveQuerySchema>;

export const competitorSchema = z.object({
  id: z.string(),
  name: z.string(),
  marketPosition: z.enum(['leader', 'challenger', 'follower', 'niche']),
  threatLevel: z.enum(['high', 'medium', 'low']),
  /** Percent of the reference market, 2 decimals. */
  marketShare: z.number(),
  /** Percentage points vs the previous reported year. */
  marketShareChange: z.number(),
  /** Payment volume of the reported year, USD. */
  paymentVolume: z.number(),
  /** Company revenue of the reported year, USD; null when the company does not publish it. */
  revenue: z.number().nullable(),
  /** Percent vs the previous reported year; null when not published. */
  revenueChange: z.number().nullable(),
  /** Customers as the company counts them (customersBasis); null when not published. */
  customers: z.number().nullable(),
  customerChange: z.number().nullable(),
  customersBasis: z.string().nullable(),
  strengths: z.array(z.string()),
  weaknesses: z.array(z.string()),
  /** The ids (in `sources`) the competitor's figures come from. */
  sourceIds: z.array(z.string()),
});
export type Competitor = z.infer<typeof competitorSchema>;

/** GET /api/analytics/competitive?timeframe=: curated public market data placed against the merchant's own figures. */
export const competitiveAnalysisSchema = z.object({
  timeframe: z.enum(competitiveTimeframes),
  marketOverview: z.object({
    /** USD per year: the listed competitors' payment volume plus the merchant's annualised volume. */
    totalMarketSize: z.number(),
    /** The merchant's rank by payment volume among the listed competitors plus itself. */
    marketRank: z.number().int(),
    /** The merchant's annualised volume as a percent of the reference market, up to 6 decimals. */
    marketShare: z.number(),
    /** Percentage points vs the timeframe before. */
    marketShareChange: z.number(),
    /** Percent: the listed competitors' payment volume growth over their previous reported year. */
    marketGrowthRate: z.number(),
  }),
  /** The merchant's own figures over the timeframe (from its transactions). */
  merchant: z.object({
    revenue: z.number(),
    annualisedRevenue: z.number(),
    revenueChange: z.number(),
    customers: z.number().int(),
    customerChange: z.number(),
  }),
  competitors: z.array(competitorSchema),
  /** Always true: market and competitor figures are curated reference data, not live. */
  curated: z.literal(true),
  label: z.string(),
  /** What the figures are (fiscal years, which volume measure). */
  basis: z.string(),
  asOf: z.string(),
  sources: z.array(
    z.object({ id: z.string(), title: z.string(), publisher: z.string(), url: z.string(), year: z.number().int() }),
  ),
  currency: z.literal(reportingCurrency),
});
export type CompetitiveAnalysis = z.infer<typeof competitiveAnalysisSchema>;

// ---------------------------------------------------------------- compliance records

/** Spec 3 Compliance record: created by the AML screening of the user's transactions. */
export const complianceRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** "platform-aml-rules": the service's own rule set (docs/analytics.md). */
  provider: z.string(),
  /** aml_screening. */
  recordType: z.string(),
  /** large_transaction, enhanced_due_diligence, travel_rule, structuring. */
  type: z.string(),
  /** review (needs a person) or cleared. */
  status: z.string(),
  /** 0-100, the transaction's score. */
  riskScore: z.number().int(),
  /** Not collected by the screening: always false. */
  gdprConsent: z.boolean(),
  complianceChecked: z.boolean(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type ComplianceRecord = z.infer<typeof complianceRecordSchema>;

export const complianceRecordsQuerySchema = z.strictObject({
  cursor: z.string().trim().max(200, 'Cursor is not valid').optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a whole number from 1 to 100' })
    .int('Limit must be a whole number from 1 to 100')
    .min(1, 'Limit must be a whole number from 1 to 100')
    .max(100, 'Limit must be a whole number from 1 to 100')
    .optional()
    .default(50),
});
export type ComplianceRecordsQuery = z.input<typeof complianceRecordsQuerySchema>;

export const complianceRecordPageSchema = z.object({
  records: z.array(complianceRecordSchema),
  nextCursor: z.string().nullable(),
});
export type ComplianceRecordPage = z.infer<typeof complianceRecordPageSchema>;

// ---------------------------------------------------------------- page views and custom events

/** POST /api/analytics/events: page views and custom events from the web app (session optional). */
export const analyticsEventRequestSchema = z.strictObject({
  /** "page_view" or a custom event name: letters, digits, _ . : - */
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(64, 'Name must be at most 64 characters')
    .regex(/^[A-Za-z][\w.:-]*$/, 'Name must start with a letter and use only letters, digits, _ . : -'),
  /** The page path, e.g. /analytics/cash-flow. */
  path: z
    .string({ error: 'Path is required' })
    .trim()
    .min(1, 'Path is required')
    .max(500, 'Path must be at most 500 characters')
    .regex(/^\//, 'Path must start with /'),
  referrer: z.string().trim().max(500, 'Referrer must be at most 500 characters').optional(),
  /** Up to 20 flat properties (string, number, boolean), 2 KB in all. */
  properties: z
    .record(
      z.string().max(64, 'Property names must be at most 64 characters'),
      z.union([z.string().max(200), z.number(), z.boolean()]),
    )
    .refine((value) => Object.keys(value).length <= 20, 'At most 20 properties')
    .refine((value) => JSON.stringify(value).length <= 2048, 'Properties must be at most 2 KB')
    .optional(),
});
export type AnalyticsEventRequest = z.input<typeof analyticsEventRequestSchema>;

export const analyticsEventAcceptedSchema = z.object({ accepted: z.literal(true), id: z.string() });
export type AnalyticsEventAccepted = z.infer<typeof analyticsEventAcceptedSchema>;
