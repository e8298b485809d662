import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import type { Queue } from 'bullmq';

export interface ReportGenerationJob {
  reportId: string;
}

/**
 * One job per report, its id the report's: enqueuing a report twice (a retried request, the worker
 * requeuing at start) adds nothing while its job exists. Attempts and backoff: the queue's defaults.
 */
@Injectable()
export class ReportGenerationQueue {
  constructor(@InjectQueue(QueueName.ReportGeneration) private readonly queue: Queue<ReportGenerationJob>) {}

  async enqueue(reportId: string): Promise<void> {
    await this.queue.add('generate', { reportId }, { jobId: reportId });
  }

  /** Whether the report's job ended failed (e.g. stalled too often: its worker died, so it could not say). */
  async hasFailed(reportId: string): Promise<boolean> {
    return (await this.queue.getJobState(reportId)) === 'failed';
  }
}
