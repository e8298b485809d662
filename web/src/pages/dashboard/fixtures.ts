// Test data for the dashboard, transactions and compliance screens (imported by *.test.tsx only).
import type {
  BlockchainStatus,
  ComplianceRecord,
  CurrentUser,
  DashboardStats,
  KycStatusResponse,
  KycVerification,
  TransactionView,
  TransactionVolume,
} from '@app/contracts';
import { mockFetch, type MockResponse } from '../../test/render';
import { newZealand, summary } from '../../test/tokenization';

export const signedInUser: CurrentUser = {
  id: 'u1',
  email: 'ana@kauri.example',
  username: 'ana',
  role: 'user',
  emailVerified: true,
  kycStatus: 'pending',
  firstName: 'Ana',
  lastName: 'Kauri',
  companyName: 'Kauri Ltd',
};

export const stats: DashboardStats = {
  totalPortfolio: 1_234_567.89,
  tokenizedProperties: 3,
  monthlyVolume: 45_678.9,
  riskScore: 3.1,
  riskLevel: 'medium',
  amlReviewsOpen: 1,
  month: '2026-11',
  currency: 'USD',
};

export function transaction(overrides: Partial<TransactionView> = {}): TransactionView {
  return {
    id: 'row-1',
    transactionId: 'txn_1001',
    userId: 'u1',
    type: 'fiat',
    amount: '120.50',
    currency: 'USD',
    amountUsd: '120.50',
    status: 'completed',
    riskLevel: 'low',
    riskScore: 5,
    processor: 'stripe',
    country: 'NZ',
    complianceChecked: true,
    blockchainTxHash: null,
    metadata: { provider: 'stripe', source: 'integrations' },
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const transactions: TransactionView[] = [
  transaction(),
  transaction({ id: 'row-2', transactionId: 'ch_crypto_2', type: 'crypto', amount: '250.00', processor: 'coinbase' }),
  transaction({ id: 'row-3', transactionId: 'txn_1003', status: 'pending', amount: '75.00', processor: 'square' }),
];

export const volume = (range: '7d' | '30d' | '90d'): TransactionVolume => ({
  range,
  currency: 'USD',
  points: [
    { date: '2026-11-20', fiat: 1000, crypto: 250, token: 0 },
    { date: '2026-11-21', fiat: 500.5, crypto: 0, token: 0 },
  ],
});

export const blockchain: BlockchainStatus = {
  polygon: {
    status: 'online',
    gasPrice: '31.5',
    blockTime: 2.1,
    latestBlock: 60_000_001,
    latestBlockAt: '2026-11-22T05:00:00.000Z',
    checkedAt: '2026-11-22T05:00:00.000Z',
  },
  avalanche: {
    status: 'offline',
    gasPrice: null,
    blockTime: null,
    latestBlock: null,
    latestBlockAt: null,
    checkedAt: '2026-11-22T05:00:00.000Z',
  },
  xrp: {
    status: 'online',
    serverState: 'full',
    ledgerIndex: 9_000_000,
    baseFee: '0.00001',
    checkedAt: '2026-11-22T05:00:00.000Z',
  },
};

export const complianceRecord = (overrides: Partial<ComplianceRecord> = {}): ComplianceRecord => ({
  id: 'c1',
  userId: 'u1',
  provider: 'platform-aml-rules',
  recordType: 'aml_screening',
  type: 'large_transaction',
  status: 'review',
  riskScore: 72,
  gdprConsent: false,
  complianceChecked: true,
  data: {},
  createdAt: '2026-11-21T08:00:00.000Z',
  ...overrides,
});

export const kycVerification = (overrides: Partial<KycVerification> = {}): KycVerification => ({
  id: 'kv1',
  providerSessionId: 'vs_1Nv0FGQ9RKHgCVdK',
  provider: 'stripe_identity',
  status: 'requires_input',
  lastError: null,
  verifiedName: null,
  verifiedAt: null,
  checks: {},
  business: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** The signed-in user's KYC status as GET /api/kyc/status answers it: nothing started yet. */
export const notStartedKyc: KycStatusResponse = { kycStatus: 'pending', verification: null };

/**
 * A fake API with every dashboard call answered from the data above. `override` answers first
 * when it returns a response (e.g. a 500 for one endpoint).
 */
export function fakeDashboardApi(
  override: (url: string, init: RequestInit | undefined) => MockResponse | undefined = () => undefined,
) {
  return mockFetch((url, init) => {
    const overridden = override(url, init);
    if (overridden) return overridden;
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    /* eslint-disable no-restricted-syntax -- a fake server for tests: it answers the paths the API functions call */
    switch (pathname) {
      case '/api/auth/me':
        return { body: signedInUser };
      case '/api/analytics/events':
        return { status: 202, body: { accepted: true, id: 'e1' } };
      case '/api/dashboard/stats':
        return { body: stats };
      case '/api/transactions': {
        const type = searchParams.get('type');
        const limit = Number(searchParams.get('limit') ?? 20);
        const rows = transactions.filter((t) => !type || t.type === type).slice(0, limit);
        return { body: { transactions: rows, nextCursor: null } };
      }
      case '/api/blockchain/status':
        return { body: blockchain };
      case '/api/compliance/records':
        return { body: { records: [complianceRecord()], nextCursor: null } };
      case '/api/analytics/transaction-volume':
        return { body: volume((searchParams.get('range') ?? '30d') as '7d') };
      case '/api/reports':
        return { body: { reports: [] } };
      case '/api/kyc/status':
        return { body: notStartedKyc };
      case '/api/tokenization/eligibility':
        return { body: newZealand };
      case '/api/tokenization/summary':
        return { body: summary };
      default:
        return { status: 404, body: { error: 'NOT_FOUND', message: `No fake for ${url}` } };
    }
    /* eslint-enable no-restricted-syntax */
  });
}
