import { Module } from '@nestjs/common';
import { PlatformModule } from '@app/platform';
import { reportsProviders, reportsQueue } from './app.module';
import { reportsAiConfigSchema } from './config';
import { reportsDatabase } from './entities';
import { FiguresRepository } from './generation/figures.repository';
import { ReportGenerationProcessor } from './generation/report-generation.processor';
import { ReportGenerationService } from './generation/report-generation.service';

/**
 * The reports worker: same code and schema, generating the queued reports instead of serving HTTP.
 * It consumes no events (the API applies them to the read model), but its outbox relay publishes
 * the ReportGenerated events it writes.
 */
@Module({
  imports: [
    PlatformModule.forService({ config: reportsAiConfigSchema, database: reportsDatabase, queues: true }),
    reportsQueue,
  ],
  providers: [...reportsProviders, FiguresRepository, ReportGenerationService, ReportGenerationProcessor],
})
export class WorkerModule {}
