import { randomUUID } from 'node:crypto';
import { create, toBinary, type DescMessage } from '@bufbuild/protobuf';
import { eventCatalog, EventHeader, type EventType } from '@app/contracts';
import { baseConfigSchema, createKafka, ensureTopics } from '@app/platform';
import type { ConsumerConfig, Message, Producer } from 'kafkajs';

/** The topic the event travels on, under the test's prefix (as the service under test reads it). */
export const eventTopic = (type: EventType): string => `${process.env.KAFKA_TOPIC_PREFIX}${eventCatalog[type].topic}`;

/**
 * A Kafka message carrying the event as a producer's outbox would publish it: a fresh event id and
 * occurred-at now unless the test needs its own (to find the inbox row, or to deliver out of order).
 */
export function eventMessage(
  type: EventType,
  key: string,
  init: Record<string, unknown>,
  { id = randomUUID(), occurredAt = new Date() }: { id?: string; occurredAt?: Date } = {},
): Message {
  const schema = eventCatalog[type].schema as DescMessage;
  return {
    key,
    value: Buffer.from(toBinary(schema, create(schema, init))),
    headers: {
      [EventHeader.Id]: id,
      [EventHeader.Type]: type,
      [EventHeader.OccurredAt]: occurredAt.toISOString(),
    },
  };
}

/**
 * A connected producer for the events of `types`. Their topics are created first: the broker never
 * auto-creates them, and a consumer that subscribes later must find them.
 */
export async function connectEventProducer(clientId: string, types: readonly EventType[]): Promise<Producer> {
  const kafka = createKafka(process.env.KAFKA_BROKERS!, clientId);
  const admin = kafka.admin();
  await admin.connect();
  try {
    // The retention as the services read it, so a service under test finds the topic as it would set it.
    const retentionHours = baseConfigSchema.shape.KAFKA_RETENTION_HOURS.parse(process.env.KAFKA_RETENTION_HOURS);
    await ensureTopics(admin, [...new Set(types.map(eventTopic))], retentionHours);
  } finally {
    await admin.disconnect();
  }
  const producer = kafka.producer();
  await producer.connect();
  return producer;
}

/**
 * A test's own consumer group on `label`'s events: a group of its own (it reads every event from
 * when it joins) whose fetches wait no longer than the services' do in tests, so it disconnects
 * promptly (a stopping consumer waits for the fetch in flight).
 */
export const testConsumerConfig = (label: string): ConsumerConfig => ({
  groupId: `${label}-int-${randomUUID()}`,
  maxWaitTimeInMs: baseConfigSchema.shape.KAFKA_FETCH_WAIT_MS.parse(process.env.KAFKA_FETCH_WAIT_MS),
});
