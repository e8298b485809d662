// Generated from docs/openapi.json by scripts/api/sdk.mjs: do not edit (`make openapi` rewrites it).
import type { BinaryAnswer, Transport } from './client';

/** GET /api/user/profile: input of `getProfile`. */
export type GetProfileInput = Record<string, never>;
/** GET /api/user/profile: the 200 answer. */
export type GetProfileResult = GetProfileResponse;

/** PUT /api/user/profile: input of `updateProfile`. */
export interface UpdateProfileInput {
  body: UpdateProfileRequest;
}
/** PUT /api/user/profile: the 200 answer. */
export type UpdateProfileResult = GetProfileResponse;

/** GET /api/billing/subscription: input of `getSubscription`. */
export type GetSubscriptionInput = Record<string, never>;
/** GET /api/billing/subscription: the 200 answer. */
export type GetSubscriptionResult = CurrentSubscription;

/** GET /api/billing/payments: input of `listBillingPayments`. */
export type ListBillingPaymentsInput = Record<string, never>;
/** GET /api/billing/payments: the 200 answer. */
export type ListBillingPaymentsResult = BillingPaymentsResponse;

/** GET /api/integrations/payment-processors: input of `listPaymentProcessors`. */
export type ListPaymentProcessorsInput = Record<string, never>;
/** GET /api/integrations/payment-processors: the 200 answer. */
export type ListPaymentProcessorsResult = ListPaymentProcessorsResponse;

