import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import type { Queue } from 'bullmq';

export interface DeploymentJob {
  contractId: string;
  attempt: number;
}

/** One job per deployment attempt (job id = contract and attempt): a retry after a failure is a new job. */
@Injectable()
export class DeploymentQueue {
  constructor(@InjectQueue(QueueName.TokenizationDeployment) private readonly queue: Queue<DeploymentJob>) {}

  async enqueue(contractId: string, attempt: number): Promise<void> {
    await this.queue.add('deploy', { contractId, attempt }, { jobId: `${contractId}-${attempt}` });
  }

  async hasFailed(contractId: string, attempt: number): Promise<boolean> {
    return (await this.queue.getJobState(`${contractId}-${attempt}`)) === 'failed';
  }
}
