import { z } from 'zod';

/**
 * Real-estate tokenization (signed-in areas spec, sections 2-5, 8 and 9; issue 19): the shared
 * names, rules and messages of property submission, documents, the compliance pipeline, the token
 * contract, investments and the region gate. The server enforces every rule here; the web app
 * checks the same ones as the user types.
 */

// ---------------------------------------------------------------------------------------------
// Region gate

/** Tokenization is offered only where the platform is licensed to (by IP geolocation). */
export const tokenizationCountries = ['NZ', 'AU'] as const;
export const isTokenizationCountry = (countryCode: string | null | undefined): boolean =>
  (tokenizationCountries as readonly string[]).includes((countryCode ?? '').toUpperCase());

export const tokenizationMessages = {
  /** Spec 8: the restricted region's message. */
  restricted: (country: string) =>
    `Tokenization services are currently only available in New Zealand and Australia. Your location: ${country}`,
  /** Spec 8: the location check's failures. */
  locationUnknown: 'Could not determine location',
  locationFailed: 'Location detection failed',
  /** Spec 8: submitting with fewer than the required documents. */
  missingDocumentsTitle: 'Missing Documents',
  missingDocuments: 'Please upload at least the required documents',
  /** Spec 8: a deployment that failed. */
  deploymentFailedTitle: 'Deployment Failed',
  deploymentFailed: 'Failed to deploy smart contract. Please try again.',
  /** Spec 8: investing before the identity is verified (the KYC gate's message opens with it). */
  kycFirst: 'Please complete KYC verification first',
} as const;

/** GET /api/tokenization/eligibility (spec 3, regional gate reads, without the browser's isLoading). */
export const tokenizationEligibilitySchema = z.object({
  isAllowed: z.boolean(),
  /** The detected country's name, or null when the address could not be placed. */
  country: z.string().nullable(),
  countryCode: z.string().nullable(),
  /** The restriction message when not allowed, else null. */
  restrictionMessage: z.string().nullable(),
});
export type TokenizationEligibility = z.infer<typeof tokenizationEligibilitySchema>;

// ---------------------------------------------------------------------------------------------
// Property submission (spec 3 and 5)

export const propertyTypes = ['residential', 'commercial', 'industrial', 'land'] as const;
export type PropertyType = (typeof propertyTypes)[number];
/** The form offers Singapore too; the compliance pipeline refuses it with its reason. */
export const propertyJurisdictions = ['nz', 'au', 'sg'] as const;
export type PropertyJurisdiction = (typeof propertyJurisdictions)[number];
/** Where a property is (the property record's location). */
export const jurisdictionNames: Record<PropertyJurisdiction, string> = {
  nz: 'New Zealand',
  au: 'Australia',
  sg: 'Singapore',
};

export const propertyMessages = {
  address: 'Full property address is required',
  titleReference: 'LINZ title reference is required',
  currentValue: 'Minimum property value is $50,000',
  tokenSupply: 'Minimum token supply is 100',
  tokenPrice: 'Token price must be greater than 0',
  description: 'Property description must be at least 50 characters',
  expectedYield: 'Expected yield must be between 0-100%',
  lockupPeriod: 'Minimum lockup period is 30 days',
  /** The AML check screens the registered owner (as on the title) against the sanctions list. */
  ownerName: "Enter the registered owner's name as it appears on the title",
  valuationDate: 'Enter the date of the valuation report (not in the future).',
} as const;

/** Spec 9: the form's defaults. */
export const propertyDefaults = {
  propertyType: 'residential',
  jurisdiction: 'nz',
  tokenSupply: 1000,
  expectedYield: 5,
  lockupPeriod: 90,
} as const;

/** The largest value a property may state (numeric 15,2). */
export const MAX_PROPERTY_VALUE = 9_999_999_999_999.99;

