import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import { TransactionRunner } from '@app/platform';
import type { Job } from 'bullmq';
import { ChargePollSchedules, type ChargePollJob } from './charge-poll.schedules';
import { ChargesRepository } from './charges.repository';
import { ChargesService, type PollOutcome } from './charges.service';

/** Runs the per-charge poll jobs; at start it schedules every open charge again (Redis may have lost them). */
@Processor(QueueName.CryptoChargePoll)
export class ChargePollProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(ChargePollProcessor.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly repository: ChargesRepository,
    private readonly schedules: ChargePollSchedules,
    private readonly charges: ChargesService,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    const open = await this.repository.polling(this.transactions.autocommit);
    for (const charge of open) await this.schedules.start(charge.id, new Date(charge.pollUntil));
    this.logger.log(`charge polling scheduled for ${open.length} open charge(s)`);
  }

  process(job: Job<ChargePollJob>): Promise<PollOutcome> {
    return this.charges.poll(job.data.chargeId);
  }
}
