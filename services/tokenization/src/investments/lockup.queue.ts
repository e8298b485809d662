import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import type { Queue } from 'bullmq';

export interface LockupJob {
  investmentId: string;
}

/** One delayed job per locked investment (job id = investment id), due when its lock-up ends. */
@Injectable()
export class LockupQueue {
  constructor(@InjectQueue(QueueName.TokenizationLockup) private readonly queue: Queue<LockupJob>) {}

  async release(investmentId: string, at: Date, now = new Date()): Promise<void> {
    const delay = Math.max(0, at.getTime() - now.getTime());
    await this.queue.add('release', { investmentId }, { jobId: investmentId, delay });
  }
}