/** The fields of a property submission (the documents travel apart, as files). */
export const propertySubmissionSchema = z.strictObject({
  propertyAddress: z.string().trim().min(10, propertyMessages.address).max(500),
  propertyType: z.enum(propertyTypes).default(propertyDefaults.propertyType),
  jurisdiction: z.enum(propertyJurisdictions).default(propertyDefaults.jurisdiction),
  titleReference: z.string().trim().min(5, propertyMessages.titleReference).max(100),
  currentValue: z.coerce.number().min(50_000, propertyMessages.currentValue).max(MAX_PROPERTY_VALUE),
  tokenSupply: z.coerce.number().int().min(100, propertyMessages.tokenSupply).max(1_000_000_000_000),
  tokenPrice: z.coerce.number().min(0.01, propertyMessages.tokenPrice).max(MAX_PROPERTY_VALUE),
  description: z.string().trim().min(50, propertyMessages.description).max(5000),
  expectedYield: z.coerce.number().min(0, propertyMessages.expectedYield).max(100, propertyMessages.expectedYield),
  lockupPeriod: z.coerce.number().int().min(30, propertyMessages.lockupPeriod).max(36_500),
  ownerName: z.string().trim().min(2, propertyMessages.ownerName).max(200),
  /** The valuation report's date (YYYY-MM-DD): the compliance check wants one within 6 months. */
  valuationDate: z.iso.date(propertyMessages.valuationDate),
});
export type PropertySubmission = z.input<typeof propertySubmissionSchema>;

/** Spec 9: the token price the form previews (value over supply). */
export const tokenPricePreview = (currentValue: number, tokenSupply: number): number =>
  tokenSupply > 0 ? currentValue / tokenSupply : 0;

// ---------------------------------------------------------------------------------------------
// Documents (spec 3)

export interface PropertyDocumentType {
  label: string;
  /** File kinds accepted, checked by their content (magic bytes), not by the name. */
  kinds: readonly ('pdf' | 'jpg' | 'png' | 'dwg')[];
  required: boolean;
}

export const propertyDocumentTypes = {
  titleDeed: { label: 'Title Deed', kinds: ['pdf', 'jpg', 'png'], required: true },
  valuationReport: { label: 'Valuation Report', kinds: ['pdf'], required: true },
  propertySurvey: { label: 'Property Survey', kinds: ['pdf', 'dwg'], required: false },
  buildingConsent: { label: 'Building Consent', kinds: ['pdf'], required: false },
  insurancePolicy: { label: 'Insurance Policy', kinds: ['pdf'], required: true },
} as const satisfies Record<string, PropertyDocumentType>;
export type PropertyDocumentKey = keyof typeof propertyDocumentTypes;
export const propertyDocumentKeys = Object.keys(propertyDocumentTypes) as PropertyDocumentKey[];
export const requiredDocumentKeys = propertyDocumentKeys.filter((key) => propertyDocumentTypes[key].required);

/** Spec 5: submitting needs at least this many documents (the required ones among them). */
export const MIN_PROPERTY_DOCUMENTS = 3;
/** Spec 9: a valuation no older than this many months. */
export const VALUATION_MAX_AGE_MONTHS = 6;

/** Whether the documents given allow a submission: at least three, every required one present. */
export const hasRequiredDocuments = (given: readonly string[]): boolean =>
  given.length >= MIN_PROPERTY_DOCUMENTS && requiredDocumentKeys.every((key) => given.includes(key));

// ---------------------------------------------------------------------------------------------
// Compliance pipeline (spec 3, 4 and 9)

export const complianceCheckStatuses = ['pending', 'running', 'passed', 'warning', 'failed'] as const;
export type ComplianceCheckStatus = (typeof complianceCheckStatuses)[number];

/** The checks, in the order they run. */
export const complianceCheckKinds = {
  title: { name: 'Title verification', description: 'Title reference format and the title deed' },
  valuation: {
    name: 'Valuation',
    description: `A valuation report dated within the last ${VALUATION_MAX_AGE_MONTHS} months`,
  },
  insurance: { name: 'Insurance', description: 'An insurance policy for the property' },
  aml: { name: 'AML screening', description: "The owner's name screened against the sanctions list" },
  kyc: { name: 'Identity verification', description: "The submitter's identity verified (KYC)" },
  jurisdiction: { name: 'Jurisdiction', description: 'The property is in New Zealand or Australia' },
} as const satisfies Record<string, { name: string; description: string }>;
export type ComplianceCheckKind = keyof typeof complianceCheckKinds;

