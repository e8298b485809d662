import { DynamicModule, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TerminusModule } from '@nestjs/terminus';
import { apiRoutes, type RouteDescriptor } from '@app/contracts';
import type { z } from 'zod';
import { JwtStrategy } from './auth/jwt.strategy';
import { RouteAccessGuard } from './auth/route-access.guard';
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
  /** The described routes whose access every request is checked against; a test's probe app passes its own. */
  routes?: readonly RouteDescriptor[];
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
      providers: [
        JwtStrategy,
        { provide: APP_FILTER, useClass: ErrorFilter },
        // Who may call each route, from its descriptor (packages/contracts); the jwt strategy checks sessions.
        { provide: APP_GUARD, useFactory: () => new RouteAccessGuard(options.routes ?? apiRoutes) },
      ],
      exports: [configModule, database, EventsModule, RedisModule, ...(options.queues ? [QueueModule] : [])],
    };
  }
}
