import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import type { Job } from 'bullmq';
import type { LockupJob } from './lockup.queue';
import { LockupRunner } from './lockup-runner.service';

/** Releases locked-up tokens when their lock-up ends; at start, schedules every release still due. */
@Processor(QueueName.TokenizationLockup, { concurrency: 1 })
export class LockupProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(LockupProcessor.name);

  constructor(private readonly runner: LockupRunner) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.logger.log(`lock-ups: ${await this.runner.scheduleAll()} release(s) scheduled`);
  }

  process(job: Job<LockupJob>): Promise<string> {
    return this.runner.release(job.data.investmentId);
  }
}
