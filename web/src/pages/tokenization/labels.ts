import type {
  ComplianceCheckStatus,
  InvestmentView,
  PropertyJurisdiction,
  PropertyType,
  TokenBlockchain,
  TokenContractView,
} from '@app/contracts';

export const propertyTypeLabels: Record<PropertyType, string> = {
  residential: 'Residential',
  commercial: 'Commercial',
  industrial: 'Industrial',
  land: 'Land',
};

export const jurisdictionLabels: Record<PropertyJurisdiction, string> = {
  nz: 'New Zealand',
  au: 'Australia',
  sg: 'Singapore',
};

export const checkStatusLabels: Record<ComplianceCheckStatus, string> = {
  pending: 'Pending',
  running: 'Running',
  passed: 'Passed',
  warning: 'Warning',
  failed: 'Failed',
};

export const checkStatusColors: Record<ComplianceCheckStatus, string> = {
  pending: 'default',
  running: 'processing',
  passed: 'success',
  warning: 'warning',
  failed: 'error',
};

export const blockchainLabels: Record<TokenBlockchain, string> = {
  polygon: 'Polygon',
  ethereum: 'Ethereum',
  algorand: 'Algorand',
};

/** Why Algorand is offered but cannot be chosen, for the contract and for the payment. */
export { noAlgorandAdapter } from '@app/contracts';

export const contractStatusLabels: Record<TokenContractView['status'], string> = {
  queued: 'Queued for deployment',
  deploying: 'Deploying the token contract',
  deployed: 'Deployed',
  failed: 'Deployment failed',
};

export const investmentStatusLabels: Record<InvestmentView['status'], string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  minting: 'Minting tokens',
  completed: 'Completed',
  failed: 'Failed',
};
