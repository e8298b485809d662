import { CONTRACT_MIN_RISK_SCORE, nativeCurrencies, type PropertyView, type TokenBlockchain } from '@app/contracts';

/** Spec 4: upload, then compliance, then contract, then investment, then complete. */
export const workflowStages = ['upload', 'compliance', 'contract', 'investment', 'complete'] as const;
export type WorkflowStage = (typeof workflowStages)[number];

/** The four steps shown (spec 2), one per stage before completion. */
export const workflowSteps = [
  { stage: 'upload', title: 'Property Submission' },
  { stage: 'compliance', title: 'Compliance Verification' },
  { stage: 'contract', title: 'Smart Contract' },
  { stage: 'investment', title: 'Investment Portal' },
] as const satisfies readonly { stage: WorkflowStage; title: string }[];

export type StepStatus = 'complete' | 'active' | 'pending';

const order = (stage: WorkflowStage) => workflowStages.indexOf(stage);

export const isWorkflowStage = (value: string | null): value is WorkflowStage =>
  (workflowStages as readonly (string | null)[]).includes(value);

/** Spec 4: a step before the current one is complete, the current one active, the rest pending. */
export function stepStatus(step: WorkflowStage, current: WorkflowStage): StepStatus {
  if (order(step) < order(current)) return 'complete';
  return step === current ? 'active' : 'pending';
}

/** Spec 4: overall progress is the completed stages out of 4. */
export const completedStages = (current: WorkflowStage): number => order(current);
export const overallProgress = (current: WorkflowStage): number =>
  (completedStages(current) / workflowSteps.length) * 100;

/** The checks ran and scored enough to configure the contract (spec 4: at least 70). */
export const scoredEnough = (property: PropertyView): boolean =>
  property.compliance?.status === 'completed' && (property.compliance.riskScore ?? 0) >= CONTRACT_MIN_RISK_SCORE;

/**
 * The checks ran, scored enough (or the compliance team approved an exception) and nothing the
 * server names stands in the way of the token (issue 39: every check passed or an approved
 * exception, a verified identity, a plan with tokenization).
 */
export const compliancePassed = (property: PropertyView): boolean =>
  property.compliance?.status === 'completed' &&
  (scoredEnough(property) || property.complianceException !== null) &&
  property.deploymentBlockers.length === 0;

const contractDeployed = (property: PropertyView) => property.contract?.status === 'deployed';

/** The furthest stage the server's state of the property allows. */
function reachableStage(property: PropertyView): WorkflowStage {
  if (contractDeployed(property)) return 'complete';
  if (property.contract || compliancePassed(property)) return 'contract';
  return 'compliance';
}

/** Where a property is picked up again when no step is asked for (a reload, or Continue from the list). */
export function resumeStage(property: PropertyView): WorkflowStage {
  if (contractDeployed(property)) return 'investment';
  return property.contract ? 'contract' : 'compliance';
}

/**
 * The stage to show: the one asked for (the URL's), never past what the server's state allows,
 * so a reload or an edited URL cannot skip the checks or the deployment.
 */
export function currentStage(property: PropertyView | undefined, requested: WorkflowStage | undefined): WorkflowStage {
  if (!property) return 'upload';
  const wanted = requested && requested !== 'upload' ? requested : resumeStage(property);
  const reachable = reachableStage(property);
  return order(wanted) > order(reachable) ? reachable : wanted;
}

/** A submission still on its way to a token. */
export const unfinishedProperty = (property: PropertyView): boolean => !contractDeployed(property);

/** The stage's label in the list of properties in progress. */
export const stageLabels: Record<WorkflowStage, string> = {
  upload: 'Property Submission',
  compliance: 'Compliance Verification',
  contract: 'Smart Contract',
  investment: 'Investment Portal',
  complete: 'Complete',
};

/** The unit a deployment's real cost is counted in: the chain's native coin (as the estimate's). */
export const nativeUnits: Record<TokenBlockchain, string> = nativeCurrencies;

/** The spec's default token name: the address's first part ("12 Queen Street Token"). */
export function defaultTokenName(address: string): string {
  const street = address.split(',')[0]?.trim() ?? '';
  return `${street || address.trim()} Token`.slice(0, 100);
}
