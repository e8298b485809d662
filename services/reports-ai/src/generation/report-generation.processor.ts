import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import { APP_CONFIG } from '@app/platform';
import type { Job } from 'bullmq';
import type { ReportsAiConfig } from '../config';
import { ReportGenerationQueue, type ReportGenerationJob } from './report-generation.queue';
import { ReportGenerationService, type GenerationOutcome } from './report-generation.service';

/**
 * Runs the report jobs, REPORT_GENERATION_CONCURRENCY at a time. A job that throws is retried by
 * the queue's attempts and backoff; its last failure marks the report failed, so no report waits
 * forever. At start every unfinished report is queued again (Redis may have lost its job), or
 * marked failed when its job failed without a worker to say so (it stalled: its worker died).
 */
@Processor(QueueName.ReportGeneration)
export class ReportGenerationProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReportGenerationProcessor.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: ReportsAiConfig,
    private readonly generation: ReportGenerationService,
    private readonly queue: ReportGenerationQueue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.worker.concurrency = this.config.REPORT_GENERATION_CONCURRENCY;
    const unfinished = await this.generation.unfinished();
    for (const reportId of unfinished) {
      if (await this.queue.hasFailed(reportId)) await this.generation.fail(reportId, new Error('its job failed'));
      else await this.queue.enqueue(reportId);
    }
    this.logger.log(`report generation: ${unfinished.length} unfinished report(s) checked`);
  }

  async process(job: Job<ReportGenerationJob>): Promise<GenerationOutcome> {
    try {
      return await this.generation.generate(job.data.reportId);
    } catch (error) {
      // attemptsMade counts the attempts that failed before this one.
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.generation.fail(job.data.reportId, error);
      throw error;
    }
  }
}
