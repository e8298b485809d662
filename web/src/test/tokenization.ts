// Test data for the tokenization screens and the dashboard's tokenization figures (imported by *.test.tsx only).
import {
  complianceCheckKinds,
  tokenizationMessages,
  tokenizationPaths,
  type ComplianceCheckKind,
  type ComplianceCheckStatus,
  type ComplianceCheckView,
  type ComplianceRunView,
  type InvestmentView,
  type KycStatusResponse,
  type PropertyView,
  type TokenChainStatusList,
  type TokenContractView,
  type TokenizationEligibility,
  type TokenizationSummary,
  type WholesaleDeclarationView,
} from '@app/contracts';
import { mockFetch, type MockResponse } from './render';

export const newZealand: TokenizationEligibility = {
  isAllowed: true,
  country: 'New Zealand',
  countryCode: 'NZ',
  restrictionMessage: null,
};

export const unitedStates: TokenizationEligibility = {
  isAllowed: false,
  country: 'United States',
  countryCode: 'US',
  restrictionMessage: tokenizationMessages.restricted('United States'),
};

export const propertyId = '5f0c9a5e-8d1b-4c1e-9a51-7d0e2f3a4b5c';

/** One check of the compliance run; its name, description and a provider as the server gives them. */
export function check(id: ComplianceCheckKind, status: ComplianceCheckStatus, result: string | null = null) {
  return {
    id,
    ...complianceCheckKinds[id],
    status,
    provider: id === 'kyc' ? 'Stripe Identity' : id === 'title' ? 'LINZ' : 'Platform rules',
    result,
  } satisfies ComplianceCheckView;
}

export function complianceRun(overrides: Partial<ComplianceRunView> = {}): ComplianceRunView {
  return {
    id: 'run-1',
    status: 'completed',
    progress: 100,
    checks: (Object.keys(complianceCheckKinds) as ComplianceCheckKind[]).map((id) => check(id, 'passed')),
    riskScore: 100,
    overallStatus: 'passed',
    startedAt: '2026-11-22T05:00:00.000Z',
    completedAt: '2026-11-22T05:00:12.000Z',
    ...overrides,
  };
}

export function tokenContract(overrides: Partial<TokenContractView> = {}): TokenContractView {
  return {
    status: 'deployed',
    config: {
      tokenName: '12 Queen Street Token',
      tokenSymbol: 'PROP',
      totalSupply: 1000,
      decimals: 18,
      lockupPeriod: 90,
      transferRestrictions: true,
      dividendDistribution: true,
      governance: false,
      complianceOracle: 'Platform identity registry',
      blockchain: 'polygon',
      gasLimit: 5_000_000,
    },
    chainId: 31337,
    contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    identityRegistryAddress: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    complianceAddress: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    transactionHash: '0x8a3c5d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4',
    gasUsed: '4312345',
    deploymentCost: '0.0129',
    deployedAt: '2026-11-22T05:02:00.000Z',
    error: null,
    ...overrides,
  };
}

/** A property submitted and checked (score 100); overrides make the other states. */
export function property(overrides: Partial<PropertyView> = {}): PropertyView {
  return {
    id: propertyId,
    submissionId: 'PROP-1795237200000',
    address: '12 Queen Street, Auckland Central, Auckland 1010',
    location: 'Auckland, New Zealand',
    type: 'property',
    propertyType: 'residential',
    jurisdiction: 'nz',
    titleReference: 'NA123/45',
    value: '500000.00',
    tokenSupply: 1000,
    tokenPrice: '500.00',
    description: 'A three-bedroom villa in central Auckland, leased to long-term tenants since 2019.',
    expectedYield: '5.00',
    lockupPeriod: 90,
    valuationDate: '2026-10-01',
    ownerName: 'Aroha Ngata',
    status: 'approved',
    tokenizationStatus: 'pending',
    tokenId: null,
    contractAddress: null,
    linzVerified: true,
    regulatoryCompliant: true,
    dueDiligenceComplete: true,
    documents: [],
    compliance: complianceRun(),
    contract: null,
    complianceException: null,
    deploymentBlockers: [],
    createdAt: '2026-11-22T05:00:00.000Z',
    ...overrides,
  };
}