/** POST /api/integrations/payment-processors: input of `createPaymentProcessor`. */
export interface CreatePaymentProcessorInput {
  body: CreateProcessorRequest;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/integrations/payment-processors: the 201 answer. */
export type CreatePaymentProcessorResult = CreatedProcessor;

/** PUT /api/integrations/payment-processors/{id}: input of `updatePaymentProcessor`. */
export interface UpdatePaymentProcessorInput {
  id: string;
  body: UpdateProcessorRequest;
}
/** PUT /api/integrations/payment-processors/{id}: the 200 answer. */
export type UpdatePaymentProcessorResult = ProcessorView;

/** GET /api/integrations/pos-systems: input of `listPosSystems`. */
export type ListPosSystemsInput = Record<string, never>;
/** GET /api/integrations/pos-systems: the 200 answer. */
export type ListPosSystemsResult = ListPosSystemsResponse;

/** POST /api/integrations/pos-systems: input of `createPosSystem`. */
export interface CreatePosSystemInput {
  body: CreatePosRequest;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/integrations/pos-systems: the 201 answer. */
export type CreatePosSystemResult = CreatedPos;

/** GET /api/integrations/analytics: input of `getIntegrationsAnalytics`. */
export type GetIntegrationsAnalyticsInput = Record<string, never>;
/** GET /api/integrations/analytics: the 200 answer. */
export type GetIntegrationsAnalyticsResult = IntegrationsAnalytics;

/** POST /api/integrations/webhooks/{id}/sample: input of `sendIntegrationSampleDelivery`. */
export interface SendIntegrationSampleDeliveryInput {
  id: string;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/integrations/webhooks/{id}/sample: the 200 answer. */
export type SendIntegrationSampleDeliveryResult = SampleDeliveryResponse;

/** GET /api/integrations/transactions: input of `listIntegrationTransactions`. */
export interface ListIntegrationTransactionsInput {
  query?: {
    integrationId?: string;
    limit?: number;
  };
}
/** GET /api/integrations/transactions: the 200 answer. */
export type ListIntegrationTransactionsResult = ListIntegrationTransactionsResponse;

/** GET /api/integrations/transactions/{id}: input of `getIntegrationTransaction`. */
export interface GetIntegrationTransactionInput {
  id: string;
}
/** GET /api/integrations/transactions/{id}: the 200 answer. */
export type GetIntegrationTransactionResult = IntegrationTransactionDetail;

/** GET /api/developer/webhooks: input of `listWebhookEndpoints`. */
export type ListWebhookEndpointsInput = Record<string, never>;
/** GET /api/developer/webhooks: the 200 answer. */
export type ListWebhookEndpointsResult = ListWebhookEndpointsResponse;

/** POST /api/developer/webhooks: input of `createWebhookEndpoint`. */
export interface CreateWebhookEndpointInput {
  body: CreateWebhookEndpointRequest;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/developer/webhooks: the 201 answer. */
export type CreateWebhookEndpointResult = WebhookEndpointWithSecret;

/** PUT /api/developer/webhooks/{id}: input of `updateWebhookEndpoint`. */
export interface UpdateWebhookEndpointInput {
  id: string;
  body: UpdateWebhookEndpointRequest;
}
/** PUT /api/developer/webhooks/{id}: the 200 answer. */
export type UpdateWebhookEndpointResult = WebhookEndpointView;

/** DELETE /api/developer/webhooks/{id}: input of `deleteWebhookEndpoint`. */
export interface DeleteWebhookEndpointInput {
  id: string;
}
/** DELETE /api/developer/webhooks/{id}: the 204 answer. */
export type DeleteWebhookEndpointResult = void;

/** POST /api/developer/webhooks/{id}/rotate-secret: input of `rotateWebhookSecret`. */
export interface RotateWebhookSecretInput {
  id: string;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/developer/webhooks/{id}/rotate-secret: the 200 answer. */
export type RotateWebhookSecretResult = WebhookEndpointWithSecret;

/** GET /api/developer/webhooks/{id}/deliveries: input of `listWebhookDeliveries`. */
export interface ListWebhookDeliveriesInput {
  id: string;
  query?: {
    limit?: number;
  };
}
/** GET /api/developer/webhooks/{id}/deliveries: the 200 answer. */
export type ListWebhookDeliveriesResult = ListWebhookDeliveriesResponse;

/** POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/resend: input of `resendWebhookDelivery`. */
export interface ResendWebhookDeliveryInput {
  id: string;
  deliveryId: string;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/resend: the 202 answer. */
export type ResendWebhookDeliveryResult = WebhookDeliveryView;

/** POST /api/developer/webhooks/{id}/test: input of `sendWebhookTestEvent`. */
export interface SendWebhookTestEventInput {
  id: string;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/developer/webhooks/{id}/test: the 202 answer. */
export type SendWebhookTestEventResult = WebhookDeliveryView;

/** GET /api/dashboard/stats: input of `getDashboardStats`. */
export type GetDashboardStatsInput = Record<string, never>;
/** GET /api/dashboard/stats: the 200 answer. */
export type GetDashboardStatsResult = DashboardStats;

/** GET /api/transactions: input of `listTransactions`. */
export interface ListTransactionsInput {
  query?: {
    type?: 'crypto' | 'token' | 'fiat';
    status?: 'pending' | 'completed' | 'failed' | 'refunded' | 'cancelled';
    from?: string;
    to?: string;
    cursor?: string;
    limit?: number;
  };
}
/** GET /api/transactions: the 200 answer. */
export type ListTransactionsResult = TransactionPage;

/** GET /api/blockchain/status: input of `getBlockchainStatus`. */
export type GetBlockchainStatusInput = Record<string, never>;
/** GET /api/blockchain/status: the 200 answer. */
export type GetBlockchainStatusResult = BlockchainStatus;

/** GET /api/compliance/records: input of `listComplianceRecords`. */
export interface ListComplianceRecordsInput {
  query?: {
    cursor?: string;
    limit?: number;
  };
}
/** GET /api/compliance/records: the 200 answer. */
export type ListComplianceRecordsResult = ComplianceRecordPage;

/** GET /api/analytics/business-metrics: input of `getBusinessMetrics`. */
export interface GetBusinessMetricsInput {
  query?: {
    period?: 'daily' | 'weekly' | 'monthly';
  };
}
/** GET /api/analytics/business-metrics: the 200 answer. */
export type GetBusinessMetricsResult = BusinessMetrics;

/** GET /api/analytics/cash-flow: input of `getCashFlow`. */
export interface GetCashFlowInput {
  query?: {
    period?: 'monthly' | 'quarterly' | 'yearly';
  };
}
/** GET /api/analytics/cash-flow: the 200 answer. */
export type GetCashFlowResult = CashFlow;

/** GET /api/analytics/customer-segmentation: input of `getCustomerSegmentation`. */
export type GetCustomerSegmentationInput = Record<string, never>;
/** GET /api/analytics/customer-segmentation: the 200 answer. */
export type GetCustomerSegmentationResult = CustomerSegmentation;

/** GET /api/analytics/risk: input of `getRiskAnalytics`. */
export type GetRiskAnalyticsInput = Record<string, never>;
/** GET /api/analytics/risk: the 200 answer. */
export type GetRiskAnalyticsResult = RiskAnalytics;

/** GET /api/analytics/competitive: input of `getCompetitiveAnalysis`. */
export interface GetCompetitiveAnalysisInput {
  query?: {
    timeframe?: '3m' | '6m' | '12m' | '24m';
  };
}
/** GET /api/analytics/competitive: the 200 answer. */
export type GetCompetitiveAnalysisResult = CompetitiveAnalysis;

/** GET /api/analytics/transaction-volume: input of `getTransactionVolume`. */
export interface GetTransactionVolumeInput {
  query?: {
    range?: '7d' | '30d' | '90d';
  };
}
/** GET /api/analytics/transaction-volume: the 200 answer. */
export type GetTransactionVolumeResult = TransactionVolume;

/** GET /api/analytics/transaction-summary: input of `getTransactionSummary`. */
export interface GetTransactionSummaryInput {
  query?: {
    range?: '7d' | '30d' | '90d';
  };
}
/** GET /api/analytics/transaction-summary: the 200 answer. */
export type GetTransactionSummaryResult = TransactionSummary;

/** POST /api/crypto/coinbase/charge: input of `createCoinbaseCharge`. */
export interface CreateCoinbaseChargeInput {
  body: CreateChargeRequest;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/crypto/coinbase/charge: the 201 answer. */
export type CreateCoinbaseChargeResult = Charge;

/** POST /api/crypto/coinbase/subscription-charge: input of `createSubscriptionCharge`. */
export interface CreateSubscriptionChargeInput {
  body: CreateSubscriptionChargeRequest;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/crypto/coinbase/subscription-charge: the 201 answer. */
export type CreateSubscriptionChargeResult = Charge;

/** GET /api/crypto/coinbase/charge/{id}: input of `getCoinbaseCharge`. */
export interface GetCoinbaseChargeInput {
  id: string;
}
/** GET /api/crypto/coinbase/charge/{id}: the 200 answer. */
export type GetCoinbaseChargeResult = Charge;

/** POST /api/crypto/xrp/wallet/generate: input of `generateXrpWallet`. */
export interface GenerateXrpWalletInput {
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/crypto/xrp/wallet/generate: the 201 answer. */
export type GenerateXrpWalletResult = XrpWallet;

/** POST /api/crypto/xrp/condition: input of `createEscrowCondition`. */
export interface CreateEscrowConditionInput {
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/crypto/xrp/condition: the 201 answer. */
export type CreateEscrowConditionResult = EscrowCondition;

/** POST /api/crypto/xrp/escrow/create: input of `createXrpEscrow`. */
export interface CreateXrpEscrowInput {
  body: CreateEscrowRequest;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/crypto/xrp/escrow/create: the 201 answer. */
export type CreateXrpEscrowResult = Escrow;

/** POST /api/crypto/xrp/escrow/finish: input of `finishXrpEscrow`. */
export interface FinishXrpEscrowInput {
  body: FinishEscrowRequest;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/crypto/xrp/escrow/finish: the 200 answer. */
export type FinishXrpEscrowResult = EscrowActionResult;

/** POST /api/crypto/xrp/escrow/cancel: input of `cancelXrpEscrow`. */
export interface CancelXrpEscrowInput {
  body: CancelEscrowRequest;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/crypto/xrp/escrow/cancel: the 200 answer. */
export type CancelXrpEscrowResult = EscrowActionResult;

/** GET /api/crypto/xrp/escrows: input of `listMyXrpEscrows`. */
export type ListMyXrpEscrowsInput = Record<string, never>;
/** GET /api/crypto/xrp/escrows: the 200 answer. */
export type ListMyXrpEscrowsResult = MyEscrows;

/** GET /api/crypto/xrp/escrows/{address}: input of `listLedgerXrpEscrows`. */
export interface ListLedgerXrpEscrowsInput {
  address: string;
}
/** GET /api/crypto/xrp/escrows/{address}: the 200 answer. */
export type ListLedgerXrpEscrowsResult = EscrowList;

/** GET /api/crypto/xrp/account/{address}: input of `getXrpAccount`. */
export interface GetXrpAccountInput {
  address: string;
}
/** GET /api/crypto/xrp/account/{address}: the 200 answer. */
export type GetXrpAccountResult = XrpAccount;

/** POST /api/crypto/xrp/payment: input of `sendXrpPayment`. */
export interface SendXrpPaymentInput {
  body: XrpPaymentRequest;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/crypto/xrp/payment: the 200 answer. */
export type SendXrpPaymentResult = XrpPaymentResult;

/** POST /api/reports/generate: input of `generateReport`. */
export interface GenerateReportInput {
  body: GenerateReportRequest;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/reports/generate: the 201 answer. */
export type GenerateReportResult = Report;

/** GET /api/reports: input of `listReports`. */
export type ListReportsInput = Record<string, never>;
/** GET /api/reports: the 200 answer. */
export type ListReportsResult = ReportList;

/** GET /api/reports/{id}: input of `getReport`. */
export interface GetReportInput {
  id: string;
}
/** GET /api/reports/{id}: the 200 answer. */
export type GetReportResult = Report;

/** GET /api/reports/download/{id}: input of `downloadReport`. */
export interface DownloadReportInput {
  id: string;
  query?: {
    format?: 'pdf' | 'csv';
  };
}
/** GET /api/reports/download/{id}: the 200 answer (application/pdf: its bytes and content type). */
export type DownloadReportResult = BinaryAnswer;

/** POST /api/reports/analyze: input of `analyzeReport`. */
export interface AnalyzeReportInput {
  body: AnalyzeReportRequest;
  /** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */
  idempotencyKey?: string;
}
/** POST /api/reports/analyze: the 200 answer. */
export type AnalyzeReportResult = ReportAnalysis;

/** GET /api/tokenization/eligibility: input of `getTokenizationEligibility`. */
export type GetTokenizationEligibilityInput = Record<string, never>;
/** GET /api/tokenization/eligibility: the 200 answer. */
export type GetTokenizationEligibilityResult = TokenizationEligibility;

/** GET /api/tokenization/properties: input of `listProperties`. */
export type ListPropertiesInput = Record<string, never>;
/** GET /api/tokenization/properties: the 200 answer. */
export type ListPropertiesResult = PropertyList;

/** GET /api/tokenization/properties/{id}: input of `getProperty`. */
export interface GetPropertyInput {
  id: string;
}
/** GET /api/tokenization/properties/{id}: the 200 answer. */
export type GetPropertyResult = PropertyView;

/** GET /api/tokenization/properties/{id}/documents/{documentId}: input of `downloadPropertyDocument`. */
export interface DownloadPropertyDocumentInput {
  id: string;
  documentId: string;
}
/** GET /api/tokenization/properties/{id}/documents/{documentId}: the 200 answer (application/octet-stream: its bytes and content type). */
export type DownloadPropertyDocumentResult = BinaryAnswer;

/** GET /api/tokenization/chains: input of `getTokenChains`. */
export type GetTokenChainsInput = Record<string, never>;
/** GET /api/tokenization/chains: the 200 answer. */
export type GetTokenChainsResult = TokenChainStatusList;

/** GET /api/tokenization/summary: input of `getTokenizationSummary`. */
export type GetTokenizationSummaryInput = Record<string, never>;
/** GET /api/tokenization/summary: the 200 answer. */
export type GetTokenizationSummaryResult = TokenizationSummary;

/** GET /api/tokenization/wholesale-declaration: input of `getWholesaleDeclaration`. */
export type GetWholesaleDeclarationInput = Record<string, never>;
/** GET /api/tokenization/wholesale-declaration: the 200 answer. */
export type GetWholesaleDeclarationResult = WholesaleDeclarationView;

/** GET /api/tokenization/investments: input of `listInvestments`. */
export type ListInvestmentsInput = Record<string, never>;
/** GET /api/tokenization/investments: the 200 answer. */
export type ListInvestmentsResult = InvestmentList;

/** GET /api/tokenization/investments/{id}: input of `getInvestment`. */
export interface GetInvestmentInput {
  id: string;
}
/** GET /api/tokenization/investments/{id}: the 200 answer. */
export type GetInvestmentResult = InvestmentView;

/** A webhook delivery's body, by its `type` (what `verifyWebhook` returns once the signature is checked). */
export type WebhookEvent =
  | TransactionRecordedEvent
  | TransactionUpdatedEvent
  | ChargeCompletedEvent
  | ChargeFailedEvent
  | EscrowFinishedEvent
  | EscrowCancelledEvent
  | SubscriptionChangedEvent
  | PayoutPaidEvent
  | WebhookTestEvent;
/** The event types the platform sends. */
export type WebhookEventType = WebhookEvent['type'];

export type AnalyzeReportRequest = {
  reportData: {
    id: string;
    [key: string]: unknown;
  };
};
export type BillingPayment = {
  id: string;
  method: 'card' | 'crypto';
  description: string;
  amount: string;
  currency: string;
  status: 'paid' | 'refunded' | 'partially_refunded' | 'failed' | 'pending';
  paidAt: string;
  reference: string;
};
export type BillingPaymentsResponse = {
  payments: BillingPayment[];
};
export type BlockchainStatus = {
  polygon: {
    status: 'online' | 'offline';
    gasPrice: string | null;
    blockTime: number | null;
    latestBlock: number | null;
    latestBlockAt: string | null;
    checkedAt: string;
  };
  avalanche: {
    status: 'online' | 'offline';
    gasPrice: string | null;
    blockTime: number | null;
    latestBlock: number | null;
    latestBlockAt: string | null;
    checkedAt: string;
  };
  xrp: {
    status: 'online' | 'offline';
    serverState: string | null;
    ledgerIndex: number | null;
    baseFee: string | null;
    checkedAt: string;
  };
};
export type BusinessMetric = {
  id: string;
  name: string;
  value: number;
  previousValue: number;
  target: number | null;
  targetBasis: string | null;
  better: 'higher' | 'lower';
  unit: 'USD' | 'count' | 'users' | '%';
  changeType: 'increase' | 'decrease';
  changePercent: number;
  category: 'revenue' | 'growth' | 'operational' | 'customer';
};
export type BusinessMetrics = {
  daily: BusinessMetric[];
  weekly: BusinessMetric[];
  monthly: BusinessMetric[];
  currency: 'USD';
};
export type CancelEscrowRequest = {
  senderSeed: string;
  owner: string;
  offerSequence: number;
};
export type CashFlow = {
  period: 'monthly' | 'quarterly' | 'yearly';
  currency: 'USD';
  periods: CashFlowPeriod[];
};
export type CashFlowPeriod = {
  period: string;
  start: string;
  end: string;
  inflow: number;
  outflow: number;
  netFlow: number;
  operatingCashFlow: number;
  investingCashFlow: number;
  financingCashFlow: number;
  categories: {
    revenue: number;
    operations: number;
    expenses: number;
  };
};
export type Charge = {
  id: string;
  providerChargeId: string;
  code: string;
  hostedUrl: string;
  addresses: {
    [key: string]: string;
  };
  status: string;
  state: 'pending' | 'processing' | 'completed' | 'failed';
  amount: string;
  currency: string;
  description: string;
  preferredCurrency: string | null;
  createdAt: string;
  expiresAt: string | null;
  completedAt: string | null;
};
export type ChargeCompletedEvent = {
  id: string;
  type: 'charge.completed';
  createdAt: string;
  data: ChargeEventData;
};
export type ChargeEventData = {
  chargeId: string;
  providerChargeId: string;
  code: string;
  provider: string;
  amount: string;
  currency: string;
  cryptoCurrency: string | null;
  status: string;
  occurredAt: string | null;
};
export type ChargeFailedEvent = {
  id: string;
  type: 'charge.failed';
  createdAt: string;
  data: ChargeEventData;
};
export type CompetitiveAnalysis = {
  timeframe: '3m' | '6m' | '12m' | '24m';
  marketOverview: {
    totalMarketSize: number;
    marketRank: number;
    marketShare: number;
    marketShareChange: number;
    marketGrowthRate: number;
  };
  merchant: {
    revenue: number;
    annualisedRevenue: number;
    revenueChange: number;
    customers: number;
    customerChange: number;
  };
  competitors: Competitor[];
  curated: true;
  label: string;
  basis: string;
  asOf: string;
  sources: {
    id: string;
    title: string;
    publisher: string;
    url: string;
    year: number;
  }[];
  currency: 'USD';
};
export type Competitor = {
  id: string;
  name: string;
  marketPosition: 'leader' | 'challenger' | 'follower' | 'niche';
  threatLevel: 'high' | 'medium' | 'low';
  marketShare: number;
  marketShareChange: number;
  paymentVolume: number;
  revenue: number | null;
  revenueChange: number | null;
  customers: number | null;
  customerChange: number | null;
  customersBasis: string | null;
  strengths: string[];
  weaknesses: string[];
  sourceIds: string[];
};
export type ComplianceCheckView = {
  id: 'title' | 'valuation' | 'insurance' | 'aml' | 'kyc' | 'jurisdiction';
  name: string;
  description: string;
  status: 'pending' | 'running' | 'passed' | 'warning' | 'failed';
  provider: string;
  result: string | null;
};
export type ComplianceExceptionView = {
  runId: string;
  approvedBy: string;
  reason: string;
  approvedAt: string;
};
export type ComplianceRecord = {
  id: string;
  userId: string;
  provider: string;
  recordType: string;
  type: string;
  status: string;
  riskScore: number;
  gdprConsent: boolean;
  complianceChecked: boolean;
  data: {
    [key: string]: unknown;
  };
  createdAt: string;
};
export type ComplianceRecordPage = {
  records: ComplianceRecord[];
  nextCursor: string | null;
};
export type ComplianceRunView = {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  progress: number;
  checks: ComplianceCheckView[];
  riskScore: number | null;
  overallStatus: ('passed' | 'warning' | 'failed') | null;
  startedAt: string;
  completedAt: string | null;
};
export type CreateChargeRequest = {
  amount: number | string;
  currency?: string;
  description?: string;
  metadata?: {
    preferredCurrency?: 'BTC' | 'ETH' | 'MATIC' | 'XRP' | 'USDC';
    [key: string]: unknown;
  };
};
export type CreatedPos = {
  id: string;
  isActive: boolean;
  configuration: {
    [key: string]: unknown;
  };
  lastSync: string | null;
  lastSyncError: string | null;
  createdAt: string;
  ingestUrl: string;
  signingSecretHint: string;
  posSystem: 'square' | 'clover' | 'shopify' | 'lightspeed' | 'toast';
  posName: string;
  apiKey: string;
  locationId: string | null;
  syncFrequency: 'realtime' | 'hourly' | 'daily';
  signingSecret: string;
};
export type CreatedProcessor = {
  id: string;
  isActive: boolean;
  configuration: {
    [key: string]: unknown;
  };
  lastSync: string | null;
  lastSyncError: string | null;
  createdAt: string;
  ingestUrl: string;
  signingSecretHint: string;
  processorType: 'stripe' | 'paypal' | 'square' | 'clover' | 'shopify';
  processorName: string;
  apiKey: string;
  apiSecret: string | null;
  webhookUrl: string | null;
  signingSecret: string;
};
export type CreateEscrowRequest = {
  senderSeed: string;
  destinationAddress: string;
  amount: number | string;
  finishAfterSeconds: number;
  cancelAfterSeconds: number;
  condition?: string;
  destinationTag?: number;
  propertyId?: string;
};
export type CreatePosRequest = {
  posSystem: 'square' | 'clover' | 'shopify' | 'lightspeed' | 'toast';
  posName?: string;
  apiKey: string;
  locationId?: string;
  syncFrequency?: 'realtime' | 'hourly' | 'daily';
};
export type CreateProcessorRequest = {
  processorType: 'stripe' | 'paypal' | 'square' | 'clover' | 'shopify';
  processorName?: string;
  apiKey: string;
  apiSecret?: string;
  webhookUrl?: string;
};
export type CreateSubscriptionChargeRequest = {
  planId: 'growth' | 'pro';
  billingCycle: 'monthly' | 'annual';
  preferredCurrency?: 'BTC' | 'ETH' | 'MATIC' | 'XRP' | 'USDC';
};
export type CreateWebhookEndpointRequest = {
  url: string;
  eventTypes: (
    | 'transaction.recorded'
    | 'transaction.updated'
    | 'charge.completed'
    | 'charge.failed'
    | 'escrow.finished'
    | 'escrow.cancelled'
    | 'subscription.changed'
    | 'payout.paid'
  )[];
};
export type CurrentSubscription = {
  planId: 'starter' | 'growth' | 'pro';
  planName: string;
  billingCycle: ('monthly' | 'annual') | null;
  status:
    | 'none'
    | 'incomplete'
    | 'incomplete_expired'
    | 'trialing'
    | 'active'
    | 'past_due'
    | 'canceled'
    | 'unpaid'
    | 'paused';
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
};
export type CustomerSegment = {
  id: string;
  name: string;
  tier: 'premium' | 'standard' | 'other';
  count: number;
  percentage: number;
  averageValue: number;
  growthRate: number;
  color: string;
  characteristics: string[];
};
export type CustomerSegmentation = {
  totalCustomers: number;
  segments: CustomerSegment[];
  currency: 'USD';
};
export type DashboardStats = {
  totalPortfolio: number;
  tokenizedProperties: number;
  monthlyVolume: number;
  riskScore: number;
  riskLevel: 'low' | 'medium' | 'high';
  amlReviewsOpen: number;
  month: string;
  currency: 'USD';
};
export type DeployedContractConfig = {
  tokenName: string;
  tokenSymbol: string;
  totalSupply: number;
  decimals: number;
  lockupPeriod: number;
  transferRestrictions: boolean;
  dividendDistribution: boolean;
  governance: boolean;
  complianceOracle: string;
  blockchain: 'polygon' | 'ethereum' | 'algorand';
  gasLimit: number;
};
export type DeploymentBlocker = {
  condition: 'compliance' | 'kyc' | 'plan';
  message: string;
};
export type Escrow = {
  id: string;
  account: string;
  destination: string;
  amount: string;
  sequence: number;
  finishAfter: number;
  cancelAfter: number;
  finishAfterIso: string;
  cancelAfterIso: string;
  condition: string | null;
  destinationTag: number | null;
  hash: string;
  status: 'created' | 'finished' | 'cancelled' | 'unknown';
  closingHash: string | null;
  closedReason: string | null;
  createdAt: string;
};
export type EscrowActionResult = {
  hash: string;
  result: string;
  ledgerIndex: number | null;
  escrow: Escrow | null;
};
export type EscrowCancelledEvent = {
  id: string;
  type: 'escrow.cancelled';
  createdAt: string;
  data: EscrowEventData;
};
export type EscrowCondition = {
  condition: string;
  fulfillment: string;
};
export type EscrowEventData = {
  escrowId: string;
  owner: string;
  offerSequence: number;
  destination: string;
  amount: string;
  currency: string;
  txHash: string;
  occurredAt: string | null;
};
export type EscrowFinishedEvent = {
  id: string;
  type: 'escrow.finished';
  createdAt: string;
  data: EscrowEventData;
};
export type EscrowList = {
  address: string;
  escrows: LedgerEscrow[];
};
export type FinishEscrowRequest = {
  senderSeed: string;
  owner: string;
  offerSequence: number;
  condition?: string;
  fulfillment?: string;
};
export type GenerateReportRequest =
  | {
      type: 'financial' | 'compliance' | 'transaction' | 'tokenization';
      period: '7d' | '30d' | '90d' | '1y';
    }
  | {
      reportType: 'financial' | 'compliance' | 'transaction' | 'tokenization';
      dateRange: '7d' | '30d' | '90d' | '1y';
      userId?: string;
    };
export type GetProfileResponse = {
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  companyName: string;
  businessType: string;
  taxId: string;
  companyRegistrationNumber: string;
  website: string;
  businessAddress: string;
  businessCity: string;
  businessState: string;
  businessPostalCode: string;
  businessCountry: string;
  nzbn: string;
  gstRegistered: boolean;
};
export type IntegrationsAnalytics = {
  activeIntegrations: number;
  transactionsToday: number;
  revenueToday: number;
  currency: string;
  lastSync: string | null;
};
export type IntegrationTransactionDetail = {
  id: string;
  integrationId: string;
  integrationName: string | null;
  sourceKind: 'processor' | 'pos';
  provider: string;
  externalTransactionId: string;
  amount: string;
  currency: string;
  status: 'completed' | 'pending' | 'failed' | 'refunded';
  paymentMethod: 'card' | 'cash' | 'wallet' | 'bank_transfer' | 'other';
  country: string | null;
  test: boolean;
  occurredAt: string;
  recordedAt: string;
  updatedAt: string;
  customer: {
    [key: string]: unknown;
  } | null;
  product: {
    [key: string]: unknown;
  } | null;
  location: {
    [key: string]: unknown;
  } | null;
  raw: {
    [key: string]: unknown;
  };
  history: TransactionHistoryEntry[];
  webhooks: TransactionWebhook[];
};
export type IntegrationTransactionView = {
  id: string;
  integrationId: string;
  integrationName: string | null;
  sourceKind: 'processor' | 'pos';
  provider: string;
  externalTransactionId: string;
  amount: string;
  currency: string;
  status: 'completed' | 'pending' | 'failed' | 'refunded';
  paymentMethod: 'card' | 'cash' | 'wallet' | 'bank_transfer' | 'other';
  country: string | null;
  test: boolean;
  occurredAt: string;
  recordedAt: string;
  updatedAt: string;
};
export type InvestmentList = {
  investments: InvestmentView[];
};
export type InvestmentView = {
  id: string;
  propertyId: string;
  amount: string;
  currency: 'NZD';
  paymentMethod: 'nzd' | 'matic' | 'algo';
  fee: string;
  tokensReceived: string;
  tokenPrice: string;
  walletAddress: string;
  status: 'awaiting_payment' | 'paid' | 'minting' | 'completed' | 'failed';
  payment:
    | {
        kind: 'card';
        clientSecret: string;
        publishableKey: string;
      }
    | {
        kind: 'crypto';
        hostedUrl: string;
        chargeId: string;
      }
    | null;
  payBy: string | null;
  transactionHash: string | null;
  lockedUntil: string | null;
  error: string | null;
  timestamp: string;
};
export type LedgerEscrow = {
  account: string;
  destination: string;
  amount: string;
  sequence: number | null;
  finishAfter: number | null;
  cancelAfter: number | null;
  finishAfterIso: string | null;
  cancelAfterIso: string | null;
  condition: string | null;
  destinationTag: number | null;
  hash: string;
  id: string | null;
};
export type ListIntegrationTransactionsResponse = IntegrationTransactionView[];
export type ListPaymentProcessorsResponse = ProcessorView[];
export type ListPosSystemsResponse = PosView[];
export type ListWebhookDeliveriesResponse = WebhookDeliveryView[];
export type ListWebhookEndpointsResponse = WebhookEndpointView[];
export type MyEscrows = {
  escrows: Escrow[];
};
export type PayoutEventData = {
  payoutId: string;
  affiliateId: string;
  amount: string;
  paidAt: string | null;
};
export type PayoutPaidEvent = {
  id: string;
  type: 'payout.paid';
  createdAt: string;
  data: PayoutEventData;
};
export type PosView = {
  id: string;
  isActive: boolean;
  configuration: {
    [key: string]: unknown;
  };
  lastSync: string | null;
  lastSyncError: string | null;
  createdAt: string;
  ingestUrl: string;
  signingSecretHint: string;
  posSystem: 'square' | 'clover' | 'shopify' | 'lightspeed' | 'toast';
  posName: string;
  apiKey: string;
  locationId: string | null;
  syncFrequency: 'realtime' | 'hourly' | 'daily';
};
export type ProcessorView = {
  id: string;
  isActive: boolean;
  configuration: {
    [key: string]: unknown;
  };
  lastSync: string | null;
  lastSyncError: string | null;
  createdAt: string;
  ingestUrl: string;
  signingSecretHint: string;
  processorType: 'stripe' | 'paypal' | 'square' | 'clover' | 'shopify';
  processorName: string;
  apiKey: string;
  apiSecret: string | null;
  webhookUrl: string | null;
};
export type PropertyDocumentView = {
  id: string;
  key: 'titleDeed' | 'valuationReport' | 'propertySurvey' | 'buildingConsent' | 'insurancePolicy';
  label: string;
  fileName: string;
  kind: 'pdf' | 'jpg' | 'png' | 'dwg';
  sizeBytes: number;
  sha256: string;
  uploadedAt: string;
};
export type PropertyList = {
  properties: PropertyView[];
};
export type PropertyView = {
  id: string;
  submissionId: string;
  address: string;
  location: string;
  type: 'property';
  propertyType: 'residential' | 'commercial' | 'industrial' | 'land';
  jurisdiction: 'nz' | 'au' | 'sg';
  titleReference: string;
  value: string;
  tokenSupply: number;
  tokenPrice: string;
  description: string;
  expectedYield: string;
  lockupPeriod: number;
  valuationDate: string;
  ownerName: string;
  status: 'submitted' | 'compliance' | 'approved' | 'rejected' | 'tokenized';
  tokenizationStatus: 'pending' | 'deploying' | 'deployed' | 'failed';
  tokenId: string | null;
  contractAddress: string | null;
  linzVerified: boolean;
  regulatoryCompliant: boolean;
  dueDiligenceComplete: boolean;
  documents: PropertyDocumentView[];
  compliance: ComplianceRunView | null;
  contract: TokenContractView | null;
  complianceException: ComplianceExceptionView | null;
  deploymentBlockers: DeploymentBlocker[];
  createdAt: string;
};
export type Report = {
  id: string;
  title: string;
  type: 'financial' | 'compliance' | 'transaction' | 'tokenization';
  reportType: 'financial' | 'compliance' | 'transaction' | 'tokenization';
  period: '7d' | '30d' | '90d' | '1y';
  dateRange: {
    from: string;
    to: string;
  };
  status: 'queued' | 'generating' | 'completed' | 'failed';
  progress: number;
  createdAt: string;
  generatedAt: string | null;
  data: {
    summary: {
      [key: string]: number;
    };
  } | null;
  analysis: ReportAnalysis | null;
  error: string | null;
};
export type ReportAnalysis = {
  summary: string;
  riskAssessment: {
    level: 'low' | 'medium' | 'high';
    score: number;
    factors: string[];
  };
  keyMetrics: {
    metric: string;
    value: string;
    trend: 'up' | 'down' | 'stable';
    significance: 'high' | 'medium' | 'low';
  }[];
  insights: string[];
  recommendations: string[];
  generatedBy: 'openai' | 'builtin';
  basedOn: string[];
  analysedAt: string;
};
export type ReportList = {
  reports: Report[];
};
export type RiskAlert = {
  id: string;
  title: string;
  description: string;
  severity: 'critical' | 'high' | 'medium' | 'low';
  status: 'active' | 'investigating' | 'resolved';
  timestamp: string;
};
export type RiskAnalytics = {
  overallRiskScore: number;
  complianceStatus: {
    amlCompliance: number;
    kycCompliance: number;
    regulatoryCompliance: number;
  };
  riskMetrics: RiskMetric[];
  activeAlerts: RiskAlert[];
};
export type RiskMetric = {
  id: string;
  name: string;
  level: 'low' | 'medium' | 'high';
  score: number;
  description: string;
  impact: string;
  mitigation: string;
};
export type SampleDeliveryResponse = {
  received: true;
  outcome: 'recorded' | 'updated' | 'duplicate';
  transactionId: string;
  body: {
    [key: string]: unknown;
  };
  signature: string;
  ingestUrl: string;
};
export type SubscriptionChangedEvent = {
  id: string;
  type: 'subscription.changed';
  createdAt: string;
  data: SubscriptionEventData;
};
export type SubscriptionEventData = {
  subscriptionId: string;
  planId: string;
  billingCycle: string;
  status: 'active';
  currentPeriodEnd: string | null;
};
export type TestEventData = {
  endpointId: string;
  message: string;
};
export type TokenChainStatus = {
  blockchain: 'polygon' | 'ethereum' | 'algorand';
  status: 'online' | 'offline';
  chainId: number | null;
  gasPriceWei: string | null;
  nativeCurrency: string;
  checkedAt: string;
};
export type TokenChainStatusList = {
  chains: TokenChainStatus[];
};
export type TokenContractView = {
  status: 'queued' | 'deploying' | 'deployed' | 'failed';
  config: DeployedContractConfig;
  chainId: number | null;
  contractAddress: string | null;
  identityRegistryAddress: string | null;
  complianceAddress: string | null;
  transactionHash: string | null;
  gasUsed: string | null;
  deploymentCost: string | null;
  deployedAt: string | null;
  error: string | null;
};
export type TokenizationEligibility = {
  isAllowed: boolean;
  country: string | null;
  countryCode: string | null;
  restrictionMessage: string | null;
};
export type TokenizationSummary = {
  properties: number;
  tokenized: number;
  tokenizedValue: string;
  inCompliance: number;
};
export type TransactionEventData = {
  transactionId: string;
  externalTransactionId: string;
  amount: string;
  currency: string;
  status: string;
  paymentMethod: string;
  country: string | null;
  processor: string;
  sourceKind: string;
  integrationId: string;
  customerRef: string | null;
  occurredAt: string | null;
  test: boolean;
};
export type TransactionHistoryEntry = {
  kind: 'recorded' | 'updated';
  status: ('completed' | 'pending' | 'failed' | 'refunded') | null;
  at: string;
  eventId: string | null;
};
export type TransactionPage = {
  transactions: TransactionView[];
  nextCursor: string | null;
};
export type TransactionRecordedEvent = {
  id: string;
  type: 'transaction.recorded';
  createdAt: string;
  data: TransactionEventData;
};
export type TransactionSummary = {
  range: '7d' | '30d' | '90d';
  currency: 'USD';
  totalCount: number;
  totalVolume: number;
  averageTicket: number;
  successRate: number;
  byStatus: {
    key: string;
    count: number;
    volume: number;
  }[];
  byType: {
    key: string;
    count: number;
    volume: number;
  }[];
  byPaymentMethod: {
    key: string;
    count: number;
    volume: number;
  }[];
  byProcessor: {
    key: string;
    count: number;
    volume: number;
  }[];
  byCountry: {
    key: string;
    count: number;
    volume: number;
  }[];
};
export type TransactionUpdatedEvent = {
  id: string;
  type: 'transaction.updated';
  createdAt: string;
  data: TransactionEventData;
};
export type TransactionView = {
  id: string;
  transactionId: string;
  userId: string;
  type: 'crypto' | 'token' | 'fiat';
  amount: string;
  currency: string;
  amountUsd: string | null;
  status: 'pending' | 'completed' | 'failed' | 'refunded' | 'cancelled';
  riskLevel: 'low' | 'medium' | 'high';
  riskScore: number;
  processor: string;
  country: string | null;
  complianceChecked: boolean;
  blockchainTxHash: string | null;
  metadata: {
    provider: string;
    source: string;
    paymentMethod?: string | null;
    propertyId?: string | null;
    bankTransfer?: boolean;
    description?: string | null;
  };
  createdAt: string;
};
export type TransactionVolume = {
  range: '7d' | '30d' | '90d';
  currency: 'USD';
  points: {
    date: string;
    fiat: number;
    crypto: number;
    token: number;
  }[];
};
export type TransactionWebhook = {
  id: string;
  endpointId: string;
  endpointUrl: string;
  eventId: string;
  eventType: 'transaction.recorded' | 'transaction.updated';
  status: 'pending' | 'retrying' | 'succeeded' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  deliveredAt: string | null;
  createdAt: string;
};
export type UpdateProcessorRequest = {
  isActive: boolean;
};
export type UpdateProfileRequest = {
  firstName?: string;
  lastName?: string;
  phone?: string;
  dateOfBirth?: string;
  address?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
  companyName?: string;
  businessType?: string;
  taxId?: string;
  companyRegistrationNumber?: string;
  website?: string;
  businessAddress?: string;
  businessCity?: string;
  businessState?: string;
  businessPostalCode?: string;
  businessCountry?: string;
  nzbn?: string;
  gstRegistered?: boolean;
};
export type UpdateWebhookEndpointRequest = {
  url?: string;
  eventTypes?: (
    | 'transaction.recorded'
    | 'transaction.updated'
    | 'charge.completed'
    | 'charge.failed'
    | 'escrow.finished'
    | 'escrow.cancelled'
    | 'subscription.changed'
    | 'payout.paid'
  )[];
  isActive?: boolean;
};
export type WebhookDeliveryAttempt = {
  number: number;
  statusCode: number | null;
  latencyMs: number | null;
  error: string | null;
  succeeded: boolean;
  manual: boolean;
  attemptedAt: string;
};
export type WebhookDeliveryView = {
  id: string;
  endpointId: string;
  eventId: string;
  eventType:
    | 'transaction.recorded'
    | 'transaction.updated'
    | 'charge.completed'
    | 'charge.failed'
    | 'escrow.finished'
    | 'escrow.cancelled'
    | 'subscription.changed'
    | 'payout.paid'
    | 'webhook.test';
  status: 'pending' | 'retrying' | 'succeeded' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  updatedAt: string;
  attemptLog: WebhookDeliveryAttempt[];
};
export type WebhookEndpointView = {
  id: string;
  url: string;
  eventTypes: (
    | 'transaction.recorded'
    | 'transaction.updated'
    | 'charge.completed'
    | 'charge.failed'
    | 'escrow.finished'
    | 'escrow.cancelled'
    | 'subscription.changed'
    | 'payout.paid'
  )[];
  isActive: boolean;
  signingSecretHint: string;
  lastDeliveryStatus: ('pending' | 'retrying' | 'succeeded' | 'failed') | null;
  lastDeliveryAt: string | null;
  createdAt: string;
  updatedAt: string;
};
export type WebhookEndpointWithSecret = {
  id: string;
  url: string;
  eventTypes: (
    | 'transaction.recorded'
    | 'transaction.updated'
    | 'charge.completed'
    | 'charge.failed'
    | 'escrow.finished'
    | 'escrow.cancelled'
    | 'subscription.changed'
    | 'payout.paid'
  )[];
  isActive: boolean;
  signingSecretHint: string;
  lastDeliveryStatus: ('pending' | 'retrying' | 'succeeded' | 'failed') | null;
  lastDeliveryAt: string | null;
  createdAt: string;
  updatedAt: string;
  signingSecret: string;
};
export type WebhookTestEvent = {
  id: string;
  type: 'webhook.test';
  createdAt: string;
  data: TestEventData;
};
export type WholesaleDeclarationView = {
  basis: 'investment_business' | 'investment_activity' | 'large' | 'government_agency' | 'eligible_investor';
  certifierName: string;
  certifierProfession: 'financial_adviser' | 'chartered_accountant' | 'lawyer';
  signedOn: string;
  declaredAt: string;
  expiresOn: string;
  valid: boolean;
};
export type XrpAccount = {
  address: string;
  balanceXrp: string;
  funded: boolean;
  reserveXrp: string;
};
export type XrpPaymentRequest = {
  senderSeed: string;
  destinationAddress: string;
  amount: number | string;
  destinationTag?: number;
};
export type XrpPaymentResult = {
  hash: string;
  result: string;
  ledgerIndex: number | null;
};
export type XrpWallet = {
  address: string;
  seed: string;
  publicKey: string;
};

/** Every operation an API key may call, one method each (see docs/openapi.json for the rest). */
export abstract class Operations {
  protected abstract readonly transport: Transport;