/** Spec 4: failed if any check failed, else warning if any warned, else passed. */
export function overallComplianceStatus(statuses: readonly ComplianceCheckStatus[]): 'passed' | 'warning' | 'failed' {
  if (statuses.includes('failed')) return 'failed';
  return statuses.includes('warning') ? 'warning' : 'passed';
}

/** Spec 9: 100 minus 30 per failed check minus 10 per warning, never below 0. */
export function complianceRiskScore(statuses: readonly ComplianceCheckStatus[]): number {
  const failed = statuses.filter((status) => status === 'failed').length;
  const warnings = statuses.filter((status) => status === 'warning').length;
  return Math.max(0, 100 - 30 * failed - 10 * warnings);
}

/** Spec 9: moving on to the contract needs at least this score. */
export const CONTRACT_MIN_RISK_SCORE = 70;

/** Spec 9: the score's level and what it means. */
export function complianceRiskLevel(score: number): { level: 'Low' | 'Medium' | 'High'; meaning: string } {
  if (score >= 90) return { level: 'Low', meaning: 'Meets all requirements' };
  if (score >= CONTRACT_MIN_RISK_SCORE) return { level: 'Medium', meaning: 'Approved with conditions' };
  return { level: 'High', meaning: 'Needs more work' };
}

// ---------------------------------------------------------------------------------------------
// Token contract (spec 3, 5 and 9)

export const tokenBlockchains = ['polygon', 'ethereum', 'algorand'] as const;
export type TokenBlockchain = (typeof tokenBlockchains)[number];

export const contractMessages = {
  tokenName: 'Token name must be at least 3 characters',
  tokenSymbolShort: 'Symbol must be at least 2 characters',
  /** Spec 5. */
  tokenSymbolLong: 'Symbol too long',
  totalSupply: 'Minimum token supply is 100',
  decimals: 'Decimals must be between 0 and 18',
  lockupPeriod: 'Minimum lockup period is 30 days',
  complianceOracle: 'A compliance oracle is required',
  blockchain: 'Choose Polygon, Ethereum or Algorand',
  gasLimit: 'Gas limit must be at least 50,000',
} as const;

/**
 * The gas one property's token suite takes to deploy (deployTREXSuite, measured on the local node:
 * about 3.65 million with transfer restrictions, 3.54 million without; unpause about 43,000).
 */
export const SUITE_DEPLOYMENT_GAS = 3_700_000;

/**
 * Spec 9: the contract form's defaults; the gas limit is 5,000,000 rather than the spec's 500,000,
 * which no token suite fits in (it is sent as each deployment transaction's gas limit).
 */
export const contractDefaults = {
  tokenSymbol: 'PROP',
  decimals: 18,
  gasLimit: 5_000_000,
  lockupPeriod: 90,
  /**
   * The platform's own identity registry: a wallet may hold the token once it is registered there,
   * which the platform does for KYC-verified wholesale investors only.
   */
  complianceOracle: 'Platform identity registry (KYC verified wholesale investors)',
  transferRestrictions: true,
  dividendDistribution: true,
  governance: false,
} as const;

