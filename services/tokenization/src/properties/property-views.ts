import {
  propertyDocumentTypes,
  type DeploymentBlocker,
  type ComplianceRunView,
  type PropertyDocumentKey,
  type PropertyDocumentView,
  type PropertyView,
  type TokenContractView,
} from '@app/contracts';
import type { ComplianceRun } from '../compliance/compliance-run.entity';
import { complianceExceptionOf } from '../deployment/deployment-rule';
import type { TokenContract } from '../deployment/token-contract.entity';
import type { Property } from './property.entity';

/** Wei as a decimal string of the chain's native unit (18 places, trailing zeros dropped). */
export function etherOf(wei: bigint): string {
  const whole = wei / 10n ** 18n;
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

export const complianceRunView = (run: ComplianceRun): ComplianceRunView => ({
  id: run.id,
  status: run.status,
  progress: run.progress,
  checks: run.checks,
  riskScore: run.riskScore,
  overallStatus: run.overallStatus,
  startedAt: run.startedAt.toISOString(),
  completedAt: run.completedAt?.toISOString() ?? null,
});

export const tokenContractView = (contract: TokenContract): TokenContractView => ({
  status: contract.status,
  config: contract.config,
  chainId: contract.chainId,
  contractAddress: contract.contractAddress,
  identityRegistryAddress: contract.suite?.identityRegistry ?? null,
  complianceAddress: contract.suite?.modularCompliance ?? null,
  transactionHash: contract.transactionHash,
  gasUsed: contract.gasUsed,
  deploymentCost: contract.costWei === null ? null : etherOf(BigInt(contract.costWei)),
  deployedAt: contract.deployedAt?.toISOString() ?? null,
  error: contract.error,
});

export function propertyView(
  property: Property,
  run: ComplianceRun | null | undefined,
  contract: TokenContract | null | undefined,
  deploymentBlockers: DeploymentBlocker[] = [],
): PropertyView {
  const documents: PropertyDocumentView[] = property.documents.map((document) => ({
    id: document.id,
    key: document.key as PropertyDocumentKey,
    label: propertyDocumentTypes[document.key as PropertyDocumentKey]?.label ?? document.key,
    fileName: document.fileName,
    kind: document.kind as PropertyDocumentView['kind'],
    sizeBytes: document.sizeBytes,
    sha256: document.sha256,
    uploadedAt: property.createdAt.toISOString(),
  }));
  return {
    id: property.id,
    submissionId: property.submissionId,
    address: property.address,
    location: property.location,
    type: 'property',
    propertyType: property.propertyType,
    jurisdiction: property.jurisdiction,
    titleReference: property.titleReference,
    ownerName: property.ownerName,
    value: property.value,
    tokenSupply: Number(property.tokenSupply),
    tokenPrice: property.tokenPrice,
    description: property.description,
    expectedYield: property.expectedYield,
    lockupPeriod: property.lockupPeriod,
    valuationDate: property.valuationDate,
    status: property.status,
    tokenizationStatus: property.tokenizationStatus,
    tokenId: property.tokenId,
    contractAddress: property.contractAddress,
    linzVerified: property.linzVerified,
    regulatoryCompliant: property.regulatoryCompliant,
    dueDiligenceComplete: property.dueDiligenceComplete,
    documents,
    compliance: run ? complianceRunView(run) : null,
    contract: contract ? tokenContractView(contract) : null,
    complianceException: complianceExceptionOf(run),
    deploymentBlockers: contract?.status === 'deployed' ? [] : deploymentBlockers,
    createdAt: property.createdAt.toISOString(),
  };
}
