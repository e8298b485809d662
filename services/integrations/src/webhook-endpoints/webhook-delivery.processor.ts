import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, type OnApplicationBootstrap } from '@nestjs/common';
import { Queue as QueueName } from '@app/contracts';
import { APP_CONFIG } from '@app/platform';
import { DelayedError, type Job } from 'bullmq';
import type { IntegrationsConfig } from '../config';
import { RESEND_JOB, SWEEP_JOB, WebhookDeliveryQueue, type WebhookDeliveryJob } from './webhook-delivery.queue';
import { WebhookDeliveryService, type AttemptOutcome } from './webhook-delivery.service';

/**
 * Runs the webhook deliveries, WEBHOOK_DELIVERY_CONCURRENCY at a time. A failed automatic attempt
 * puts its job back as delayed until the next one is due (the same job, so the delivery id stays
 * its id and nothing else can queue it meanwhile); the schedule is the service's, not BullMQ's
 * attempts. Job retries (attempts: 3) only cover an attempt that could not be recorded.
 */
@Processor(QueueName.WebhookDelivery)
export class WebhookDeliveryProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IntegrationsConfig,
    private readonly deliveries: WebhookDeliveryService,
    private readonly queue: WebhookDeliveryQueue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.worker.concurrency = this.config.WEBHOOK_DELIVERY_CONCURRENCY;
    await this.queue.scheduleSweep();
  }

  async process(
    job: Job<WebhookDeliveryJob>,
    token?: string,
  ): Promise<AttemptOutcome | { requeued: number; purged: number }> {
    if (job.name === SWEEP_JOB) return this.deliveries.sweep();
    const manual = job.name === RESEND_JOB;
    const result = await this.deliveries.attempt(job.data.deliveryId, manual);
    if (result.outcome === 'retrying') {
      await job.moveToDelayed(result.nextAttemptAt.getTime(), token);
      throw new DelayedError();
    }
    return result;
  }
}
