import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Kafka, Producer } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { schemaOf } from '../database/schema';
import { ensureTopics, KAFKA, sleep, TOPIC_PREFIX } from './kafka';

const BATCH = 200;
const IDLE_MS = 200;
const MAX_BACKOFF_MS = 5000;

interface OutboxRow {
  seq: string;
  topic: string;
  key: string;
  payload: Buffer;
  headers: Record<string, string>;
}

/**
 * Publishes the outbox to Kafka in commit order. One relay per schema holds the advisory lock at
 * a time, so a user's events keep their order; rows are marked published only after Kafka acks,
 * so a broker outage delays events and loses none.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private producer?: Producer;
  private readonly knownTopics = new Set<string>();
  private running = false;
  private loop?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(TOPIC_PREFIX) private readonly topicPrefix: string,
  ) {}

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    await this.loop;
    await this.producer?.disconnect().catch(() => undefined);
  }

  private get schema(): string {
    return schemaOf(this.dataSource);
  }

  private async run(): Promise<void> {
    let backoff = IDLE_MS;
    while (this.running) {
      try {
        const published = await this.drain();
        backoff = IDLE_MS;
        if (published === BATCH) continue;
      } catch (error) {
        this.logger.warn(`outbox relay paused: ${(error as Error).message}`);
        await this.producer?.disconnect().catch(() => undefined);
        this.producer = undefined;
        // The broker may have come back without its topics (a new or wiped cluster): check again.
        this.knownTopics.clear();
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
      await sleep(backoff);
    }
  }

  /** Publishes one batch; returns how many rows it published. */
  async drain(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = await manager.query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [
        `outbox:${this.schema}`,
      ]);
      if (!locked) return 0;
      const rows: OutboxRow[] = await manager.query(
        `SELECT seq, topic, key, payload, headers FROM "${this.schema}"."outbox"
         WHERE published_at IS NULL ORDER BY seq LIMIT $1`,
        [BATCH],
      );
      if (rows.length === 0) return 0;
      const producer = await this.connectedProducer(rows);
      const byTopic = new Map<string, OutboxRow[]>();
      for (const row of rows) byTopic.set(row.topic, [...(byTopic.get(row.topic) ?? []), row]);
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({
          topic: this.topicPrefix + topic,
          messages: messages.map((row) => ({ key: row.key, value: row.payload, headers: row.headers })),
        })),
      });
      await manager.query(`UPDATE "${this.schema}"."outbox" SET published_at = now() WHERE seq = ANY($1::bigint[])`, [
        rows.map((row) => row.seq),
      ]);
      return rows.length;
    });
  }

  private async connectedProducer(rows: OutboxRow[]): Promise<Producer> {
    const topics = [...new Set(rows.map((row) => this.topicPrefix + row.topic))];
    const unknown = topics.filter((topic) => !this.knownTopics.has(topic));
    if (unknown.length > 0) {
      const admin = this.kafka.admin();
      await admin.connect();
      try {
        await ensureTopics(admin, unknown);
      } finally {
        await admin.disconnect();
      }
      unknown.forEach((topic) => this.knownTopics.add(topic));
    }
    if (this.producer) return this.producer;
    const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    this.producer = producer;
    return producer;
  }
}