export const validDeclaration: WholesaleDeclarationView = {
  basis: 'investment_business',
  certifierName: 'Mere Tāwhai',
  certifierProfession: 'chartered_accountant',
  signedOn: '2026-09-01',
  declaredAt: '2026-11-20T05:00:00.000Z',
  expiresOn: '2028-09-01',
  valid: true,
};

export const verifiedKyc: KycStatusResponse = { kycStatus: 'verified', verification: null };
export const unverifiedKyc: KycStatusResponse = { kycStatus: 'pending', verification: null };

export const walletAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

export function investment(overrides: Partial<InvestmentView> = {}): InvestmentView {
  return {
    id: 'INV-1795237500000',
    propertyId,
    amount: '5000.00',
    currency: 'NZD',
    paymentMethod: 'nzd',
    fee: '125.00',
    tokensReceived: '10',
    tokenPrice: '500.00',
    walletAddress,
    status: 'awaiting_payment',
    payment: { kind: 'card', clientSecret: 'pi_1_secret_2', publishableKey: 'pk_test_123' },
    payBy: '2026-11-22T05:35:00.000Z',
    transactionHash: null,
    lockedUntil: null,
    error: null,
    timestamp: '2026-11-22T05:05:00.000Z',
    ...overrides,
  };
}

export const summary: TokenizationSummary = {
  properties: 4,
  tokenized: 3,
  tokenizedValue: '1500000.00',
  inCompliance: 1,
};

type Route = (init: RequestInit | undefined) => MockResponse;
export type TokenizationRoutes = Record<string, MockResponse | MockResponse[] | Route>;

/** Both chains answering: Polygon at 30 gwei, Ethereum at 2 gwei. */
export const tokenChains: TokenChainStatusList = {
  chains: [
    {
      blockchain: 'polygon',
      status: 'online',
      chainId: 137,
      gasPriceWei: '30000000000',
      nativeCurrency: 'MATIC',
      checkedAt: '2026-11-22T05:00:00.000Z',
    },
    {
      blockchain: 'ethereum',
      status: 'online',
      chainId: 1,
      gasPriceWei: '2000000000',
      nativeCurrency: 'ETH',
      checkedAt: '2026-11-22T05:00:00.000Z',
    },
  ],
};

/** What every tokenization screen reads first: a New Zealand visitor, verified, with a declaration, nothing submitted. */
export const defaultTokenizationRoutes: TokenizationRoutes = {
  [`GET ${tokenizationPaths.eligibility}`]: { body: newZealand },
  [`GET ${tokenizationPaths.properties}`]: { body: { properties: [] } },
  [`GET ${tokenizationPaths.wholesaleDeclaration}`]: { body: validDeclaration },
  [`GET ${tokenizationPaths.summary}`]: { body: summary },
  [`GET ${tokenizationPaths.chains}`]: { body: tokenChains },
  'GET /api/kyc/status': { body: verifiedKyc },
  [`GET ${tokenizationPaths.myInvestments}`]: { body: { investments: [] } },
  // Where the card form loads Stripe.js from (null: Stripe's own).
  'GET /api/billing/config': { body: { publishableKey: 'pk_test_123', stripeJsUrl: null } },
};

/**
 * The tokenization API with the answers a test gives per "METHOD path" over the defaults; a route
 * given as a list answers its entries in turn and repeats the last. Anything else is a 404.
 */
export function tokenizationApi(routes: TokenizationRoutes = {}) {
  const all = { ...defaultTokenizationRoutes, ...routes };
  const served: Record<string, number> = {};
  return mockFetch((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const route = all[key];
    if (route === undefined) return { status: 404, body: { error: 'NOT_FOUND', message: `No route ${key}` } };
    if (typeof route === 'function') return route(init);
    if (!Array.isArray(route)) return route;
    const index = Math.min(served[key] ?? 0, route.length - 1);
    served[key] = (served[key] ?? 0) + 1;
    return route[index] as MockResponse;
  });
}
