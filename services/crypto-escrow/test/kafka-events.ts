import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { testConsumerConfig } from '../../../test-support';

/** Collects every crypto event on the (test-prefixed) topic from the moment it starts. */
export class CryptoEvents {
  readonly received: { type: string; key: string; value: Buffer }[] = [];
  private constructor(private readonly consumer: Consumer) {}

  static async start(): Promise<CryptoEvents> {
    const topic = `${process.env.KAFKA_TOPIC_PREFIX}crypto.events.v1`;
    const kafka = new Kafka({ brokers: [process.env.KAFKA_BROKERS!], logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }] }).catch(() => undefined);
    await admin.disconnect();
    const consumer = kafka.consumer(testConsumerConfig('crypto'));
    const events = new CryptoEvents(consumer);
    await consumer.connect();
    // A topic created a moment ago may not be in the broker's metadata yet.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await consumer.subscribe({ topic, fromBeginning: false });
        break;
      } catch (error) {
        if (attempt >= 20) {
          await consumer.disconnect();
          throw error;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    await consumer.run({
      eachMessage: async ({ message }) => {
        events.received.push({
          type: String(message.headers?.['event-type'] ?? ''),
          key: String(message.key ?? ''),
          value: message.value!,
        });
      },
    });
    await joined;
    return events;
  }

  of(type: string): Buffer[] {
    return this.received.filter((event) => event.type === type).map((event) => event.value);
  }

  stop(): Promise<void> {
    return this.consumer.disconnect();
  }
}
