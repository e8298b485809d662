import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { fromBinary } from '@bufbuild/protobuf';
import { eventCatalog, EventHeader, type EventType } from '@app/contracts';
import type { Consumer, EachMessagePayload, IHeaders, Kafka } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { schemaOf } from '../database/schema';
import { CONSUMER_GROUP, EVENT_HANDLERS, type EventHandler } from './event-handler';
import { ensureTopics, KAFKA, sleep, TOPIC_PREFIX } from './kafka';

const header = (headers: IHeaders | undefined, name: string): string | undefined => {
  const value = headers?.[name];
  return value === undefined ? undefined : Buffer.isBuffer(value) ? value.toString() : String(value);
};

/**
 * Feeds Kafka events to the service's handlers. Each event is applied in one transaction with its
 * inbox row, so a redelivered event changes nothing; a failing handler is retried by Kafka.
 * While the broker is away it keeps reconnecting.
 */
@Injectable()
export class EventConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EventConsumer.name);
  private readonly handlers = new Map<string, EventHandler>();
  private consumer?: Consumer;
  private running = false;
  private starting?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(TOPIC_PREFIX) private readonly topicPrefix: string,
    @Inject(CONSUMER_GROUP) private readonly groupId: string,
    @Inject(EVENT_HANDLERS) private readonly handlerTypes: Type<EventHandler>[],
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    for (const type of this.handlerTypes) {
      const handler = this.moduleRef.get(type, { strict: false });
      this.handlers.set(handler.eventType, handler);
    }
    if (this.handlers.size === 0) return;
    this.running = true;
    this.starting = this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    await this.starting;
    await this.consumer?.disconnect().catch(() => undefined);
  }

  private get topics(): string[] {
    const types = [...this.handlers.keys()] as EventType[];
    return [...new Set(types.map((type) => this.topicPrefix + eventCatalog[type].topic))];
  }

  private async start(): Promise<void> {
    let backoff = 500;
    while (this.running) {
      try {
        await this.connect();
        return;
      } catch (error) {
        this.logger.warn(`consumer ${this.groupId} not connected yet: ${(error as Error).message}`);
        await this.consumer?.disconnect().catch(() => undefined);
        this.consumer = undefined;
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 5000);
      }
    }
  }

  private async connect(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      await ensureTopics(admin, this.topics);
    } finally {
      await admin.disconnect();
    }
    // kafkajs never restarts on its own: reconnecting here re-creates missing topics first, which
    // a broker that came back empty needs.
    const consumer = this.kafka.consumer({
      groupId: this.groupId,
      retry: { retries: 8, initialRetryTime: 300, restartOnFailure: async () => false },
    });
    this.consumer = consumer;
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!this.running || this.consumer !== consumer) return;
      this.logger.warn(`consumer ${this.groupId} crashed (${payload.error.message}); reconnecting`);
      this.consumer = undefined;
      consumer.disconnect().catch(() => undefined);
      this.starting = this.start();
    });
    await consumer.connect();
    await consumer.subscribe({ topics: this.topics, fromBeginning: true });
    await consumer.run({ eachMessage: async (payload) => void (await this.apply(payload)) });
    this.logger.log(`consumer ${this.groupId} subscribed to ${this.topics.join(', ')}`);
  }

  /** Applies one message exactly once; exposed for tests that redeliver by hand. */
  async apply({ message }: Pick<EachMessagePayload, 'message'>): Promise<boolean> {
    const type = header(message.headers, EventHeader.Type) as EventType | undefined;
    const eventId = header(message.headers, EventHeader.Id);
    const handler = type ? this.handlers.get(type) : undefined;
    if (!type || !eventId || !handler || !message.value) return false;
    const event = fromBinary(eventCatalog[type].schema, message.value);
    const occurredAt = new Date(header(message.headers, EventHeader.OccurredAt) ?? Date.now());
    const requestId = header(message.headers, EventHeader.RequestId);
    return this.dataSource.transaction(async (manager) => {
      const schema = schemaOf(this.dataSource);
      const inserted: unknown[] = await manager.query(
        `INSERT INTO "${schema}"."inbox" (event_id, consumer, type) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [eventId, this.groupId, type],
      );
      if (inserted.length === 0) return false;
      await handler.handle(event as never, { eventId, occurredAt, requestId, manager });
      return true;
    });
  }
}
