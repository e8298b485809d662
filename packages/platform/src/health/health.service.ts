import { Inject, Injectable, Optional, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type Redis from 'ioredis';
import type { Kafka } from 'kafkajs';
import { KAFKA } from '../events/kafka';
import { REDIS } from '../queue/redis.module';

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)),
  ]);

export interface Readiness {
  status: 200 | 503;
  /** terminus's result: each dependency up or down, with the error text when down (internal port only). */
  body: object;
}

/** What a process depends on, each checked by its readiness. */
export type Dependency = 'database' | 'redis' | 'kafka';

/** The dependencies of this process (PlatformModule provides them from its options). */
export const READINESS_DEPENDENCIES = Symbol('READINESS_DEPENDENCIES');

/**
 * Whether the process can do its work: its dependencies answer (database, Redis and Kafka; Redis
 * alone for a process without the others, such as the mail worker). Served on the internal port.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(READINESS_DEPENDENCIES) private readonly dependencies: readonly Dependency[],
    // Absent in a process without events (no EventsModule).
    @Optional() @Inject(KAFKA) private readonly kafka?: Kafka,
  ) {}

  async ready(): Promise<Readiness> {
    const checks = {
      database: () => this.db.pingCheck('database', { timeout: 2000 }),
      redis: () => this.probe('redis', async () => void (await this.redis.ping())),
      kafka: () =>
        this.probe('kafka', async () => {
          if (!this.kafka) throw new Error('no Kafka client in this process');
          const admin = this.kafka.admin();
          await admin.connect();
          try {
            await admin.describeCluster();
          } finally {
            await admin.disconnect();
          }
        }),
    };
    try {
      const body = await this.health.check(this.dependencies.map((dependency) => checks[dependency]));
      return { status: 200, body };
    } catch (error) {
      if (error instanceof ServiceUnavailableException) return { status: 503, body: error.getResponse() as object };
      throw error;
    }
  }

  private async probe(key: string, check: () => Promise<void>) {
    const indicator = this.indicators.check(key);
    try {
      await withTimeout(check(), 2000);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}