export const contractConfigSchema = z.strictObject({
  tokenName: z.string().trim().min(3, contractMessages.tokenName).max(100),
  tokenSymbol: z
    .string()
    .trim()
    .min(2, contractMessages.tokenSymbolShort)
    .max(10, contractMessages.tokenSymbolLong)
    .default(contractDefaults.tokenSymbol),
  totalSupply: z.coerce.number().int().min(100, contractMessages.totalSupply).max(1_000_000_000_000),
  decimals: z.coerce
    .number()
    .int()
    .min(0, contractMessages.decimals)
    .max(18, contractMessages.decimals)
    .default(contractDefaults.decimals),
  /**
   * The lock-up is the one submitted with the property: omitted, the submission's is taken; a
   * different one is refused (the minted tokens are frozen on chain for that many days).
   */
  lockupPeriod: z.coerce.number().int().min(30, contractMessages.lockupPeriod).max(36_500).optional(),
  transferRestrictions: z.boolean().default(contractDefaults.transferRestrictions),
  dividendDistribution: z.boolean().default(contractDefaults.dividendDistribution),
  governance: z.boolean().default(contractDefaults.governance),
  /** Who decides whether a holder may hold and receive the token; optional, the platform's by default. */
  complianceOracle: z
    .string()
    .trim()
    .min(1, contractMessages.complianceOracle)
    .max(200)
    .default(contractDefaults.complianceOracle),
  blockchain: z.enum(tokenBlockchains, { error: contractMessages.blockchain }),
  gasLimit: z.coerce
    .number()
    .int()
    .min(50_000, contractMessages.gasLimit)
    .max(30_000_000)
    .default(contractDefaults.gasLimit),
});
export type ContractConfig = z.input<typeof contractConfigSchema>;
/** A config as deployed: its lock-up is the property's. */
export const deployedContractConfigSchema = contractConfigSchema.extend({ lockupPeriod: z.number() });
export type DeployedContractConfig = z.output<typeof deployedContractConfigSchema>;

/** The coin each chain's gas is paid in (what a deployment costs there). */
export const nativeCurrencies: Record<TokenBlockchain, string> = {
  polygon: 'MATIC',
  ethereum: 'ETH',
  algorand: 'ALGO',
};

/**
 * The cost estimate shown before deploying, at the chain's current gas price (wei per gas, as its
 * node reports it) and in the chain's own coin: `amount` for the gas a suite takes, `maximum` at
 * the gas limit (the most the deployment can cost). Null for Algorand (no adapter) or when the
 * chain's gas price is not known. The deployment records what it really cost.
 */
export function estimateDeploymentCost(
  blockchain: TokenBlockchain,
  gasLimit: number,
  gasPriceWei: string | null,
): { amount: number; maximum: number; unit: string } | null {
  if (blockchain === 'algorand' || gasPriceWei === null || !/^\d+$/.test(gasPriceWei)) return null;
  const price = BigInt(gasPriceWei);
  const limit = BigInt(Math.max(0, Math.trunc(gasLimit)));
  const expected = BigInt(SUITE_DEPLOYMENT_GAS) < limit ? BigInt(SUITE_DEPLOYMENT_GAS) : limit;
  return {
    amount: Number(expected * price) / 1e18,
    maximum: Number(limit * price) / 1e18,
    unit: nativeCurrencies[blockchain],
  };
}

/** GET /api/tokenization/chains: each EVM chain tokens deploy on, as its node answers now. */
export const tokenChainStatusSchema = z.object({
  blockchain: z.enum(tokenBlockchains),
  status: z.enum(['online', 'offline']),
  chainId: z.number().nullable(),
  /** Wei per gas, as the node reports it now (eth_gasPrice); null when it does not answer. */
  gasPriceWei: z.string().nullable(),
  nativeCurrency: z.string(),
  checkedAt: z.string(),
});
export type TokenChainStatus = z.infer<typeof tokenChainStatusSchema>;
export const tokenChainStatusListSchema = z.object({ chains: z.array(tokenChainStatusSchema) });
export type TokenChainStatusList = z.infer<typeof tokenChainStatusListSchema>;

// ---------------------------------------------------------------------------------------------
// Who may deploy (issue 39): every check passed (or an exception compliance approved), the
// issuer's identity verified and a plan that includes tokenization.

export const deploymentConditions = ['compliance', 'kyc', 'plan'] as const;
export type DeploymentCondition = (typeof deploymentConditions)[number];

