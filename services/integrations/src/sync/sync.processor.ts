import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import { TransactionRunner } from '@app/platform';
import type { Job } from 'bullmq';
import { IntegrationsRepository } from '../integrations/integrations.repository';
import { PosSyncService, type SyncResult } from './pos-sync.service';
import { RECONCILE_JOB, SyncSchedules, type SyncJob } from './sync-schedules';

/**
 * Runs the per-POS sync jobs. At start and every 10 minutes it makes the schedules match the
 * active POS entries, so an entry whose schedule could not be written when it was created
 * (Redis away) still gets one.
 */
@Processor(QueueName.IntegrationsSync)
export class SyncProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(SyncProcessor.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly repository: IntegrationsRepository,
    private readonly schedules: SyncSchedules,
    private readonly sync: PosSyncService,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.reconcile();
    await this.schedules.scheduleReconcile();
  }

  async process(job: Job<SyncJob>): Promise<SyncResult | { reconciled: number }> {
    if (job.name === RECONCILE_JOB) return { reconciled: await this.reconcile() };
    return this.sync.sync(job.data.posId);
  }

  private async reconcile(): Promise<number> {
    const active = await this.transactions.run((manager) => this.repository.activePos(manager));
    await this.schedules.reconcile(active);
    this.logger.log(
      `sync schedules reconciled for ${active.length} active POS entr${active.length === 1 ? 'y' : 'ies'}`,
    );
    return active.length;
  }
}
