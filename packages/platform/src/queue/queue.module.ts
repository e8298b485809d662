import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { redisOptions } from './redis';

export const QUEUE_PREFIX_ENV = 'QUEUE_PREFIX';

/** BullMQ on the service's Redis; queue names come from @app/contracts `Queue`. */
@Module({})
export class QueueModule {
  static forRoot(): DynamicModule {
    return {
      module: QueueModule,
      imports: [
        BullModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: BaseConfig) => ({
            connection: redisOptions(config.REDIS_URL),
            prefix: process.env[QUEUE_PREFIX_ENV] || 'bull',
            defaultJobOptions: {
              attempts: 5,
              backoff: { type: 'exponential', delay: config.QUEUE_RETRY_DELAY_MS },
              removeOnComplete: 1000,
              removeOnFail: 5000,
            },
          }),
        }),
      ],
      exports: [BullModule],
    };
  }
}
