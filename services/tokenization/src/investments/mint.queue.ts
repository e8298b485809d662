import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import type { Queue } from 'bullmq';

export interface MintJob {
  investmentId: string;
}

/** One job per paid investment (job id = investment id): a payment reported twice mints once. */
@Injectable()
export class MintQueue {
  constructor(@InjectQueue(QueueName.TokenizationMint) private readonly queue: Queue<MintJob>) {}

  async enqueue(investmentId: string): Promise<void> {
    await this.queue.add('mint', { investmentId }, { jobId: investmentId });
  }

  async hasFailed(investmentId: string): Promise<boolean> {
    return (await this.queue.getJobState(investmentId)) === 'failed';
  }
}
