import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type Redis from 'ioredis';
import type { Kafka } from 'kafkajs';
import { KAFKA } from '../events/kafka';
import { REDIS } from '../queue/redis.module';

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)),
  ]);

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(KAFKA) private readonly kafka: Kafka,
  ) {}

  /** The process is up; never touches a dependency. */
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([
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
