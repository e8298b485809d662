import { DynamicModule, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TerminusModule } from '@nestjs/terminus';
import { apiRoutes, type RouteDescriptor } from '@app/contracts';
import type { z } from 'zod';
import { JwtStrategy } from './auth/jwt.strategy';
import { RouteAccessGuard } from './auth/route-access.guard';
import { type BaseConfig, type RedisOnlyConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule, type ServiceDatabaseOptions } from './database/database.module';
import { ErrorFilter } from './errors/error.filter';
import { EventsModule, type ServiceEventsOptions } from './events/events.module';
import { HealthController } from './health/health.controller';
import { HealthService, READINESS_DEPENDENCIES, type Dependency } from './health/health.service';
import { InternalServer } from './health/internal-server';
import { loggingModule } from './logging/logging.module';
import { HttpMetricsMiddleware } from './metrics/metrics';
import { QueueModule } from './queue/queue.module';
import { RedisModule } from './queue/redis.module';

export interface ServiceOptions<S extends z.ZodType<BaseConfig>> {
  config: S;
  /** The service's schema, entities and migrations; `false`: see RedisOnlyServiceOptions. */
  database: ServiceDatabaseOptions;
  events?: ServiceEventsOptions;
  /** Whether the service uses BullMQ queues. */
  queues?: boolean;
  /** The described routes whose access every request is checked against; a test's probe app passes its own. */
  routes?: readonly RouteDescriptor[];
  /** Environment to read instead of process.env (tests). */
  env?: NodeJS.ProcessEnv;
}

/**
 * A process that uses Redis alone (BullMQ, small keys): no Postgres, no Kafka and no routes of its
 * own, so its config is `redisOnlyConfigSchema` extended, and its readiness is Redis's. The mail
 * worker (services/mail) is one: it runs wherever Redis does, whichever services are deployed.
 */
export interface RedisOnlyServiceOptions<S extends z.ZodType<RedisOnlyConfig>> {
  config: S;
  database: false;
  events: false;
  /** Whether the process uses BullMQ queues. */
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

/** Metrics and health; readiness checks `dependencies`. */
const observability = (dependencies: Dependency[]): DynamicModule => ({
  module: ObservabilityModule,
  imports: [TerminusModule],
  // The public port: /health/live only. /metrics and readiness: InternalServer (METRICS_PORT).
  controllers: [HealthController],
  providers: [HealthService, InternalServer, { provide: READINESS_DEPENDENCIES, useValue: dependencies }],
});

/** Everything a service shares with the others, in one import. */
@Module({})
export class PlatformModule {
  static forService<S extends z.ZodType<BaseConfig>>(options: ServiceOptions<S>): DynamicModule;
  static forService<S extends z.ZodType<RedisOnlyConfig>>(options: RedisOnlyServiceOptions<S>): DynamicModule;
  static forService(
    options: ServiceOptions<z.ZodType<BaseConfig>> | RedisOnlyServiceOptions<z.ZodType<RedisOnlyConfig>>,
  ): DynamicModule {
    const configModule = ConfigModule.forRoot(options.config, options.env);
    const level = (options.env ?? process.env).LOG_LEVEL ?? 'info';
    const name = (options.env ?? process.env).SERVICE_NAME ?? 'service';
    const queues = options.queues ? [QueueModule.forRoot()] : [];
    if (options.database === false) {
      // Redis alone: no database, no Kafka, and no routes, so no sessions to verify (JWT_PUBLIC_KEYS).
      return {
        module: PlatformModule,
        imports: [configModule, loggingModule(name, level), RedisModule, ...queues, observability(['redis'])],
        exports: [configModule, RedisModule, ...(options.queues ? [QueueModule] : [])],
      };
    }
    const database = DatabaseModule.forService(options.database);
    return {
      module: PlatformModule,
      imports: [
        configModule,
        loggingModule(name, level),
        database,
        EventsModule.forService(options.events),
        RedisModule,
        ...queues,
        PassportModule,
        observability(['database', 'redis', 'kafka']),
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