export const deploymentRuleMessages = {
  notChecked: 'Run the compliance checks first: deploying a token needs every check passed.',
  checksNotPassed: (names: readonly string[]) =>
    `Every compliance check must pass before a token is deployed; not passed: ${names.join(', ')}. ` +
    'Fix them and run the checks again, or ask the compliance team for an exception.',
  kyc: 'Your identity must be verified (KYC) before you deploy a token: verify it under Settings → Verification.',
  plan: 'Your plan does not include tokenization: deploying a token needs the Enterprise plus Tokenization plan.',
} as const;

/** One condition not met, with what to do. */
export const deploymentBlockerSchema = z.object({
  condition: z.enum(deploymentConditions),
  message: z.string(),
});
export type DeploymentBlocker = z.infer<typeof deploymentBlockerSchema>;

/** A compliance exception: the compliance team let a run that did not pass every check deploy. */
export const complianceExceptionViewSchema = z.object({
  runId: z.string(),
  approvedBy: z.string(),
  reason: z.string(),
  approvedAt: z.string(),
});
export type ComplianceExceptionView = z.infer<typeof complianceExceptionViewSchema>;

export const complianceExceptionMessages = {
  reason: 'Give the reason for the exception (at least 20 characters).',
  notNeeded: 'Every compliance check of this property passed: no exception is needed.',
  notCompleted: 'The compliance checks of this property have not completed: an exception needs their result.',
} as const;

export const complianceExceptionRequestSchema = z.strictObject({
  reason: z.string().trim().min(20, complianceExceptionMessages.reason).max(2000),
});
export type ComplianceExceptionRequest = z.input<typeof complianceExceptionRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Investment (spec 5 and 9)

/** Spec 9: the minimum investment is ten times the token price. */
export const INVESTMENT_MIN_TOKEN_PRICES = 10;
export const minimumInvestment = (tokenPrice: number): number => INVESTMENT_MIN_TOKEN_PRICES * tokenPrice;
/** Spec 9: the form's default amount. */
export const DEFAULT_INVESTMENT_AMOUNT = 1000;

const nzd = (amount: number) => amount.toLocaleString('en-NZ', { style: 'currency', currency: 'NZD' });

export const investmentMessages = {
  belowMinimum: (minimum: number) => `The minimum investment is ${nzd(minimum)} (ten times the token price).`,
  notDeployed: 'This property has no deployed token to invest in yet.',
  soldOut: (remaining: bigint) =>
    remaining > 0n ? `Only ${remaining} tokens of this property remain.` : 'Every token of this property is taken.',
  noAdapter: (label: string) => `${label} payments are not available yet: there is no adapter for them.`,
  paymentUnavailable: 'The card payment could not be set up. Please try again in a few minutes.',
  notFound: 'Investment not found',
  /** Cancel asked of an investment no longer awaiting payment. */
  notAwaitingPayment: 'Only an investment awaiting payment can be cancelled.',
  /** Why an investment awaiting payment ended unpaid (its tokens are free again). */
  cancelled: 'You cancelled this investment before paying; its tokens are free again.',
  lapsed: 'The payment window closed before the card was paid: the reservation lapsed and its tokens are free again.',
  paymentCancelled: 'The payment was cancelled.',
} as const;

/** Why a method cannot be chosen yet (null: it can). */
export const noAlgorandAdapter = 'No Algorand adapter yet';
export const noCryptoInvestmentAdapter = 'Crypto payment for tokens is not connected yet';

export const investmentPaymentMethods = {
  /** Spec 9: NZD by card (Stripe), fee 2.5 %, settles in 1-2 business days. */
  nzd: { label: 'NZD', fee: 0.025, settlement: '1-2 business days', adapter: true, unavailable: null },
  /** Spec 9: MATIC on Polygon, fee 0.5 %, instant; the crypto charge flow does not take investments yet. */
  matic: {
    label: 'Polygon MATIC',
    fee: 0.005,
    settlement: 'instant',
    adapter: false,
    unavailable: noCryptoInvestmentAdapter,
  },
  /** Spec 9: ALGO on Algorand, fee 0.3 %, instant: no Algorand adapter yet. */
  algo: { label: 'Algorand ALGO', fee: 0.003, settlement: 'instant', adapter: false, unavailable: noAlgorandAdapter },
} as const;
export type InvestmentPaymentMethod = keyof typeof investmentPaymentMethods;

