import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import { DelayedError, type Job } from 'bullmq';
import type { SupportSlaJob } from './support-sla.schedules';
import { SupportSlaService, type SlaOutcome } from './support-sla.service';

/** Runs the first-response SLA jobs; at start it schedules every waiting escalation again. */
@Processor(QueueName.SupportSla)
export class SupportSlaProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(SupportSlaProcessor.name);

  constructor(private readonly sla: SupportSlaService) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    const count = await this.sla.rescheduleAll();
    this.logger.log(`first-response SLA scheduled for ${count} waiting escalation(s)`);
  }

  async process(job: Job<SupportSlaJob>, token?: string): Promise<SlaOutcome> {
    const { outcome, dueAt } = await this.sla.check(job.data.supportConversationId);
    if (outcome === 'not-due' && dueAt && token) {
      // Ran early (a clock moved): wait until the due time, as the same job.
      await job.moveToDelayed(dueAt.getTime(), token);
      throw new DelayedError();
    }
    return outcome;
  }
}
