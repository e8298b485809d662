import { Module } from '@nestjs/common';
import { integrationsPlatform, integrationsProviders, syncQueue } from './app.module';
import { PosSyncService } from './sync/pos-sync.service';
import { SyncProcessor } from './sync/sync.processor';

/** The integrations worker: same code and platform, running the POS sync jobs instead of HTTP. */
@Module({
  imports: [integrationsPlatform, syncQueue],
  providers: [...integrationsProviders, PosSyncService, SyncProcessor],
})
export class WorkerModule {}
