import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import { APP_CONFIG, TransactionRunner } from '@app/platform';
import type { Job } from 'bullmq';
import type { CryptoConfig } from '../config';
import { EscrowMonitorSchedules, type EscrowMonitorJob } from './escrow-monitor.schedules';
import { EscrowsRepository } from './escrows.repository';
import { EscrowsService } from './escrows.service';

/** Runs the per-escrow monitor jobs; at start it schedules every open escrow again. */
@Processor(QueueName.CryptoEscrowMonitor)
export class EscrowMonitorProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(EscrowMonitorProcessor.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly repository: EscrowsRepository,
    private readonly schedules: EscrowMonitorSchedules,
    private readonly escrows: EscrowsService,
    @Inject(APP_CONFIG) private readonly config: CryptoConfig,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    const open = await this.repository.monitored(this.transactions.autocommit);
    for (const escrow of open) await this.schedules.start(escrow.id, new Date(escrow.monitorUntil));
    const missed = await this.repository.missedLastRun(
      this.transactions.autocommit,
      this.config.ESCROW_MONITOR_INTERVAL_MS,
    );
    for (const escrow of missed) await this.schedules.runOnce(escrow.id);
    this.logger.log(
      `escrow monitoring scheduled for ${open.length} open escrow(s), a last run for ${missed.length} whose window ended unwatched`,
    );
  }

  process(job: Job<EscrowMonitorJob>): Promise<{ status: string }> {
    return this.escrows.monitor(job.data.escrowId);
  }
}
