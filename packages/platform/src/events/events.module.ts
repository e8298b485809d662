import { DynamicModule, Module, type Provider, type Type } from '@nestjs/common';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { DeadLettersController } from './dead-letters.controller';
import { DeadLettersRepository } from './dead-letters.repository';
import { DeadLettersService } from './dead-letters.service';
import { EventConsumer } from './event-consumer';
import { CONSUMER_GROUP, EVENT_HANDLERS, type EventHandler } from './event-handler';
import { createKafka, KAFKA, kafkaConfigSchema, TOPIC_PREFIX } from './kafka';
import { OutboxNotifier } from './outbox.notifier';
import { OutboxRelay } from './outbox.relay';
import { OutboxService } from './outbox.service';

export interface ServiceEventsOptions {
  /** Kafka consumer group; defaults to the service name. */
  consumerGroup?: string;
  /** Event handler classes this service consumes with; the feature module that owns one provides it. */
  handlers?: Type<EventHandler>[];
  /** False in a process that must not publish (none yet); the relay runs by default. */
  relay?: boolean;
}

@Module({})
export class EventsModule {
  static forService(options: ServiceEventsOptions = {}): DynamicModule {
    const handlers = options.handlers ?? [];
    const providers: Provider[] = [
      {
        provide: KAFKA,
        inject: [APP_CONFIG],
        useFactory: (config: BaseConfig) => createKafka(config.KAFKA_BROKERS, config.SERVICE_NAME),
      },
      { provide: TOPIC_PREFIX, useFactory: () => kafkaConfigSchema.parse(process.env).KAFKA_TOPIC_PREFIX },
      {
        provide: CONSUMER_GROUP,
        inject: [APP_CONFIG, TOPIC_PREFIX],
        useFactory: (config: BaseConfig, prefix: string) => prefix + (options.consumerGroup ?? config.SERVICE_NAME),
      },
      { provide: EVENT_HANDLERS, useValue: handlers },
      OutboxService,
      OutboxNotifier,
      EventConsumer,
      DeadLettersRepository,
      DeadLettersService,
      ...(options.relay === false ? [] : [OutboxRelay]),
    ];
    return {
      module: EventsModule,
      global: true,
      providers,
      // A service that consumes events serves its dead letters to ops.
      controllers: handlers.length > 0 ? [DeadLettersController] : [],
      exports: [OutboxService, KAFKA, EventConsumer, DeadLettersService],
    };
  }
}
