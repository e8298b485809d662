import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { Queue } from '@app/contracts';
import { PlatformModule } from '@app/platform';
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
import { TransactionsRepository } from './transactions/transactions.repository';
import { WebhooksController } from './transactions/webhooks.controller';
import { WebhooksService } from './transactions/webhooks.service';

/** Shared by the API and the worker: platform, sync queue, repositories, credentials and ingestion. */
export const integrationsPlatform = PlatformModule.forService({
  config: integrationsConfigSchema,
  database: integrationsDatabase,
  queues: true,
});
export const syncQueue = BullModule.registerQueue({ name: Queue.IntegrationsSync });
export const integrationsProviders = [
  Credentials,
  IntegrationsRepository,
  TransactionsRepository,
  IngestionService,
  SyncSchedules,
];

@Module({
  imports: [integrationsPlatform, syncQueue],
  controllers: [ProcessorsController, PosSystemsController, AnalyticsController, WebhooksController],
  providers: [...integrationsProviders, ProcessorsService, PosSystemsService, AnalyticsService, WebhooksService],
})
export class AppModule {}