  /** The user's personal and business details. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getProfile(input?: GetProfileInput): Promise<GetProfileResult> {
    return this.transport.call('GET', '/api/user/profile', [], input ?? {}) as Promise<GetProfileResult>;
  }

  /** Changes the user's personal and business details; the answer is the whole profile. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. */
  updateProfile(input: UpdateProfileInput): Promise<UpdateProfileResult> {
    return this.transport.call('PUT', '/api/user/profile', [], input ?? {}) as Promise<UpdateProfileResult>;
  }

  /** The user's current subscription (plan, status, period end). Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getSubscription(input?: GetSubscriptionInput): Promise<GetSubscriptionResult> {
    return this.transport.call('GET', '/api/billing/subscription', [], input ?? {}) as Promise<GetSubscriptionResult>;
  }

  /** The user's plan payments to the platform (card invoices and crypto charges), newest first, at most 100. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listBillingPayments(input?: ListBillingPaymentsInput): Promise<ListBillingPaymentsResult> {
    return this.transport.call('GET', '/api/billing/payments', [], input ?? {}) as Promise<ListBillingPaymentsResult>;
  }

  /** The merchant's payment processors, credentials masked. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listPaymentProcessors(input?: ListPaymentProcessorsInput): Promise<ListPaymentProcessorsResult> {
    return this.transport.call(
      'GET',
      '/api/integrations/payment-processors',
      [],
      input ?? {},
    ) as Promise<ListPaymentProcessorsResult>;
  }

  /** Connects a payment processor; the answer carries its webhook signing secret, shown this once. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Retry-safe with an `Idempotency-Key`. */
  createPaymentProcessor(input: CreatePaymentProcessorInput): Promise<CreatePaymentProcessorResult> {
    return this.transport.call(
      'POST',
      '/api/integrations/payment-processors',
      [],
      input ?? {},
    ) as Promise<CreatePaymentProcessorResult>;
  }

