import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import type { Job } from 'bullmq';
import { GasLimitTooLow } from '../chain/token-chain';
import { DeploymentQueue, type DeploymentJob } from './deployment.queue';
import { DeploymentRunner } from './deployment-runner.service';

/**
 * Runs deployments one at a time per worker (the chain work is serialised per chain anyway). A job
 * that throws is retried by the queue's attempts and backoff (a retry resumes the attempt's suite);
 * its last failure marks the deployment failed. At start, unfinished deployments are queued again.
 */
@Processor(QueueName.TokenizationDeployment, { concurrency: 1 })
export class DeploymentProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(DeploymentProcessor.name);

  constructor(
    private readonly runner: DeploymentRunner,
    private readonly queue: DeploymentQueue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    const unfinished = await this.runner.unfinished();
    for (const { id, attempt } of unfinished) {
      if (await this.queue.hasFailed(id, attempt)) await this.runner.fail(id, attempt, new Error('its job failed'));
      else await this.queue.enqueue(id, attempt);
    }
    this.logger.log(`deployments: ${unfinished.length} unfinished checked`);
  }

  async process(job: Job<DeploymentJob>): Promise<string> {
    try {
      return await this.runner.run(job.data.contractId, job.data.attempt);
    } catch (error) {
      // Trying again cannot help: the user raises the gas limit and starts a new attempt.
      if (error instanceof GasLimitTooLow) {
        await this.runner.fail(job.data.contractId, job.data.attempt, error);
        return 'failed';
      }
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1))
        await this.runner.fail(job.data.contractId, job.data.attempt, error);
      throw error;
    }
  }
}
