import { randomUUID } from 'node:crypto';
import { create, toBinary, type DescMessage } from '@bufbuild/protobuf';
import { eventCatalog, EventHeader, type EventType } from '@app/contracts';
import { createKafka, ensureTopics } from '@app/platform';
import type { Message, Producer } from 'kafkajs';
import { query, waitFor } from '../../../test-support';

const topicOf = (type: EventType) => `${process.env.KAFKA_TOPIC_PREFIX}${eventCatalog[type].topic}`;

/**
 * Publishes the events the affiliate service consumes (identity's and billing's) on the real
 * Kafka as their producers' outboxes would, with contracts' schemas, so the service's tests need
 * neither service's code; each delivery waits until the affiliate consumer applied the event.
 */
export class EventDelivery {
  private constructor(private readonly producer: Producer) {}

  /** Connects a producer; the topics exist before the affiliate consumer subscribes. */
  static async start(clientId: string): Promise<EventDelivery> {
    const client = createKafka(process.env.KAFKA_BROKERS!, clientId);
    const admin = client.admin();
    await admin.connect();
    await ensureTopics(admin, [topicOf('UserRegistered'), topicOf('InvoicePaid')]);
    await admin.disconnect();
    const producer = client.producer();
    await producer.connect();
    return new EventDelivery(producer);
  }

  stop(): Promise<void> {
    return this.producer.disconnect();
  }

  /** The Kafka message of an event, keyed by the user as identity and billing key theirs. */
  static messageOf(type: EventType, key: string, init: Record<string, unknown>, at: Date, eventId: string): Message {
    const schema = eventCatalog[type].schema as DescMessage;
    return {
      key,
      value: Buffer.from(toBinary(schema, create(schema, init))),
      headers: { [EventHeader.Id]: eventId, [EventHeader.Type]: type, [EventHeader.OccurredAt]: at.toISOString() },
    };
  }

  /** Publishes the event and waits until the affiliate consumer applied it (its inbox row). */
  async deliver(
    type: EventType,
    key: string,
    init: Record<string, unknown>,
    at: Date = new Date(),
    eventId: string = randomUUID(),
  ): Promise<Message> {
    const message = EventDelivery.messageOf(type, key, init, at, eventId);
    await this.producer.send({ topic: topicOf(type), messages: [message] });
    await waitFor(
      async () => (await query('SELECT 1 FROM affiliate.inbox WHERE event_id = $1', [eventId])).length > 0,
      30000,
      `${type} ${eventId} consumed`,
    );
    return message;
  }
}
