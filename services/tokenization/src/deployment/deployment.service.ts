import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  complianceExceptionMessages,
  complianceExceptionRequestSchema,
  contractConfigSchema,
  ErrorCode,
  type DeploymentBlocker,
  type PropertyView,
} from '@app/contracts';
import { AppError, isUuid, parseInput, TransactionRunner, type AuthUser } from '@app/platform';
import { ComplianceRunsRepository } from '../compliance/compliance-runs.repository';
import { PropertiesRepository } from '../properties/properties.repository';
import { PropertiesService } from '../properties/properties.service';
import { DeploymentQueue } from './deployment.queue';
import { checksNotPassed, DeploymentRule } from './deployment-rule';
import { isEvmBlockchain, NO_ALGORAND_ADAPTER } from './token-chains';
import { TokenContractsRepository } from './token-contracts.repository';

export const deploymentMessages = {
  lockup: (days: number) =>
    `The lock-up period is the one submitted with the property (${days} days): it is what the tokens are locked for on chain.`,
  deployed: 'The token of this property is already deployed.',
  underWay: 'The token of this property is being deployed.',
} as const;

/** The refusal for the first unmet condition (its status), naming every unmet one. */
function refusal(blockers: DeploymentBlocker[]): AppError {
  const message = blockers.map((blocker) => blocker.message).join(' ');
  const first = blockers[0]!.condition;
  const code =
    first === 'compliance' ? ErrorCode.Conflict : first === 'kyc' ? ErrorCode.KycRequired : ErrorCode.Forbidden;
  return new AppError(code, message);
}

/**
 * The smart contract step (issue 39's rule, DeploymentRule): every compliance check passed or an
 * exception approved, the issuer's KYC verified and a plan with tokenization; refused otherwise
 * with nothing changed. For a blockchain with an adapter; the lock-up is the submission's. The
 * deployment itself is the worker's job. A failed deployment may be started again (a new attempt,
 * with its own salt).
 */
@Injectable()
export class DeploymentService {
  private readonly logger = new Logger(DeploymentService.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly properties: PropertiesRepository,
    private readonly propertyViews: PropertiesService,
    private readonly runs: ComplianceRunsRepository,
    private readonly contracts: TokenContractsRepository,
    private readonly queue: DeploymentQueue,
    private readonly rule: DeploymentRule,
  ) {}

  async deploy(userId: string, propertyId: string, body: unknown): Promise<PropertyView> {
    const config = parseInput(contractConfigSchema, body);
    if (!isEvmBlockchain(config.blockchain)) {
      throw new AppError(ErrorCode.ValidationFailed, NO_ALGORAND_ADAPTER, [
        { path: 'blockchain', message: NO_ALGORAND_ADAPTER },
      ]);
    }
    const blockchain = config.blockchain;
    const job = await this.transactions.run(async (manager) => {
      const property = isUuid(propertyId) ? await this.properties.lock(manager, propertyId) : null;
      if (!property || property.userId !== userId) throw new AppError(ErrorCode.NotFound, 'Property not found');
      const run = (await this.runs.latestOf(manager, [propertyId])).get(propertyId);
      const blockers = await this.rule.blockers(manager, userId, run);
      if (blockers.length) throw refusal(blockers);
      if (config.lockupPeriod !== undefined && config.lockupPeriod !== property.lockupPeriod) {
        const message = deploymentMessages.lockup(property.lockupPeriod);
        throw new AppError(ErrorCode.ValidationFailed, message, [{ path: 'lockupPeriod', message }]);
      }
      const existing = await this.contracts.ofProperty(manager, propertyId);
      if (existing?.status === 'deployed') throw new AppError(ErrorCode.Conflict, deploymentMessages.deployed);
      if (existing && existing.status !== 'failed') throw new AppError(ErrorCode.Conflict, deploymentMessages.underWay);
      const attempt = (existing?.attempt ?? 0) + 1;
      const contractId = existing?.id ?? randomUUID();
      await this.contracts.save(manager, {
        id: contractId,
        propertyId,
        userId,
        status: 'queued',
        config: { ...config, lockupPeriod: property.lockupPeriod },
        blockchain,
        attempt,
        chainId: null,
        contractAddress: null,
        suite: null,
        transactionHash: null,
        gasUsed: null,
        costWei: null,
        deployedAt: null,
        error: null,
      });
      await this.properties.update(manager, propertyId, { tokenizationStatus: 'deploying' });
      return { contractId, attempt };
    });
    try {
      await this.queue.enqueue(job.contractId, job.attempt);
    } catch (error) {
      // Stays queued: the worker queues unfinished deployments again when it starts.
      this.logger.error(`deployment ${job.contractId} not queued: ${(error as Error).message}`);
    }
    return this.propertyViews.get(userId, propertyId);
  }

  /**
   * The compliance team's exception (admin role): the latest completed run of the property, which
   * did not pass every check, may deploy; recorded with who approved it, when and why. Any user's
   * property (the team works for the platform); a new run needs its own exception.
   */
  async approveException(
    approver: AuthUser,
    propertyId: string,
    body: unknown,
    now = new Date(),
  ): Promise<PropertyView> {
    const { reason } = parseInput(complianceExceptionRequestSchema, body);
    const ownerId = await this.transactions.run(async (manager) => {
      const property = isUuid(propertyId) ? await this.properties.lock(manager, propertyId) : null;
      if (!property) throw new AppError(ErrorCode.NotFound, 'Property not found');
      const run = (await this.runs.latestOf(manager, [propertyId])).get(propertyId);
      if (!run || run.status !== 'completed') {
        throw new AppError(ErrorCode.Conflict, complianceExceptionMessages.notCompleted);
      }
      if (checksNotPassed(run).length === 0)
        throw new AppError(ErrorCode.Conflict, complianceExceptionMessages.notNeeded);
      await this.runs.update(manager, run.id, {
        exceptionReason: reason,
        exceptionBy: approver.id,
        exceptionByEmail: approver.email,
        exceptionAt: now,
      });
      this.logger.log(`compliance exception for run ${run.id} of property ${propertyId} approved by ${approver.id}`);
      return property.userId;
    });
    return this.propertyViews.get(ownerId, propertyId);
  }
}