  /** Switches a payment processor on or off. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. */
  updatePaymentProcessor(input: UpdatePaymentProcessorInput): Promise<UpdatePaymentProcessorResult> {
    return this.transport.call(
      'PUT',
      '/api/integrations/payment-processors/{id}',
      ['id'],
      input ?? {},
    ) as Promise<UpdatePaymentProcessorResult>;
  }

  /** The merchant's POS systems, credentials masked. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listPosSystems(input?: ListPosSystemsInput): Promise<ListPosSystemsResult> {
    return this.transport.call(
      'GET',
      '/api/integrations/pos-systems',
      [],
      input ?? {},
    ) as Promise<ListPosSystemsResult>;
  }

  /** Connects a POS system; the answer carries its webhook signing secret, shown this once. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Retry-safe with an `Idempotency-Key`. */
  createPosSystem(input: CreatePosSystemInput): Promise<CreatePosSystemResult> {
    return this.transport.call(
      'POST',
      '/api/integrations/pos-systems',
      [],
      input ?? {},
    ) as Promise<CreatePosSystemResult>;
  }

  /** Active integrations, today's transactions and revenue, and the latest sync. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getIntegrationsAnalytics(input?: GetIntegrationsAnalyticsInput): Promise<GetIntegrationsAnalyticsResult> {
    return this.transport.call(
      'GET',
      '/api/integrations/analytics',
      [],
      input ?? {},
    ) as Promise<GetIntegrationsAnalyticsResult>;
  }

  /** Sends a sample transaction, marked `test`, signed with the integration's signing secret, through the same ingestion as a real delivery; answers the body, its signature and the outcome. A test transaction is never counted in volume, reports or analytics. 409 when the integration is switched off. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Retry-safe with an `Idempotency-Key`. */
  sendIntegrationSampleDelivery(
    input: SendIntegrationSampleDeliveryInput,
  ): Promise<SendIntegrationSampleDeliveryResult> {
    return this.transport.call(
      'POST',
      '/api/integrations/webhooks/{id}/sample',
      ['id'],
      input ?? {},
    ) as Promise<SendIntegrationSampleDeliveryResult>;
  }