// ---------------------------------------------------------------------------------------------
// The HTTP API (services/tokenization behind the gateway). Every call is refused with 403
// REGION_RESTRICTED and the restricted message outside NZ and AU.

export const tokenizationPaths = {
  eligibility: '/api/tokenization/eligibility',
  /** multipart/form-data: the submission's fields and one file per document key. */
  upload: '/api/tokenization/upload',
  properties: '/api/tokenization/properties',
  property: (id: string) => `/api/tokenization/properties/${id}`,
  document: (id: string, documentId: string) => `/api/tokenization/properties/${id}/documents/${documentId}`,
  complianceCheck: (id: string) => `/api/tokenization/properties/${id}/compliance-check`,
  complianceException: (id: string) => `/api/tokenization/properties/${id}/compliance-exception`,
  chains: '/api/tokenization/chains',
  contract: (id: string) => `/api/tokenization/properties/${id}/contract`,
  summary: '/api/tokenization/summary',
  wholesaleDeclaration: '/api/tokenization/wholesale-declaration',
  investments: (propertyId: string) => `/api/tokenization/properties/${propertyId}/investments`,
  myInvestments: '/api/tokenization/investments',
  investment: (id: string) => `/api/tokenization/investments/${id}`,
  cancelInvestment: (id: string) => `/api/tokenization/investments/${id}/cancel`,
} as const;

/** The most a document may weigh; the gateway admits an upload of five of them and the fields. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = 5 * MAX_DOCUMENT_BYTES + 256 * 1024;

export const uploadMessages = {
  tooLarge: `A document may be at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`,
  wrongKind: (label: string, kinds: readonly string[]) =>
    `${label} must be a ${kinds.map((kind) => kind.toUpperCase()).join(', ')} file.`,
  unknownDocument: (name: string) => `Unknown document type: ${name}.`,
  duplicate: (label: string) => `Upload one ${label} only.`,
} as const;

export const documentKinds = ['pdf', 'jpg', 'png', 'dwg'] as const;

export const propertyDocumentViewSchema = z.object({
  id: z.string(),
  key: z.enum(propertyDocumentKeys as [PropertyDocumentKey, ...PropertyDocumentKey[]]),
  label: z.string(),
  fileName: z.string(),
  /** What its content is (magic bytes), whatever its name said. */
  kind: z.enum(documentKinds),
  sizeBytes: z.number(),
  sha256: z.string(),
  uploadedAt: z.string(),
});
export type PropertyDocumentView = z.infer<typeof propertyDocumentViewSchema>;

const complianceCheckIds = Object.keys(complianceCheckKinds) as [ComplianceCheckKind, ...ComplianceCheckKind[]];

export const complianceCheckViewSchema = z.object({
  id: z.enum(complianceCheckIds),
  name: z.string(),
  description: z.string(),
  status: z.enum(complianceCheckStatuses),
  provider: z.string(),
  result: z.string().nullable(),
});
export type ComplianceCheckView = z.infer<typeof complianceCheckViewSchema>;

