import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { contractConfigSchema, CONTRACT_MIN_RISK_SCORE, ErrorCode, type PropertyView } from '@app/contracts';
import { AppError, isUuid, parseInput, TransactionRunner } from '@app/platform';
import { ComplianceRunsRepository } from '../compliance/compliance-runs.repository';
import { PropertiesRepository } from '../properties/properties.repository';
import { PropertiesService } from '../properties/properties.service';
import { DeploymentQueue } from './deployment.queue';
import { isEvmBlockchain, NO_ALGORAND_ADAPTER } from './token-chains';
import { TokenContractsRepository } from './token-contracts.repository';

export const deploymentMessages = {
  belowScore: (score: number | null) =>
    `The compliance risk score is ${score ?? 'not known yet'}; the smart contract step needs at least ${CONTRACT_MIN_RISK_SCORE}.`,
  notChecked: 'Run the compliance checks first: the smart contract step needs their result.',
  deployed: 'The token of this property is already deployed.',
  underWay: 'The token of this property is being deployed.',
} as const;

/**
 * The smart contract step: allowed only after a completed compliance run scoring at least 70
 * (server-enforced), for a blockchain with an adapter; the deployment itself is the worker's job.
 * A failed deployment may be started again (a new attempt, with its own salt).
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
      if (!run || run.status !== 'completed') throw new AppError(ErrorCode.Conflict, deploymentMessages.notChecked);
      if ((run.riskScore ?? 0) < CONTRACT_MIN_RISK_SCORE) {
        throw new AppError(ErrorCode.Conflict, deploymentMessages.belowScore(run.riskScore));
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
        config,
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
}
