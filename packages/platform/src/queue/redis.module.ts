import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { redisOptions } from './redis';

export const REDIS = Symbol('REDIS');

/** One shared ioredis connection per process for health checks and small keys. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: BaseConfig) =>
        new Redis({ ...redisOptions(config.REDIS_URL), maxRetriesPerRequest: 2, lazyConnect: false }),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
