import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import { APP_CONFIG } from '@app/platform';
import type { Queue } from 'bullmq';
import type { CryptoConfig } from '../config';

export interface EscrowMonitorJob {
  escrowId: string;
}

const schedulerIdOf = (escrowId: string) => `escrow-monitor:${escrowId}`;

/** One BullMQ job scheduler per open escrow: every 30 s (spec 9) for up to 24 hours. */
@Injectable()
export class EscrowMonitorSchedules {
  constructor(
    @InjectQueue(QueueName.CryptoEscrowMonitor) private readonly queue: Queue<EscrowMonitorJob>,
    @Inject(APP_CONFIG) private readonly config: CryptoConfig,
  ) {}

  async start(escrowId: string, monitorUntil: Date): Promise<void> {
    await this.queue.upsertJobScheduler(
      schedulerIdOf(escrowId),
      { every: this.config.ESCROW_MONITOR_INTERVAL_MS, endDate: monitorUntil },
      { name: 'monitor', data: { escrowId }, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } },
    );
  }

  /** One run now, for an escrow whose window ended while no worker ran it. */
  async runOnce(escrowId: string): Promise<void> {
    await this.queue.add(
      'monitor',
      { escrowId },
      {
        jobId: `escrow-last-run-${escrowId}`, // BullMQ refuses ':' in custom ids
        attempts: 5,
        backoff: { type: 'exponential', delay: this.config.ESCROW_MONITOR_INTERVAL_MS },
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  }

  async stop(escrowId: string): Promise<void> {
    await this.queue.removeJobScheduler(schedulerIdOf(escrowId));
  }
}
