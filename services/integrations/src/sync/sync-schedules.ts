import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue as QueueName, type SyncFrequency } from '@app/contracts';
import type { Queue } from 'bullmq';
import type { PosIntegration } from '../integrations/pos-integration.entity';

/** Spec 9: realtime is as often as the provider allows polling (every minute), hourly, daily. */
export const syncEveryMs: Record<SyncFrequency, number> = {
  realtime: 60_000,
  hourly: 60 * 60_000,
  daily: 24 * 60 * 60_000,
};

export interface SyncJob {
  posId: string;
}

const SCHEDULER_PREFIX = 'pos-sync:';
export const RECONCILE_JOB = 'reconcile';
const RECONCILE_SCHEDULER_ID = 'reconcile-sync-schedules';
const RECONCILE_EVERY_MS = 10 * 60_000;
export const schedulerIdOf = (posId: string): string => `${SCHEDULER_PREFIX}${posId}`;

/** One BullMQ job scheduler per active POS entry, repeating at its sync frequency. */
@Injectable()
export class SyncSchedules {
  constructor(@InjectQueue(QueueName.IntegrationsSync) private readonly queue: Queue<SyncJob>) {}

  /** Creates or updates the entry's schedule (or removes it when the entry is inactive). */
  async upsert(pos: Pick<PosIntegration, 'id' | 'isActive' | 'syncFrequency'>): Promise<void> {
    if (!pos.isActive) {
      await this.queue.removeJobScheduler(schedulerIdOf(pos.id));
      return;
    }
    await this.queue.upsertJobScheduler(
      schedulerIdOf(pos.id),
      { every: syncEveryMs[pos.syncFrequency] },
      { name: 'sync', data: { posId: pos.id }, opts: { attempts: 1 } },
    );
  }

  /** Makes the schedules exactly the active entries: upserts each, removes the rest. */
  async reconcile(active: Pick<PosIntegration, 'id' | 'isActive' | 'syncFrequency'>[]): Promise<void> {
    const wanted = new Set(active.map((pos) => schedulerIdOf(pos.id)));
    for (const pos of active) await this.upsert(pos);
    const stale: string[] = [];
    for (let start = 0; ; start += 100) {
      const page = await this.queue.getJobSchedulers(start, start + 99, true);
      stale.push(
        ...page.map((scheduler) => scheduler.key).filter((key) => key.startsWith(SCHEDULER_PREFIX) && !wanted.has(key)),
      );
      if (page.length < 100) break;
    }
    for (const key of stale) await this.queue.removeJobScheduler(key);
  }

  /** The worker's own job re-running `reconcile` every 10 minutes (one, however many workers run). */
  async scheduleReconcile(): Promise<void> {
    await this.queue.upsertJobScheduler(
      RECONCILE_SCHEDULER_ID,
      { every: RECONCILE_EVERY_MS },
      { name: RECONCILE_JOB, opts: { attempts: 1 } },
    );
  }
}
