import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { WebhookEventType } from '@app/contracts';
import { isUuid, type EventContext } from '@app/platform';
import { WebhookDeliveryQueue } from './webhook-delivery.queue';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';

export interface MerchantEvent {
  /** The merchant whose endpoints get it (the event's owner). */
  userId: string;
  type: WebhookEventType;
  /** The Kafka event's id: the envelope's id, and what makes the delivery unique per endpoint. */
  eventId: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}

/**
 * Turns an event into one delivery per subscribed endpoint of its owner, in the caller's
 * transaction (the consumer's inbox transaction); the deliveries are queued once it commits.
 */
@Injectable()
export class WebhookDispatcher {
  constructor(
    private readonly repository: WebhookEndpointsRepository,
    private readonly queue: WebhookDeliveryQueue,
  ) {}

  async dispatch(manager: EventContext['manager'], event: MerchantEvent): Promise<number> {
    if (!isUuid(event.userId)) return 0;
    const endpoints = await this.repository.subscribedTo(manager, event.userId, event.type);
    if (endpoints.length === 0) return 0;
    const payload = {
      id: event.eventId,
      type: event.type,
      createdAt: event.occurredAt.toISOString(),
      data: event.data,
    };
    const ids = await this.repository.insertDeliveries(
      manager,
      endpoints.map((endpoint) => ({
        id: randomUUID(),
        endpointId: endpoint.id,
        userId: event.userId,
        eventId: event.eventId,
        eventType: event.type,
        payload,
      })),
    );
    this.queue.afterCommit(manager, ids);
    return ids.length;
  }
}
