import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { Queue } from '@app/contracts';
import { APP_CONFIG, openAiClientProvider, PlatformModule } from '@app/platform';
import { REPORT_ANALYST } from './analysis/analysis-port';
import { BuiltinAnalyst } from './analysis/builtin-analyst';
import { OpenAiAnalyst } from './analysis/openai-analyst';
import { reportsAiConfigSchema, type ReportsAiConfig } from './config';
import { reportsDatabase } from './entities';
import { ReportGenerationQueue } from './generation/report-generation.queue';
import { InvoicePaidHandler, InvoiceRefundedHandler } from './read-model/invoice-events.handler';
import { ReadModelRepository } from './read-model/read-model.repository';
import {
  ChargeCompletedHandler,
  ChargeFailedHandler,
  EscrowCancelledHandler,
  EscrowFinishedHandler,
  TransactionRecordedHandler,
} from './read-model/transaction-events.handler';
import { UserRegisteredHandler } from './read-model/user-registered.handler';
import { ReportsController } from './reports/reports.controller';
import { ReportsRepository } from './reports/reports.repository';
import { ReportsService } from './reports/reports.service';

/** The read model: other services' events (issue 17), applied by the API process. */
const handlers = [
  TransactionRecordedHandler,
  ChargeCompletedHandler,
  ChargeFailedHandler,
  EscrowFinishedHandler,
  EscrowCancelledHandler,
  InvoicePaidHandler,
  InvoiceRefundedHandler,
  UserRegisteredHandler,
];

/** Shared by the API and the worker: the generation queue and the reports' storage. */
export const reportsQueue = BullModule.registerQueue({ name: Queue.ReportGeneration });
export const reportsProviders = [ReportsRepository, ReportGenerationQueue];

@Module({
  imports: [
    PlatformModule.forService({
      config: reportsAiConfigSchema,
      database: reportsDatabase,
      events: { handlers },
      queues: true,
    }),
    reportsQueue,
  ],
  controllers: [ReportsController],
  providers: [
    ...reportsProviders,
    ...handlers,
    ReadModelRepository,
    ReportsService,
    openAiClientProvider,
    BuiltinAnalyst,
    OpenAiAnalyst,
    // The analyst behind the port: OpenAI when OPENAI_API_KEY is set, the built-in one otherwise.
    {
      provide: REPORT_ANALYST,
      inject: [APP_CONFIG, OpenAiAnalyst, BuiltinAnalyst],
      useFactory: (config: ReportsAiConfig, openai: OpenAiAnalyst, builtin: BuiltinAnalyst) =>
        config.OPENAI_API_KEY ? openai : builtin,
    },
  ],
})
export class AppModule {}
