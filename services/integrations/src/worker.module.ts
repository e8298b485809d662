import { Module } from '@nestjs/common';
import { integrationsPlatform, integrationsProviders, integrationsQueues } from './app.module';
import { PosSyncService } from './sync/pos-sync.service';
import { SyncProcessor } from './sync/sync.processor';
import { WebhookDeliveryProcessor } from './webhook-endpoints/webhook-delivery.processor';
import { WebhookDeliveryService } from './webhook-endpoints/webhook-delivery.service';

/**
 * The integrations worker: same code and platform, running the POS sync jobs and the webhook
 * deliveries instead of HTTP. It consumes no events (the API turns them into deliveries).
 */
@Module({
  imports: [integrationsPlatform(), integrationsQueues],
  providers: [
    ...integrationsProviders,
    PosSyncService,
    SyncProcessor,
    WebhookDeliveryService,
    WebhookDeliveryProcessor,
  ],
})
export class WorkerModule {}
