import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { EventType, KycStatus } from '@app/contracts';
import type { Message, Producer } from 'kafkajs';
import { connectEventProducer, eventMessage, eventTopic, query, waitFor } from '../../../test-support';

/**
 * Publishes the events the affiliate service consumes (identity's and billing's) on the real
 * Kafka as their producers' outboxes would, with contracts' schemas, so the service's tests need
 * neither service's code; each delivery waits until the affiliate consumer applied the event.
 */
export class EventDelivery {
  private constructor(private readonly producer: Producer) {}

  /** Connects a producer; the topics exist before the affiliate consumer subscribes. */
  static async start(clientId: string): Promise<EventDelivery> {
    return new EventDelivery(await connectEventProducer(clientId, ['UserRegistered', 'InvoicePaid']));
  }

  stop(): Promise<void> {
    return this.producer.disconnect();
  }

  /** Publishes the event and waits until the affiliate consumer applied it (its inbox row). */
  async deliver(
    type: EventType,
    key: string,
    init: Record<string, unknown>,
    at: Date = new Date(),
    eventId: string = randomUUID(),
  ): Promise<Message> {
    const message = eventMessage(type, key, init, { id: eventId, occurredAt: at });
    await this.producer.send({ topic: eventTopic(type), messages: [message] });
    await waitFor(
      async () => (await query('SELECT 1 FROM affiliate.inbox WHERE event_id = $1', [eventId])).length > 0,
      30000,
      `${type} ${eventId} consumed`,
    );
    return message;
  }

  /** Identity's KycStatusChanged for the user: `verified` clears them for payouts. */
  kycChanged(userId: string, status: KycStatus, changedAt: Date = new Date()): Promise<Message> {
    return this.deliver('KycStatusChanged', userId, {
      userId,
      status,
      previousStatus: 'processing',
      verificationSessionId: `vs_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
      reason: status === 'requires_input' ? 'The document was unreadable.' : '',
      changedAt: timestampFromDate(changedAt),
    });
  }
}
