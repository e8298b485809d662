import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import type { Job } from 'bullmq';
import { ComplianceQueue, type ComplianceJob } from './compliance.queue';
import { ComplianceRunner } from './compliance-runner.service';

/**
 * Runs the compliance jobs. A job that throws is retried by the queue's attempts and backoff; its
 * last failure marks the run failed. At start, unfinished runs are queued again (Redis may have
 * lost their jobs) or marked failed when their job failed without a worker to say so.
 */
@Processor(QueueName.TokenizationCompliance)
export class ComplianceProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(ComplianceProcessor.name);

  constructor(
    private readonly runner: ComplianceRunner,
    private readonly queue: ComplianceQueue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    const unfinished = await this.runner.unfinished();
    for (const runId of unfinished) {
      if (await this.queue.hasFailed(runId)) await this.runner.fail(runId, new Error('its job failed'));
      else await this.queue.enqueue(runId);
    }
    this.logger.log(`compliance: ${unfinished.length} unfinished run(s) checked`);
  }

  async process(job: Job<ComplianceJob>): Promise<string> {
    try {
      return await this.runner.run(job.data.runId);
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.runner.fail(job.data.runId, error);
      throw error;
    }
  }
}