  /** The transactions your processors and POS systems reported, newest first (all, or one integration). Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listIntegrationTransactions(input?: ListIntegrationTransactionsInput): Promise<ListIntegrationTransactionsResult> {
    return this.transport.call(
      'GET',
      '/api/integrations/transactions',
      [],
      input ?? {},
    ) as Promise<ListIntegrationTransactionsResult>;
  }

  /** One reported transaction: the provider's fields as received, its history (recorded, updated, refunded) and the webhooks sent for it. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getIntegrationTransaction(input: GetIntegrationTransactionInput): Promise<GetIntegrationTransactionResult> {
    return this.transport.call(
      'GET',
      '/api/integrations/transactions/{id}',
      ['id'],
      input ?? {},
    ) as Promise<GetIntegrationTransactionResult>;
  }

  /** The merchant's webhook endpoints, oldest first (secrets masked). Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listWebhookEndpoints(input?: ListWebhookEndpointsInput): Promise<ListWebhookEndpointsResult> {
    return this.transport.call(
      'GET',
      '/api/developer/webhooks',
      [],
      input ?? {},
    ) as Promise<ListWebhookEndpointsResult>;
  }

  /** Registers an endpoint URL for some event types; the answer carries its signing secret, shown this once. Private, loopback and link-local destinations are refused. An API key needs the `webhooks` scope. Needs a signed-in user with a verified e-mail address. API keys with the `webhooks` scope may call it. Retry-safe with an `Idempotency-Key`. */
  createWebhookEndpoint(input: CreateWebhookEndpointInput): Promise<CreateWebhookEndpointResult> {
    return this.transport.call(
      'POST',
      '/api/developer/webhooks',
      [],
      input ?? {},
    ) as Promise<CreateWebhookEndpointResult>;
  }

