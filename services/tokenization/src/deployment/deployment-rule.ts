import { Injectable } from '@nestjs/common';
import {
  CONTRACT_MIN_RISK_SCORE,
  deploymentRuleMessages,
  initialKycStatus,
  kycCleared,
  type ComplianceExceptionView,
  type DeploymentBlocker,
} from '@app/contracts';
import { KycClearancesRepository, type Transaction } from '@app/platform';
import type { ComplianceRun } from '../compliance/compliance-run.entity';
import { AccountPlansRepository } from '../plans/account-plans.repository';
import { planIncludesTokenization } from '../plans/plan-events.handlers';

/** The exception approved for the run, if any. */
export function complianceExceptionOf(run: ComplianceRun | null | undefined): ComplianceExceptionView | null {
  if (!run?.exceptionAt || !run.exceptionReason) return null;
  return {
    runId: run.id,
    approvedBy: run.exceptionByEmail ?? run.exceptionBy ?? 'compliance',
    reason: run.exceptionReason,
    approvedAt: run.exceptionAt.toISOString(),
  };
}

/** The checks of a completed run that did not pass (warned or failed), by name. */
export const checksNotPassed = (run: ComplianceRun): string[] =>
  run.checks.filter((check) => check.status !== 'passed').map((check) => check.name);

/** Whether the run is good enough by itself or by an exception (null: it is). */
export function complianceBlocker(run: ComplianceRun | null | undefined): DeploymentBlocker | null {
  if (!run || run.status !== 'completed') {
    return { condition: 'compliance', message: deploymentRuleMessages.notChecked };
  }
  const notPassed = checksNotPassed(run);
  if (notPassed.length === 0 || complianceExceptionOf(run)) return null;
  const score =
    (run.riskScore ?? 0) < CONTRACT_MIN_RISK_SCORE
      ? ` The compliance risk score is ${run.riskScore ?? 0}; the smart contract step needs at least ${CONTRACT_MIN_RISK_SCORE}.`
      : '';
  return { condition: 'compliance', message: `${deploymentRuleMessages.checksNotPassed(notPassed)}${score}` };
}

/**
 * Issue 39: who may deploy a property's token. Every compliance check of the latest run passed (or
 * an exception the compliance team approved for it), the issuer's identity verified (identity's
 * KycStatusChanged) and a plan that includes tokenization (billing's SubscriptionActivated). The
 * API refuses a deployment while any is unmet and the property view lists them, in this order.
 */
@Injectable()
export class DeploymentRule {
  constructor(
    private readonly kyc: KycClearancesRepository,
    private readonly plans: AccountPlansRepository,
  ) {}

  async blockers(
    manager: Transaction,
    userId: string,
    run: ComplianceRun | null | undefined,
    now = new Date(),
  ): Promise<DeploymentBlocker[]> {
    return blockersOf(run, await this.issuer(manager, userId, now));
  }

  /** What the rule needs to know about the issuer (read once for a list of their properties). */
  async issuer(manager: Transaction, userId: string, now = new Date()): Promise<IssuerStanding> {
    const [clearance, plan] = await Promise.all([
      this.kyc.byUserId(userId, manager),
      this.plans.byUserId(manager, userId),
    ]);
    return {
      kycVerified: kycCleared(clearance?.status ?? initialKycStatus),
      planIncludesTokenization: planIncludesTokenization(plan, now),
    };
  }
}

export interface IssuerStanding {
  kycVerified: boolean;
  planIncludesTokenization: boolean;
}

/** The unmet conditions, in the rule's order (compliance, KYC, plan). */
export function blockersOf(run: ComplianceRun | null | undefined, issuer: IssuerStanding): DeploymentBlocker[] {
  const blockers: DeploymentBlocker[] = [];
  const compliance = complianceBlocker(run);
  if (compliance) blockers.push(compliance);
  if (!issuer.kycVerified) blockers.push({ condition: 'kyc', message: deploymentRuleMessages.kyc });
  if (!issuer.planIncludesTokenization) blockers.push({ condition: 'plan', message: deploymentRuleMessages.plan });
  return blockers;
}
