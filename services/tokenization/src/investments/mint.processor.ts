import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import type { Job } from 'bullmq';
import { MintQueue, type MintJob } from './mint.queue';
import { MintRunner } from './mint-runner.service';

/**
 * Mints paid investments, one at a time per worker (chain work is serialised per chain). A job
 * that throws is retried by the queue's attempts and backoff; its last failure marks the investment
 * failed. At start, paid investments not yet minted are queued again.
 */
@Processor(QueueName.TokenizationMint, { concurrency: 1 })
export class MintProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(MintProcessor.name);

  constructor(
    private readonly runner: MintRunner,
    private readonly queue: MintQueue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    const unminted = await this.runner.unminted();
    for (const id of unminted) {
      if (await this.queue.hasFailed(id)) await this.runner.fail(id, new Error('its job failed'));
      else await this.queue.enqueue(id);
    }
    this.logger.log(`mints: ${unminted.length} unminted investment(s) checked`);
  }

  async process(job: Job<MintJob>): Promise<string> {
    try {
      return await this.runner.run(job.data.investmentId);
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.runner.fail(job.data.investmentId, error);
      throw error;
    }
  }
}