  /** Changes an endpoint's URL, event types or active switch. A write key may change the event types and the switch; changing the URL with a key needs the `webhooks` scope too (403 otherwise). Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. */
  updateWebhookEndpoint(input: UpdateWebhookEndpointInput): Promise<UpdateWebhookEndpointResult> {
    return this.transport.call(
      'PUT',
      '/api/developer/webhooks/{id}',
      ['id'],
      input ?? {},
    ) as Promise<UpdateWebhookEndpointResult>;
  }

  /** Deletes an endpoint and its delivery log; nothing more is sent to it. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. */
  deleteWebhookEndpoint(input: DeleteWebhookEndpointInput): Promise<DeleteWebhookEndpointResult> {
    return this.transport.call(
      'DELETE',
      '/api/developer/webhooks/{id}',
      ['id'],
      input ?? {},
    ) as Promise<DeleteWebhookEndpointResult>;
  }

  /** Replaces the signing secret (shown this once); every later attempt is signed with the new one. An API key needs the `webhooks` scope. Needs a signed-in user with a verified e-mail address. API keys with the `webhooks` scope may call it. Retry-safe with an `Idempotency-Key`. */
  rotateWebhookSecret(input: RotateWebhookSecretInput): Promise<RotateWebhookSecretResult> {
    return this.transport.call(
      'POST',
      '/api/developer/webhooks/{id}/rotate-secret',
      ['id'],
      input ?? {},
    ) as Promise<RotateWebhookSecretResult>;
  }

