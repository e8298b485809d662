import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import type { Queue } from 'bullmq';

export interface ComplianceJob {
  runId: string;
}

/** One job per compliance run (job id = run id): queuing a run twice adds nothing while its job exists. */
@Injectable()
export class ComplianceQueue {
  constructor(@InjectQueue(QueueName.TokenizationCompliance) private readonly queue: Queue<ComplianceJob>) {}

  async enqueue(runId: string): Promise<void> {
    await this.queue.add('check', { runId }, { jobId: runId });
  }

  async hasFailed(runId: string): Promise<boolean> {
    return (await this.queue.getJobState(runId)) === 'failed';
  }
}
