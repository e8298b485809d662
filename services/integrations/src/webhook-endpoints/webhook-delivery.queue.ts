import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import { TransactionRunner, type Transaction } from '@app/platform';
import type { Queue } from 'bullmq';

export interface WebhookDeliveryJob {
  deliveryId: string;
}

/** The automatic attempts of a delivery (job id = delivery id). */
export const DELIVER_JOB = 'deliver';
/** One attempt by hand: a resend or a test event. */
export const RESEND_JOB = 'resend';
/** The repeatable job requeuing deliveries whose job was lost, and purging old ones. */
export const SWEEP_JOB = 'sweep';
const SWEEP_SCHEDULER_ID = 'sweep-webhook-deliveries';
const SWEEP_EVERY_MS = 60_000;

/**
 * Queues webhook deliveries. A delivery's automatic attempts are one job whose id is the
 * delivery's, so queuing it twice (an event handler and the sweep, say) adds nothing while the job
 * exists. Deliveries stored inside a transaction (an event handler's inbox transaction, an ingest
 * transaction) are queued after it commits: a job never runs before its row exists. If Redis is
 * away then, the sweep queues them a minute later.
 */
@Injectable()
export class WebhookDeliveryQueue {
  private readonly logger = new Logger(WebhookDeliveryQueue.name);

  constructor(
    @InjectQueue(QueueName.WebhookDelivery) private readonly queue: Queue<WebhookDeliveryJob>,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Queues these deliveries once the transaction that stored them commits (nothing if it rolls back). */
  afterCommit(tx: Transaction, deliveryIds: string[]): void {
    this.transactions.afterCommit(tx, () => {
      for (const id of deliveryIds) {
        this.enqueue(id).catch((error: Error) =>
          this.logger.warn(`delivery ${id} not queued yet (${error.message}); the sweep will queue it`),
        );
      }
    });
  }

  /** Starts a delivery's automatic attempts (at most one job per delivery). */
  async enqueue(deliveryId: string): Promise<void> {
    await this.queue.add(DELIVER_JOB, { deliveryId }, { jobId: deliveryId, attempts: 3 });
  }

  /**
   * Makes the delivery's automatic job run now: a waiting retry is promoted; a job that is gone or
   * finished is queued again. Returns false when it is running at this moment.
   */
  async runNow(deliveryId: string): Promise<boolean> {
    const job = await this.queue.getJob(deliveryId);
    const state = job ? await job.getState() : 'unknown';
    if (state === 'active') return false;
    if (job && state === 'delayed') {
      await job.promote();
      return true;
    }
    if (job && (state === 'completed' || state === 'failed' || state === 'unknown')) await job.remove();
    if (!job || state !== 'waiting') await this.enqueue(deliveryId);
    return true;
  }

  /** One attempt by hand. Keyed by the attempts made so far, so a double click queues one. */
  async enqueueResend(deliveryId: string, attemptsSoFar: number): Promise<void> {
    await this.queue.add(
      RESEND_JOB,
      { deliveryId },
      { jobId: `${deliveryId}-resend-${attemptsSoFar}`, attempts: 1, removeOnComplete: 1000, removeOnFail: 1000 },
    );
  }

  /** The worker's sweep, once a minute however many workers run. */
  async scheduleSweep(): Promise<void> {
    await this.queue.upsertJobScheduler(
      SWEEP_SCHEDULER_ID,
      { every: SWEEP_EVERY_MS },
      { name: SWEEP_JOB, opts: { attempts: 1 } },
    );
  }
}