  /** An endpoint's deliveries, newest first, each with its attempts (status code, latency, error). Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listWebhookDeliveries(input: ListWebhookDeliveriesInput): Promise<ListWebhookDeliveriesResult> {
    return this.transport.call(
      'GET',
      '/api/developer/webhooks/{id}/deliveries',
      ['id'],
      input ?? {},
    ) as Promise<ListWebhookDeliveriesResult>;
  }

  /** Sends a delivery again now, with a fresh signature (one more attempt). Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Retry-safe with an `Idempotency-Key`. */
  resendWebhookDelivery(input: ResendWebhookDeliveryInput): Promise<ResendWebhookDeliveryResult> {
    return this.transport.call(
      'POST',
      '/api/developer/webhooks/{id}/deliveries/{deliveryId}/resend',
      ['id', 'deliveryId'],
      input ?? {},
    ) as Promise<ResendWebhookDeliveryResult>;
  }

  /** Queues a `webhook.test` event to the endpoint (one attempt, logged like any delivery). Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Retry-safe with an `Idempotency-Key`. */
  sendWebhookTestEvent(input: SendWebhookTestEventInput): Promise<SendWebhookTestEventResult> {
    return this.transport.call(
      'POST',
      '/api/developer/webhooks/{id}/test',
      ['id'],
      input ?? {},
    ) as Promise<SendWebhookTestEventResult>;
  }

  /** The dashboard's stat cards: portfolio, tokenized properties, the month's volume and the AML risk score. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getDashboardStats(input?: GetDashboardStatsInput): Promise<GetDashboardStatsResult> {
    return this.transport.call('GET', '/api/dashboard/stats', [], input ?? {}) as Promise<GetDashboardStatsResult>;
  }

  /** The merchant's transactions, newest first, filtered and paged. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listTransactions(input?: ListTransactionsInput): Promise<ListTransactionsResult> {
    return this.transport.call('GET', '/api/transactions', [], input ?? {}) as Promise<ListTransactionsResult>;
  }

  /** The XRP Ledger, Polygon and Avalanche networks as read live (cached 15 s): status, latest ledger or block. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getBlockchainStatus(input?: GetBlockchainStatusInput): Promise<GetBlockchainStatusResult> {
    return this.transport.call('GET', '/api/blockchain/status', [], input ?? {}) as Promise<GetBlockchainStatusResult>;
  }

  /** The AML screening records of the merchant's transactions, newest first, paged. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listComplianceRecords(input?: ListComplianceRecordsInput): Promise<ListComplianceRecordsResult> {
    return this.transport.call(
      'GET',
      '/api/compliance/records',
      [],
      input ?? {},
    ) as Promise<ListComplianceRecordsResult>;
  }

  /** Business metrics grouped by period (daily, weekly, monthly). Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getBusinessMetrics(input?: GetBusinessMetricsInput): Promise<GetBusinessMetricsResult> {
    return this.transport.call(
      'GET',
      '/api/analytics/business-metrics',
      [],
      input ?? {},
    ) as Promise<GetBusinessMetricsResult>;
  }

  /** Inflows, outflows and net cash flow per month, quarter or year, oldest first. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getCashFlow(input?: GetCashFlowInput): Promise<GetCashFlowResult> {
    return this.transport.call('GET', '/api/analytics/cash-flow', [], input ?? {}) as Promise<GetCashFlowResult>;
  }

  /** The customers identified on the merchant's transactions, in segments ranked by completed spend. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getCustomerSegmentation(input?: GetCustomerSegmentationInput): Promise<GetCustomerSegmentationResult> {
    return this.transport.call(
      'GET',
      '/api/analytics/customer-segmentation',
      [],
      input ?? {},
    ) as Promise<GetCustomerSegmentationResult>;
  }

  /** Risk metrics, compliance status and active alerts computed from the transactions. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getRiskAnalytics(input?: GetRiskAnalyticsInput): Promise<GetRiskAnalyticsResult> {
    return this.transport.call('GET', '/api/analytics/risk', [], input ?? {}) as Promise<GetRiskAnalyticsResult>;
  }

  /** The merchant's figures placed against curated public market data over a timeframe. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getCompetitiveAnalysis(input?: GetCompetitiveAnalysisInput): Promise<GetCompetitiveAnalysisResult> {
    return this.transport.call(
      'GET',
      '/api/analytics/competitive',
      [],
      input ?? {},
    ) as Promise<GetCompetitiveAnalysisResult>;
  }

  /** Completed USD volume per day (fiat, crypto, token) over a range, every day present. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getTransactionVolume(input?: GetTransactionVolumeInput): Promise<GetTransactionVolumeResult> {
    return this.transport.call(
      'GET',
      '/api/analytics/transaction-volume',
      [],
      input ?? {},
    ) as Promise<GetTransactionVolumeResult>;
  }

  /** Count, volume, average ticket, success rate and breakdowns of the transactions over a range. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getTransactionSummary(input?: GetTransactionSummaryInput): Promise<GetTransactionSummaryResult> {
    return this.transport.call(
      'GET',
      '/api/analytics/transaction-summary',
      [],
      input ?? {},
    ) as Promise<GetTransactionSummaryResult>;
  }

  /** Creates a Coinbase Commerce charge; the payer pays on its hosted page. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Moves money: test keys are refused (403). Retry-safe with an `Idempotency-Key`. */
  createCoinbaseCharge(input: CreateCoinbaseChargeInput): Promise<CreateCoinbaseChargeResult> {
    return this.transport.call(
      'POST',
      '/api/crypto/coinbase/charge',
      [],
      input ?? {},
    ) as Promise<CreateCoinbaseChargeResult>;
  }

  /** The checkout's crypto tab: a Coinbase Commerce charge for one billing period of a plan, at the plan's price; billing activates the plan when the charge completes (ChargeCompleted). Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Moves money: test keys are refused (403). Retry-safe with an `Idempotency-Key`. */
  createSubscriptionCharge(input: CreateSubscriptionChargeInput): Promise<CreateSubscriptionChargeResult> {
    return this.transport.call(
      'POST',
      '/api/crypto/coinbase/subscription-charge',
      [],
      input ?? {},
    ) as Promise<CreateSubscriptionChargeResult>;
  }

  /** One of the user's charges and its payment state. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getCoinbaseCharge(input: GetCoinbaseChargeInput): Promise<GetCoinbaseChargeResult> {
    return this.transport.call(
      'GET',
      '/api/crypto/coinbase/charge/{id}',
      ['id'],
      input ?? {},
    ) as Promise<GetCoinbaseChargeResult>;
  }

  /** A new XRP Ledger wallet; its seed is in this answer only and never stored. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Retry-safe with an `Idempotency-Key`. */
  generateXrpWallet(input?: GenerateXrpWalletInput): Promise<GenerateXrpWalletResult> {
    return this.transport.call(
      'POST',
      '/api/crypto/xrp/wallet/generate',
      [],
      input ?? {},
    ) as Promise<GenerateXrpWalletResult>;
  }

