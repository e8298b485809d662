import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { Gauge } from 'prom-client';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { metricsRegistry } from '../metrics/metrics';
import { QUEUE_PREFIX_ENV } from './queue.module';
import { redisOptions } from './redis';
import { REDIS } from './redis.module';

/** What a listener hears: an event published to its topic, or `resync` after Redis was out of reach. */
export type LiveSignal<T> = { kind: 'event'; event: T } | { kind: 'resync' };
export type LiveListener<T> = (signal: LiveSignal<T>) => void;

const openListeners = new Gauge({
  name: 'live_listeners_open',
  help: 'Open live listeners (server-sent event streams) in this process.',
  registers: [metricsRegistry],
});

/**
 * Server-to-browser notices across replicas, through Redis pub/sub: the replica that changes
 * something publishes to a topic (e.g. one user's chat), and whichever replica holds that user's
 * open stream delivers it. One subscriber connection per process, one Redis subscription per
 * topic with listeners, however many streams share it. Pub/sub keeps nothing: a message published
 * while a subscriber was cut off is gone, so listeners hear `resync` on reconnect and re-read.
 */
@Injectable()
export class LiveChannel implements OnApplicationShutdown {
  private readonly logger = new Logger(LiveChannel.name);
  private readonly listeners = new Map<string, Set<LiveListener<unknown>>>();
  private readonly prefix = `${process.env[QUEUE_PREFIX_ENV] || 'bull'}:live:`;
  private subscriber?: Redis;
  private everReady = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: BaseConfig,
  ) {}

  /** Delivered at most once to each listener of the topic on every replica; nobody listening: dropped. */
  async publish(topic: string, event: unknown): Promise<void> {
    await this.redis.publish(this.prefix + topic, JSON.stringify(event));
  }

  /** Listens to a topic until the returned function is called. */
  subscribe<T>(topic: string, listener: LiveListener<T>): () => void {
    const channel = this.prefix + topic;
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      this.connection()
        .subscribe(channel)
        .catch((error: unknown) => this.logger.warn(`subscribing to ${topic} failed: ${String(error)}`));
    }
    set.add(listener as LiveListener<unknown>);
    openListeners.inc();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      openListeners.dec();
      const current = this.listeners.get(channel);
      current?.delete(listener as LiveListener<unknown>);
      if (current?.size === 0) {
        this.listeners.delete(channel);
        this.subscriber?.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  /** Listeners open in this process. */
  get size(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  async onApplicationShutdown(): Promise<void> {
    this.listeners.clear();
    await this.subscriber?.quit().catch(() => undefined);
  }

  private connection(): Redis {
    if (this.subscriber) return this.subscriber;
    // A connection in subscriber mode can do nothing else; ioredis re-subscribes after a reconnect.
    const subscriber = new Redis({ ...redisOptions(this.config.REDIS_URL), maxRetriesPerRequest: null });
    subscriber.on('message', (channel: string, payload: string) => {
      const set = this.listeners.get(channel);
      if (!set) return;
      let event: unknown;
      try {
        event = JSON.parse(payload);
      } catch {
        this.logger.warn(`unreadable live message on ${channel.slice(this.prefix.length)}; dropped`);
        return;
      }
      for (const listener of set) listener({ kind: 'event', event });
    });
    subscriber.on('ready', () => {
      if (this.everReady)
        for (const set of this.listeners.values()) for (const listener of set) listener({ kind: 'resync' });
      this.everReady = true;
    });
    subscriber.on('error', (error: Error) => this.logger.warn(`live subscriber: ${error.message}`));
    this.subscriber = subscriber;
    return subscriber;
  }
}
