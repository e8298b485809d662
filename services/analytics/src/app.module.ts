import { Module } from '@nestjs/common';
import { PlatformModule } from '@app/platform';
import { BlockchainStatusService } from './blockchain/blockchain-status.service';
import { ComplianceController } from './compliance/compliance.controller';
import { ComplianceRepository } from './compliance/compliance.repository';
import { ComplianceService } from './compliance/compliance.service';
import { analyticsConfigSchema } from './config';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardService } from './dashboard/dashboard.service';
import { analyticsDatabase } from './entities';
import { ExpensesRepository } from './expenses/expenses.repository';
import { InvoicePaidHandler, InvoiceRefundedHandler } from './expenses/invoice-events.handlers';
import { AnalyticsController } from './insights/analytics.controller';
import { BusinessMetricsService } from './insights/business-metrics.service';
import { CashFlowService } from './insights/cash-flow.service';
import { CompetitiveService } from './insights/competitive.service';
import { CustomersRepository } from './insights/customers.repository';
import { RiskService } from './insights/risk.service';
import { RollupsRepository } from './insights/rollups.repository';
import { SegmentationService } from './insights/segmentation.service';
import { PageEventsController } from './page-events/page-events.controller';
import { PageEventsRepository } from './page-events/page-events.repository';
import { PageEventsService } from './page-events/page-events.service';
import { ReadModelRepository } from './transactions/read-model.repository';
import {
  ChargeCompletedHandler,
  ChargeFailedHandler,
  EscrowCancelledHandler,
  EscrowFinishedHandler,
  TransactionRecordedHandler,
} from './transactions/transaction-events.handlers';
import { TransactionsController } from './transactions/transactions.controller';
import { TransactionsRepository } from './transactions/transactions.repository';
import { TransactionsService } from './transactions/transactions.service';

const handlers = [
  TransactionRecordedHandler,
  ChargeCompletedHandler,
  ChargeFailedHandler,
  EscrowFinishedHandler,
  EscrowCancelledHandler,
  InvoicePaidHandler,
  InvoiceRefundedHandler,
];

@Module({
  imports: [
    PlatformModule.forService({
      config: analyticsConfigSchema,
      database: analyticsDatabase,
      events: { handlers },
    }),
  ],
  controllers: [
    DashboardController,
    TransactionsController,
    AnalyticsController,
    ComplianceController,
    PageEventsController,
  ],
  providers: [
    ...handlers,
    ReadModelRepository,
    ExpensesRepository,
    RollupsRepository,
    TransactionsRepository,
    CustomersRepository,
    DashboardService,
    TransactionsService,
    BusinessMetricsService,
    CashFlowService,
    SegmentationService,
    RiskService,
    CompetitiveService,
    ComplianceRepository,
    ComplianceService,
    PageEventsRepository,
    PageEventsService,
    BlockchainStatusService,
  ],
})
export class AppModule {}