  /** A fresh PREIMAGE-SHA-256 condition and fulfillment for an escrow; the fulfillment is shown once. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Retry-safe with an `Idempotency-Key`. */
  createEscrowCondition(input?: CreateEscrowConditionInput): Promise<CreateEscrowConditionResult> {
    return this.transport.call(
      'POST',
      '/api/crypto/xrp/condition',
      [],
      input ?? {},
    ) as Promise<CreateEscrowConditionResult>;
  }

  /** Locks XRP in an escrow on the ledger for a destination, with its release and cancel times. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Moves money: test keys are refused (403). Retry-safe with an `Idempotency-Key`. */
  createXrpEscrow(input: CreateXrpEscrowInput): Promise<CreateXrpEscrowResult> {
    return this.transport.call(
      'POST',
      '/api/crypto/xrp/escrow/create',
      [],
      input ?? {},
    ) as Promise<CreateXrpEscrowResult>;
  }

  /** Releases an escrow to its destination (with the fulfillment when it has a condition). Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Moves money: test keys are refused (403). Retry-safe with an `Idempotency-Key`. */
  finishXrpEscrow(input: FinishXrpEscrowInput): Promise<FinishXrpEscrowResult> {
    return this.transport.call(
      'POST',
      '/api/crypto/xrp/escrow/finish',
      [],
      input ?? {},
    ) as Promise<FinishXrpEscrowResult>;
  }

  /** Returns an expired escrow to its owner. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Moves money: test keys are refused (403). Retry-safe with an `Idempotency-Key`. */
  cancelXrpEscrow(input: CancelXrpEscrowInput): Promise<CancelXrpEscrowResult> {
    return this.transport.call(
      'POST',
      '/api/crypto/xrp/escrow/cancel',
      [],
      input ?? {},
    ) as Promise<CancelXrpEscrowResult>;
  }

  /** The escrows the user created, newest first. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listMyXrpEscrows(input?: ListMyXrpEscrowsInput): Promise<ListMyXrpEscrowsResult> {
    return this.transport.call('GET', '/api/crypto/xrp/escrows', [], input ?? {}) as Promise<ListMyXrpEscrowsResult>;
  }

  /** The escrows the ledger lists for an account. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listLedgerXrpEscrows(input: ListLedgerXrpEscrowsInput): Promise<ListLedgerXrpEscrowsResult> {
    return this.transport.call(
      'GET',
      '/api/crypto/xrp/escrows/{address}',
      ['address'],
      input ?? {},
    ) as Promise<ListLedgerXrpEscrowsResult>;
  }

  /** An XRP Ledger account's balance (an unfunded account: funded false, balance 0). Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getXrpAccount(input: GetXrpAccountInput): Promise<GetXrpAccountResult> {
    return this.transport.call(
      'GET',
      '/api/crypto/xrp/account/{address}',
      ['address'],
      input ?? {},
    ) as Promise<GetXrpAccountResult>;
  }

  /** Sends XRP from a wallet to a destination on the ledger. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Moves money: test keys are refused (403). Retry-safe with an `Idempotency-Key`. */
  sendXrpPayment(input: SendXrpPaymentInput): Promise<SendXrpPaymentResult> {
    return this.transport.call('POST', '/api/crypto/xrp/payment', [], input ?? {}) as Promise<SendXrpPaymentResult>;
  }

  /** Queues a report of a type and period; poll it until it is completed or failed. Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Retry-safe with an `Idempotency-Key`. */
  generateReport(input: GenerateReportInput): Promise<GenerateReportResult> {
    return this.transport.call('POST', '/api/reports/generate', [], input ?? {}) as Promise<GenerateReportResult>;
  }

  /** The user's most recent reports, newest first. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listReports(input?: ListReportsInput): Promise<ListReportsResult> {
    return this.transport.call('GET', '/api/reports', [], input ?? {}) as Promise<ListReportsResult>;
  }

  /** One report and its generation progress. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getReport(input: GetReportInput): Promise<GetReportResult> {
    return this.transport.call('GET', '/api/reports/{id}', ['id'], input ?? {}) as Promise<GetReportResult>;
  }

  /** A completed report's file as an attachment: PDF by default, CSV with format=csv. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  downloadReport(input: DownloadReportInput): Promise<DownloadReportResult> {
    return this.transport.call(
      'GET',
      '/api/reports/download/{id}',
      ['id'],
      input ?? {},
      'binary',
    ) as Promise<DownloadReportResult>;
  }

  /** An AI analysis of a stored report's figures (only its id is read from the request). Needs a signed-in user with a verified e-mail address. API keys with the `write` scope may call it. Retry-safe with an `Idempotency-Key`. */
  analyzeReport(input: AnalyzeReportInput): Promise<AnalyzeReportResult> {
    return this.transport.call('POST', '/api/reports/analyze', [], input ?? {}) as Promise<AnalyzeReportResult>;
  }

  /** Whether the caller's region (from the client address) may use tokenization, and why not. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getTokenizationEligibility(input?: GetTokenizationEligibilityInput): Promise<GetTokenizationEligibilityResult> {
    return this.transport.call(
      'GET',
      '/api/tokenization/eligibility',
      [],
      input ?? {},
    ) as Promise<GetTokenizationEligibilityResult>;
  }

  /** The user's submitted properties, newest first. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listProperties(input?: ListPropertiesInput): Promise<ListPropertiesResult> {
    return this.transport.call('GET', '/api/tokenization/properties', [], input ?? {}) as Promise<ListPropertiesResult>;
  }

  /** One property with its documents, compliance checks and token contract. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getProperty(input: GetPropertyInput): Promise<GetPropertyResult> {
    return this.transport.call(
      'GET',
      '/api/tokenization/properties/{id}',
      ['id'],
      input ?? {},
    ) as Promise<GetPropertyResult>;
  }

  /** One of a property's documents as an attachment (PDF, JPG, PNG or DWG). Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  downloadPropertyDocument(input: DownloadPropertyDocumentInput): Promise<DownloadPropertyDocumentResult> {
    return this.transport.call(
      'GET',
      '/api/tokenization/properties/{id}/documents/{documentId}',
      ['id', 'documentId'],
      input ?? {},
      'binary',
    ) as Promise<DownloadPropertyDocumentResult>;
  }

  /** The chains tokens deploy on as their nodes answer now: online or offline, chain id, gas price (wei) and native coin. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getTokenChains(input?: GetTokenChainsInput): Promise<GetTokenChainsResult> {
    return this.transport.call('GET', '/api/tokenization/chains', [], input ?? {}) as Promise<GetTokenChainsResult>;
  }

  /** The dashboard's tokenization block: properties submitted, tokenized (and their value) and in compliance. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getTokenizationSummary(input?: GetTokenizationSummaryInput): Promise<GetTokenizationSummaryResult> {
    return this.transport.call(
      'GET',
      '/api/tokenization/summary',
      [],
      input ?? {},
    ) as Promise<GetTokenizationSummaryResult>;
  }

  /** The user's wholesale investor declaration and whether it is still valid. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getWholesaleDeclaration(input?: GetWholesaleDeclarationInput): Promise<GetWholesaleDeclarationResult> {
    return this.transport.call(
      'GET',
      '/api/tokenization/wholesale-declaration',
      [],
      input ?? {},
    ) as Promise<GetWholesaleDeclarationResult>;
  }

  /** The user's investments, newest first. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  listInvestments(input?: ListInvestmentsInput): Promise<ListInvestmentsResult> {
    return this.transport.call(
      'GET',
      '/api/tokenization/investments',
      [],
      input ?? {},
    ) as Promise<ListInvestmentsResult>;
  }

  /** One investment, its payment and its mint. Needs a signed-in user with a verified e-mail address. API keys with the `read` scope may call it. */
  getInvestment(input: GetInvestmentInput): Promise<GetInvestmentResult> {
    return this.transport.call(
      'GET',
      '/api/tokenization/investments/{id}',
      ['id'],
      input ?? {},
    ) as Promise<GetInvestmentResult>;
  }
}
