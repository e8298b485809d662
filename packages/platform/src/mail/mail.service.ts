import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue as QueueName, type MailJob } from '@app/contracts';
import type { Queue } from 'bullmq';

/** Hands mail to the worker through BullMQ; the job id makes a retried enqueue harmless. */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);

  constructor(@InjectQueue(QueueName.Mail) private readonly queue: Queue<MailJob>) {}

  /**
   * Returns false when the queue is unreachable; the caller's change still stands.
   * `jobId` must not contain ":" (BullMQ reserves it).
   */
  async send(jobId: string, mail: MailJob): Promise<boolean> {
    try {
      await this.queue.add('send', mail, { jobId });
      return true;
    } catch (error) {
      this.logger.error(`mail ${jobId} not queued: ${(error as Error).message}`);
      return false;
    }
  }
}
