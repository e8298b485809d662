import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
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

/** Whether the process can do its work: database, Redis and Kafka answer (served on the internal port). */
@Injectable()
export class HealthService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(KAFKA) private readonly kafka: Kafka,
  ) {}

  async ready(): Promise<Readiness> {
    try {
      const body = await this.health.check([
        () => this.db.pingCheck('database', { timeout: 2000 }),
        () => this.probe('redis', async () => void (await this.redis.ping())),
        () =>
          this.probe('kafka', async () => {
            const admin = this.kafka.admin();
            await admin.connect();
            try {
              await admin.describeCluster();
            } finally {
              await admin.disconnect();
            }
          }),
      ]);
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
