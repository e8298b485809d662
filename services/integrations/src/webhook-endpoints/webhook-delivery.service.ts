import { Inject, Injectable, Logger } from '@nestjs/common';
import type { WebhookDeliveryStatus } from '@app/contracts';
import { APP_CONFIG, TransactionRunner } from '@app/platform';
import type { IntegrationsConfig } from '../config';
import { Credentials } from '../integrations/credentials';
import { nextAttemptAt, type RetrySchedule } from './retry-schedule';
import { WebhookDeliveryQueue } from './webhook-delivery.queue';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookSender } from './webhook-sender';

export type AttemptOutcome =
  | { outcome: 'succeeded' | 'failed'; statusCode: number | null }
  | { outcome: 'retrying'; statusCode: number | null; nextAttemptAt: Date }
  /** Nothing sent: the delivery is gone, already finished, or its endpoint is off. */
  | { outcome: 'skipped'; reason: string };

/** Unfinished deliveries whose attempt is this late are requeued by the sweep (their job was lost). */
const OVERDUE_GRACE_MS = 60_000;
const SWEEP_BATCH = 100;
/** Finished deliveries (and their attempts) are kept this long for the log. */
export const DELIVERY_RETENTION_DAYS = 30;

/**
 * One attempt of a delivery, and what follows from it. An automatic attempt is made only while
 * the delivery is pending or retrying: once one succeeded, no automatic attempt sends it again
 * (a retry after success is impossible, whatever the queue does). A manual attempt (a resend or a
 * test event) is one more attempt and schedules nothing.
 */
@Injectable()
export class WebhookDeliveryService {
  private readonly logger = new Logger(WebhookDeliveryService.name);
  private readonly schedule: RetrySchedule;

  constructor(
    @Inject(APP_CONFIG) config: IntegrationsConfig,
    private readonly transactions: TransactionRunner,
    private readonly repository: WebhookEndpointsRepository,
    private readonly credentials: Credentials,
    private readonly sender: WebhookSender,
    private readonly queue: WebhookDeliveryQueue,
  ) {
    this.schedule = { baseMs: config.WEBHOOK_RETRY_BASE_MS, windowMs: config.WEBHOOK_RETRY_WINDOW_MS };
  }

  async attempt(deliveryId: string, manual: boolean): Promise<AttemptOutcome> {
    const target = await this.transactions.run((manager) => this.repository.target(manager, deliveryId));
    if (!target) return { outcome: 'skipped', reason: 'no such delivery' };
    const { delivery, endpoint } = target;
    if (!manual && delivery.status !== 'pending' && delivery.status !== 'retrying') {
      return { outcome: 'skipped', reason: `already ${delivery.status}` };
    }
    if (!endpoint.isActive) {
      if (!manual) {
        await this.transactions.run((manager) => this.repository.giveUp(manager, deliveryId, 'Endpoint is disabled'));
      }
      return { outcome: 'skipped', reason: 'endpoint disabled' };
    }
    const secret = this.credentials.open(endpoint.id, 'signingSecret', endpoint.signingSecret);
    const attemptedAt = new Date();
    const result = await this.sender.send(endpoint.url, secret, delivery.payload);
    const next =
      result.succeeded || manual ? null : nextAttemptAt(this.schedule, delivery.createdAt, delivery.attempts + 1);
    const status: WebhookDeliveryStatus = result.succeeded ? 'succeeded' : next ? 'retrying' : 'failed';
    await this.transactions.run((manager) =>
      this.repository.recordAttempt(manager, deliveryId, {
        ...result,
        manual,
        attemptedAt,
        status,
        nextAttemptAt: next,
      }),
    );
    const outcome = `${result.statusCode ?? result.error} in ${result.latencyMs ?? '-'} ms`;
    if (result.succeeded)
      this.logger.log(`webhook delivery ${deliveryId} attempt ${delivery.attempts + 1}: ${outcome}`);
    else
      this.logger.warn(
        `webhook delivery ${deliveryId} attempt ${delivery.attempts + 1} failed (${outcome}); ${status}`,
      );
    return next
      ? { outcome: 'retrying', statusCode: result.statusCode, nextAttemptAt: next }
      : { outcome: status === 'succeeded' ? 'succeeded' : 'failed', statusCode: result.statusCode };
  }

  /** Requeues overdue unfinished deliveries (their job was lost with Redis) and purges old finished ones. */
  async sweep(): Promise<{ requeued: number; purged: number }> {
    const overdue = await this.transactions.run((manager) =>
      this.repository.overdue(manager, OVERDUE_GRACE_MS, SWEEP_BATCH),
    );
    let requeued = 0;
    for (const { id } of overdue) if (await this.queue.runNow(id)) requeued += 1;
    const purged = await this.transactions.run((manager) =>
      this.repository.purgeFinished(manager, DELIVERY_RETENTION_DAYS, 1000),
    );
    return { requeued, purged };
  }
}
