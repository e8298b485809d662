import { Inject, Injectable, Logger } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  complianceRiskScore,
  CONTRACT_MIN_RISK_SCORE,
  initialKycStatus,
  kycCleared,
  overallComplianceStatus,
  type ComplianceCheckView,
} from '@app/contracts';
import { APP_CONFIG, KycClearancesRepository, OutboxService, TransactionRunner } from '@app/platform';
import type { TokenizationWorkerConfig } from '../config';
import { PropertiesRepository } from '../properties/properties.repository';
import { checkOrder, complianceChecks, type CheckInputs } from './compliance-checks';
import { ComplianceRunsRepository } from './compliance-runs.repository';
import { SanctionsList } from './sanctions-list';

/**
 * The worker's side of a compliance run: the checks one after another, each marked running, then
 * stored with its outcome, so the web app follows them live; then the score, the overall status,
 * the property's status and ComplianceChecked, in one transaction. A run already completed is
 * left as it is (a job delivered twice does nothing the second time).
 */
@Injectable()
export class ComplianceRunner {
  private readonly logger = new Logger(ComplianceRunner.name);
  private sanctions?: Promise<SanctionsList>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: TokenizationWorkerConfig,
    private readonly transactions: TransactionRunner,
    private readonly runs: ComplianceRunsRepository,
    private readonly properties: PropertiesRepository,
    private readonly kyc: KycClearancesRepository,
    private readonly outbox: OutboxService,
  ) {}

  /** The list is read once per process (SANCTIONS_LIST_PATH); a failed read is tried again next time. */
  private sanctionsList(): Promise<SanctionsList> {
    this.sanctions ??= SanctionsList.load(this.config.SANCTIONS_LIST_PATH).catch((error: unknown) => {
      this.sanctions = undefined;
      throw error;
    });
    return this.sanctions;
  }

  async run(runId: string, now = new Date()): Promise<'completed' | 'skipped'> {
    const run = await this.runs.byId(this.transactions.autocommit, runId);
    if (!run || run.status === 'completed' || run.status === 'failed') return 'skipped';
    const property = await this.properties.byId(this.transactions.autocommit, run.propertyId);
    if (!property) return 'skipped';
    const clearance = await this.kyc.byUserId(run.userId);
    const inputs: CheckInputs = {
      property,
      documents: property.documents,
      kycVerified: kycCleared(clearance?.status ?? initialKycStatus),
      sanctions: await this.sanctionsList(),
      now,
    };
    await this.runs.update(this.transactions.autocommit, runId, { status: 'running' });

    let checks = run.checks;
    const evidence: Record<string, unknown> = {};
    for (const [index, id] of checkOrder.entries()) {
      const current = checks.find((check) => check.id === id)!;
      checks = ComplianceRunsRepository.withCheck(checks, { ...current, status: 'running', result: null });
      await this.runs.update(this.transactions.autocommit, runId, { checks });
      const outcome = complianceChecks[id](inputs);
      const done: ComplianceCheckView = {
        ...current,
        status: outcome.status,
        provider: outcome.provider,
        result: outcome.result,
      };
      checks = ComplianceRunsRepository.withCheck(checks, done);
      if (outcome.evidence) evidence[id] = outcome.evidence;
      const progress = Math.round(((index + 1) / checkOrder.length) * 100);
      if (index < checkOrder.length - 1)
        await this.runs.update(this.transactions.autocommit, runId, { checks, progress });
    }

    const statuses = checks.map((check) => check.status);
    const riskScore = complianceRiskScore(statuses);
    const overallStatus = overallComplianceStatus(statuses);
    const statusOf = (id: string) => checks.find((check) => check.id === id)?.status;
    await this.transactions.run(async (manager) => {
      const locked = await this.runs.lock(manager, runId);
      if (!locked || locked.status === 'completed') return;
      await this.runs.update(manager, runId, {
        status: 'completed',
        progress: 100,
        checks,
        evidence,
        riskScore,
        overallStatus,
        completedAt: now,
      });
      await this.properties.update(manager, property.id, {
        status: riskScore >= CONTRACT_MIN_RISK_SCORE ? 'approved' : 'rejected',
        linzVerified: property.jurisdiction === 'nz' && statusOf('title') === 'passed',
        regulatoryCompliant:
          statusOf('jurisdiction') === 'passed' && statusOf('aml') !== 'failed' && statusOf('kyc') === 'passed',
        dueDiligenceComplete: true,
      });
      await this.outbox.publish(manager, 'ComplianceChecked', property.id, {
        propertyId: property.id,
        runId,
        userId: run.userId,
        riskScore,
        overallStatus,
        failedChecks: checks.filter((check) => check.status === 'failed').map((check) => check.id),
        warningChecks: checks.filter((check) => check.status === 'warning').map((check) => check.id),
        occurredAt: timestampFromDate(now),
      });
    });
    this.logger.log(`compliance run ${runId} of property ${property.id}: ${overallStatus}, risk score ${riskScore}`);
    return 'completed';
  }

  /** A run whose job gave up: marked failed so the page stops waiting and the user can run it again. */
  async fail(runId: string, error: unknown): Promise<void> {
    this.logger.error(`compliance run ${runId} failed: ${(error as Error).message}`);
    await this.transactions.run(async (manager) => {
      const run = await this.runs.lock(manager, runId);
      if (!run || run.status === 'completed') return;
      await this.runs.update(manager, runId, { status: 'failed' });
      await this.properties.update(manager, run.propertyId, { status: 'submitted' });
    });
  }

  unfinished(): Promise<string[]> {
    return this.runs.unfinished(this.transactions.autocommit);
  }
}
