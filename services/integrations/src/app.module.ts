import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { Queue } from '@app/contracts';
import { PlatformModule, type ServiceEventsOptions } from '@app/platform';
import { AnalyticsController } from './analytics/analytics.controller';
import { AnalyticsService } from './analytics/analytics.service';
import { integrationsConfigSchema } from './config';
import { integrationsDatabase } from './entities';
import { Credentials } from './integrations/credentials';
import { IntegrationsRepository } from './integrations/integrations.repository';
import { PosSystemsController } from './integrations/pos-systems.controller';
import { PosSystemsService } from './integrations/pos-systems.service';
import { ProcessorsController } from './integrations/processors.controller';
import { ProcessorsService } from './integrations/processors.service';
import { SyncSchedules } from './sync/sync-schedules';
import { IngestionService } from './transactions/ingestion.service';
import { TransactionsController } from './transactions/transactions.controller';
import { TransactionsRepository } from './transactions/transactions.repository';
import { TransactionsService } from './transactions/transactions.service';
import { WebhooksController } from './transactions/webhooks.controller';
import { WebhooksService } from './transactions/webhooks.service';
import { WebhookDeliveryQueue } from './webhook-endpoints/webhook-delivery.queue';
import { WebhookDispatcher } from './webhook-endpoints/webhook-dispatcher';
import { WebhookEndpointsController } from './webhook-endpoints/webhook-endpoints.controller';
import { WebhookEndpointsRepository } from './webhook-endpoints/webhook-endpoints.repository';
import { WebhookEndpointsService } from './webhook-endpoints/webhook-endpoints.service';
import { webhookEventHandlers } from './webhook-endpoints/webhook-events.handlers';
import { WebhookSender } from './webhook-endpoints/webhook-sender';

/**
 * Shared by the API and the worker: platform, queues, repositories, credentials and ingestion.
 * Only the API consumes events (`events`): other services' merchant events become webhook
 * deliveries there, and its dead letters are replayed through it; the worker sends them. Ingestion
 * (webhooks in the API, POS syncs in the worker) stores the deliveries of its own events itself.
 */
export const integrationsPlatform = (events?: ServiceEventsOptions) =>
  PlatformModule.forService({
    config: integrationsConfigSchema,
    database: integrationsDatabase,
    events,
    queues: true,
  });
export const integrationsQueues = BullModule.registerQueue(
  { name: Queue.IntegrationsSync },
  { name: Queue.WebhookDelivery },
);
export const integrationsProviders = [
  Credentials,
  IntegrationsRepository,
  TransactionsRepository,
  IngestionService,
  SyncSchedules,
  WebhookEndpointsRepository,
  WebhookDeliveryQueue,
  WebhookDispatcher,
  WebhookSender,
];

@Module({
  imports: [integrationsPlatform({ handlers: webhookEventHandlers }), integrationsQueues],
  controllers: [
    ProcessorsController,
    PosSystemsController,
    AnalyticsController,
    WebhooksController,
    TransactionsController,
    WebhookEndpointsController,
  ],
  providers: [
    ...integrationsProviders,
    ProcessorsService,
    PosSystemsService,
    AnalyticsService,
    WebhooksService,
    TransactionsService,
    WebhookEndpointsService,
    ...webhookEventHandlers,
  ],
})
export class AppModule {}
