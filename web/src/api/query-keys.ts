/** Every react-query key of the web app, in one place. */
export const queryKeys = {
  currentUser: ['auth', 'me'] as const,
  verifyEmail: (token: string) => ['auth', 'verify-email', token] as const,
  profile: ['user', 'profile'] as const,
  plans: ['billing', 'plans'] as const,
  billingConfig: ['billing', 'config'] as const,
  subscription: ['billing', 'subscription'] as const,
  billingPayments: ['billing', 'payments'] as const,
  /** The prefix of every integrations key: mutations invalidate all of them at once. */
  integrations: ['integrations'] as const,
  paymentProcessors: ['integrations', 'payment-processors'] as const,
  posSystems: ['integrations', 'pos-systems'] as const,
  integrationsAnalytics: ['integrations', 'analytics'] as const,
  integrationTransactions: (integrationId?: string) =>
    ['integrations', 'transactions', integrationId ?? 'all'] as const,
  integrationTransaction: (id: string) => ['integrations', 'transaction', id] as const,
  /** The prefix of every outgoing-webhook key: any change refetches the endpoints and their logs. */
  webhooks: ['webhooks'] as const,
  webhookEndpoints: ['webhooks', 'endpoints'] as const,
  webhookDeliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
  /** The prefix of every affiliate key: a payout or a new account refetches all of them. */
  affiliate: ['affiliate'] as const,
  affiliateProfile: ['affiliate', 'profile'] as const,
  affiliateReferrals: ['affiliate', 'referrals'] as const,
  affiliatePayouts: ['affiliate', 'payouts'] as const,
  affiliateStats: ['affiliate', 'stats'] as const,
  /** The prefix of the admin lists; a status change refetches both. */
  affiliateAdmin: ['affiliate', 'admin'] as const,
  adminApplications: (status: string) => ['affiliate', 'admin', 'applications', status] as const,
  adminPayouts: (status: string) => ['affiliate', 'admin', 'payouts', status] as const,
  /** The prefix of every support console key: a claim, reply or resolve refetches the queue and the conversation. */
  support: ['support'] as const,
  /** '' is every status. */
  supportQueue: (status: string) => ['support', 'queue', status] as const,
  supportConversation: (id: string) => ['support', 'conversation', id] as const,
  cryptoCharge: (id: string) => ['crypto', 'charge', id] as const,
  xrpAccount: (address: string) => ['crypto', 'xrp', 'account', address] as const,
  xrpEscrows: (address: string) => ['crypto', 'xrp', 'escrows', address] as const,
  myEscrows: ['crypto', 'xrp', 'my-escrows'] as const,
  dashboardStats: ['dashboard', 'stats'] as const,
  /** The prefix of every transactions list key (all filter combinations). */
  transactions: ['transactions'] as const,
  transactionList: (filters: Record<string, string | undefined>) => ['transactions', 'list', filters] as const,
  blockchainStatus: ['blockchain', 'status'] as const,
  complianceRecords: ['compliance', 'records'] as const,
  complianceRecordPages: ['compliance', 'records', 'pages'] as const,
  dashboardTransactionVolume: (range: string) => ['analytics', 'transaction-volume', range] as const,
  analyticsTransactionSummary: (range: string) => ['analytics', 'transaction-summary', range] as const,
  analyticsBusinessMetrics: (period: string) => ['analytics', 'business-metrics', period] as const,
  analyticsCashFlow: (period: string) => ['analytics', 'cash-flow', period] as const,
  analyticsCustomerSegmentation: ['analytics', 'customer-segmentation'] as const,
  analyticsRisk: ['analytics', 'risk'] as const,
  analyticsCompetitive: (timeframe: string) => ['analytics', 'competitive', timeframe] as const,
  recentReports: ['reports', 'recent'] as const,
  /** The prefix of every KYC key: a started verification refetches the status and the admin list. */
  kyc: ['kyc'] as const,
  kycStatus: ['kyc', 'status'] as const,
  kycAdminVerifications: ['kyc', 'admin', 'verifications'] as const,
  report: (id: string) => ['reports', 'report', id] as const,
  /** The prefix of every tokenization key: a submission, a re-run or a deployment refetches the lists and the summary. */
  tokenization: ['tokenization'] as const,
  tokenizationEligibility: ['tokenization', 'eligibility'] as const,
  tokenizationProperties: ['tokenization', 'properties'] as const,
  tokenizationProperty: (id: string) => ['tokenization', 'properties', id] as const,
  tokenizationSummary: ['tokenization', 'summary'] as const,
  tokenChains: ['tokenization', 'chains'] as const,
  wholesaleDeclaration: ['tokenization', 'wholesale-declaration'] as const,
  tokenizationInvestment: (id: string) => ['tokenization', 'investments', id] as const,
  tokenizationInvestments: ['tokenization', 'investments'] as const,
  /** The signed-in user's API keys (Settings → Developer API). */
  apiKeys: ['developer', 'api-keys'] as const,
};