export const complianceRunViewSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  /** Checks finished out of all, 0-100. */
  progress: z.number(),
  checks: z.array(complianceCheckViewSchema),
  /** Known once every check ran. */
  riskScore: z.number().nullable(),
  overallStatus: z.enum(['passed', 'warning', 'failed']).nullable(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type ComplianceRunView = z.infer<typeof complianceRunViewSchema>;

export const tokenContractViewSchema = z.object({
  status: z.enum(['queued', 'deploying', 'deployed', 'failed']),
  config: deployedContractConfigSchema,
  chainId: z.number().nullable(),
  contractAddress: z.string().nullable(),
  identityRegistryAddress: z.string().nullable(),
  complianceAddress: z.string().nullable(),
  transactionHash: z.string().nullable(),
  /** The gas the deployment used and what it cost, in the chain's native unit (ETH, MATIC). */
  gasUsed: z.string().nullable(),
  deploymentCost: z.string().nullable(),
  deployedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type TokenContractView = z.output<typeof tokenContractViewSchema>;

export const propertyStatuses = ['submitted', 'compliance', 'approved', 'rejected', 'tokenized'] as const;
export const tokenizationStatuses = ['pending', 'deploying', 'deployed', 'failed'] as const;

/** Spec 3's property record, with its submission, documents, latest compliance run and token. */
export const propertyViewSchema = z.object({
  id: z.string(),
  /** PROP- plus the submission's timestamp (ms). */
  submissionId: z.string(),
  address: z.string(),
  location: z.string(),
  type: z.literal('property'),
  propertyType: z.enum(propertyTypes),
  jurisdiction: z.enum(propertyJurisdictions),
  titleReference: z.string(),
  value: z.string(),
  tokenSupply: z.number(),
  tokenPrice: z.string(),
  description: z.string(),
  expectedYield: z.string(),
  lockupPeriod: z.number(),
  valuationDate: z.string(),
  ownerName: z.string(),
  status: z.enum(propertyStatuses),
  tokenizationStatus: z.enum(tokenizationStatuses),
  tokenId: z.string().nullable(),
  contractAddress: z.string().nullable(),
  linzVerified: z.boolean(),
  regulatoryCompliant: z.boolean(),
  dueDiligenceComplete: z.boolean(),
  documents: z.array(propertyDocumentViewSchema),
  compliance: complianceRunViewSchema.nullable(),
  contract: tokenContractViewSchema.nullable(),
  /** The exception the compliance team approved for the latest run, if any. */
  complianceException: complianceExceptionViewSchema.nullable(),
  /** What still stands between the property and its token (empty: it may be deployed). */
  deploymentBlockers: z.array(deploymentBlockerSchema),
  createdAt: z.string(),
});
export type PropertyView = z.output<typeof propertyViewSchema>;

export const propertyListSchema = z.object({ properties: z.array(propertyViewSchema) });
export type PropertyList = z.output<typeof propertyListSchema>;

/** The dashboard's tokenization block. */
export const tokenizationSummarySchema = z.object({
  properties: z.number(),
  tokenized: z.number(),
  /** Sum of the tokenized properties' values (NZD, 2 places). */
  tokenizedValue: z.string(),
  inCompliance: z.number(),
});
export type TokenizationSummary = z.infer<typeof tokenizationSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Wholesale investors and investments (spec 6: wholesale investors with completed KYC)

/**
 * Financial Markets Conduct Act 2013, Schedule 1, clauses 3 to 6: the ways a person is a wholesale
 * investor. An eligible investor's certificate is confirmed by a financial adviser, a chartered
 * accountant or a lawyer.
 */
export const wholesaleBases = {
  investment_business: 'Investment business (clause 37)',
  investment_activity: 'Meets the investment activity criteria (clause 38)',
  large: 'Large: net assets or turnover over $5 million in each of the last two financial years (clause 39)',
  government_agency: 'Government agency (clause 40)',
  eligible_investor: 'Eligible investor, with a certificate confirmed by an adviser (clauses 41-44)',
} as const;
export type WholesaleBasis = keyof typeof wholesaleBases;
export const certifierProfessions = {
  financial_adviser: 'Financial adviser',
  chartered_accountant: 'Chartered accountant',
  lawyer: 'Lawyer',
} as const;
/** A declaration stays valid this many months from its signing. */
export const WHOLESALE_DECLARATION_VALID_MONTHS = 24;

export const wholesaleMessages = {
  required: 'Investment is restricted to wholesale investors: declare your wholesale status first.',
  expired: 'Your wholesale investor declaration has expired: declare it again.',
  acknowledge: 'Confirm the declaration to continue.',
  certifierName: 'Enter the name of the person who confirmed your certificate.',
  signedOn: 'Enter the date the certificate was signed (not in the future).',
} as const;

export const wholesaleDeclarationRequestSchema = z.strictObject({
  basis: z.enum(Object.keys(wholesaleBases) as [WholesaleBasis, ...WholesaleBasis[]]),
  certifierName: z.string().trim().min(2, wholesaleMessages.certifierName).max(200),
  certifierProfession: z.enum(
    Object.keys(certifierProfessions) as [keyof typeof certifierProfessions, ...(keyof typeof certifierProfessions)[]],
  ),
  signedOn: z.iso.date(wholesaleMessages.signedOn),
  acknowledged: z.literal(true, { error: wholesaleMessages.acknowledge }),
});
export type WholesaleDeclarationRequest = z.input<typeof wholesaleDeclarationRequestSchema>;

export const wholesaleDeclarationViewSchema = z.object({
  basis: z.enum(Object.keys(wholesaleBases) as [WholesaleBasis, ...WholesaleBasis[]]),
  certifierName: z.string(),
  certifierProfession: z.enum(
    Object.keys(certifierProfessions) as [keyof typeof certifierProfessions, ...(keyof typeof certifierProfessions)[]],
  ),
  signedOn: z.string(),
  declaredAt: z.string(),
  expiresOn: z.string(),
  valid: z.boolean(),
});
export type WholesaleDeclarationView = z.infer<typeof wholesaleDeclarationViewSchema>;

export const evmAddressMessage = 'Enter an EVM wallet address (0x followed by 40 hexadecimal characters).';

export const investmentRequestSchema = z.strictObject({
  amount: z.coerce.number().positive().max(MAX_PROPERTY_VALUE).default(DEFAULT_INVESTMENT_AMOUNT),
  paymentMethod: z.enum(
    Object.keys(investmentPaymentMethods) as [InvestmentPaymentMethod, ...InvestmentPaymentMethod[]],
  ),
  walletAddress: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, evmAddressMessage),
});
export type InvestmentRequest = z.input<typeof investmentRequestSchema>;

export const investmentStatuses = ['awaiting_payment', 'paid', 'minting', 'completed', 'failed'] as const;

/** Spec 3's investment record, with how it is paid and the mint on chain. */
export const investmentViewSchema = z.object({
  /** INV- plus the investment's timestamp (ms). */
  id: z.string(),
  propertyId: z.string(),
  amount: z.string(),
  currency: z.literal('NZD'),
  paymentMethod: z.enum(
    Object.keys(investmentPaymentMethods) as [InvestmentPaymentMethod, ...InvestmentPaymentMethod[]],
  ),
  /** The method's fee on top of the amount (spec 9). */
  fee: z.string(),
  tokensReceived: z.string(),
  tokenPrice: z.string(),
  walletAddress: z.string(),
  status: z.enum(investmentStatuses),
  /** How to pay while awaiting payment: a card payment (Stripe) or a crypto charge's hosted page. */
  payment: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('card'), clientSecret: z.string(), publishableKey: z.string() }),
      z.object({ kind: z.literal('crypto'), hostedUrl: z.string(), chargeId: z.string() }),
    ])
    .nullable(),
  /**
   * While awaiting payment: when the reservation lapses unpaid (ISO; the tokens are freed and the
   * payment cancelled at the provider); null otherwise.
   */
  payBy: z.string().nullable(),
  /** The mint transaction on chain, once completed. */
  transactionHash: z.string().nullable(),
  /** The tokens are frozen on chain (the contract's lock-up) until then; null when not locked. */
  lockedUntil: z.string().nullable(),
  error: z.string().nullable(),
  timestamp: z.string(),
});
export type InvestmentView = z.infer<typeof investmentViewSchema>;

export const investmentListSchema = z.object({ investments: z.array(investmentViewSchema) });
export type InvestmentList = z.infer<typeof investmentListSchema>;
