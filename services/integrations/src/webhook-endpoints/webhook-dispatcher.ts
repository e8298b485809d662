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
  /** The event's id (the envelope's `id`, as the consumers see it), unique per endpoint. */
  eventId: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}

/**
 * Turns events into one delivery per subscribed endpoint of each event's owner, in the caller's
 * transaction (a consumer's inbox transaction, or the ingest transaction that writes the service's
 * own TransactionRecorded); the deliveries are queued once it commits. The events given together
 * (a consumer's run, an ingest batch) share one look-up of their owners' endpoints and one insert.
 */
@Injectable()
export class WebhookDispatcher {
  constructor(
    private readonly repository: WebhookEndpointsRepository,
    private readonly queue: WebhookDeliveryQueue,
  ) {}

  /** Stores and queues the deliveries of these events, in their order; returns how many were new. */
  async dispatch(manager: EventContext['manager'], events: MerchantEvent[]): Promise<number> {
    const owned = events.filter((event) => isUuid(event.userId));
    if (owned.length === 0) return 0;
    const endpoints = await this.repository.activeEndpointsOf(manager, [
      ...new Set(owned.map((event) => event.userId)),
    ]);
    if (endpoints.length === 0) return 0;
    const deliveries = owned.flatMap((event) => {
      const subscribed = endpoints.filter(
        (endpoint) => endpoint.userId === event.userId && endpoint.eventTypes.includes(event.type),
      );
      if (subscribed.length === 0) return [];
      const payload = {
        id: event.eventId,
        type: event.type,
        createdAt: event.occurredAt.toISOString(),
        data: event.data,
      };
      return subscribed.map((endpoint) => ({
        id: randomUUID(),
        endpointId: endpoint.id,
        userId: event.userId,
        eventId: event.eventId,
        eventType: event.type,
        payload,
      }));
    });
    const ids = await this.repository.insertDeliveries(manager, deliveries);
    if (ids.length > 0) this.queue.afterCommit(manager, ids);
    return ids.length;
  }
}
