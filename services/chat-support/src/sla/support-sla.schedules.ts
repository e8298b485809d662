import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import type { Queue } from 'bullmq';

export interface SupportSlaJob {
  supportConversationId: string;
}

/** BullMQ job ids may not contain ":". */
const jobIdOf = (supportConversationId: string) => `sla-${supportConversationId}`;

/** One delayed job per escalated chat, due when its first-response SLA runs out. */
@Injectable()
export class SupportSlaSchedules {
  private readonly logger = new Logger(SupportSlaSchedules.name);

  constructor(@InjectQueue(QueueName.SupportSla) private readonly queue: Queue<SupportSlaJob>) {}

  /**
   * Idempotent (the job id is the conversation's). Returns false when Redis is unreachable: the
   * escalation stands, and the next start of the service schedules it again.
   */
  async schedule(supportConversationId: string, dueAt: Date): Promise<boolean> {
    try {
      await this.queue.add(
        'first-response',
        { supportConversationId },
        {
          jobId: jobIdOf(supportConversationId),
          delay: Math.max(0, dueAt.getTime() - Date.now()),
          removeOnComplete: 1000,
          removeOnFail: 5000,
        },
      );
      return true;
    } catch (error) {
      this.logger.error(`SLA job of ${supportConversationId} not queued: ${(error as Error).message}`);
      return false;
    }
  }
}
