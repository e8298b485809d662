import { DynamicModule, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TerminusModule } from '@nestjs/terminus';
import type { z } from 'zod';
import { JwtStrategy } from './auth/jwt.strategy';
import { type BaseConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule, type ServiceDatabaseOptions } from './database/database.module';
import { ErrorFilter } from './errors/error.filter';
import { EventsModule, type ServiceEventsOptions } from './events/events.module';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { InternalServer } from './health/internal-server';
import { loggingModule } from './logging/logging.module';
import { HttpMetricsMiddleware } from './metrics/metrics';
import { QueueModule } from './queue/queue.module';
import { RedisModule } from './queue/redis.module';

export interface ServiceOptions<S extends z.ZodType<BaseConfig>> {
  config: S;
  database: ServiceDatabaseOptions;
  events?: ServiceEventsOptions;
  /** Whether the service uses BullMQ queues. */
  queues?: boolean;
  /** Environment to read instead of process.env (tests). */
  env?: NodeJS.ProcessEnv;
}

@Module({})
class ObservabilityModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('*path');
  }
}

/** Everything a service shares with the others, in one import. */
@Module({})
export class PlatformModule {
  static forService<S extends z.ZodType<BaseConfig>>(options: ServiceOptions<S>): DynamicModule {
    const configModule = ConfigModule.forRoot(options.config, options.env);
    const database = DatabaseModule.forService(options.database);
    const level = (options.env ?? process.env).LOG_LEVEL ?? 'info';
    const name = (options.env ?? process.env).SERVICE_NAME ?? 'service';
    return {
      module: PlatformModule,
      imports: [
        configModule,
        loggingModule(name, level),
        database,
        EventsModule.forService(options.events),
        RedisModule,
        ...(options.queues ? [QueueModule.forRoot()] : []),
        PassportModule,
        {
          module: ObservabilityModule,
          imports: [TerminusModule],
          // The public port: /health/live only. /metrics and readiness: InternalServer (METRICS_PORT).
          controllers: [HealthController],
          providers: [HealthService, InternalServer],
        },
      ],
      providers: [JwtStrategy, { provide: APP_FILTER, useClass: ErrorFilter }],
      exports: [configModule, database, EventsModule, RedisModule, ...(options.queues ? [QueueModule] : [])],
    };
  }
}
