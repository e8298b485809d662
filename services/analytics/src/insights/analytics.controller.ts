import { Controller, Get, Query } from '@nestjs/common';
import {
  businessMetricsQuerySchema,
  cashFlowQuerySchema,
  chartRangeQuerySchema,
  competitiveQuerySchema,
  type BusinessMetrics,
  type CashFlow,
  type CashFlowPeriodKind,
  type ChartRange,
  type CompetitiveAnalysis,
  type CompetitiveTimeframe,
  type CustomerSegmentation,
  type RiskAnalytics,
  type TransactionSummary,
  type TransactionVolume,
} from '@app/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@app/platform';
import { DashboardService } from '../dashboard/dashboard.service';
import { BusinessMetricsService } from './business-metrics.service';
import { CashFlowService } from './cash-flow.service';
import { CompetitiveService } from './competitive.service';
import { RiskService } from './risk.service';
import { SegmentationService } from './segmentation.service';

/** Spec 7: the analytics screens' calls, all computed from the user's own transactions. */
@Controller('api/analytics')
export class AnalyticsController {
  constructor(
    private readonly metrics: BusinessMetricsService,
    private readonly cashFlows: CashFlowService,
    private readonly segments: SegmentationService,
    private readonly risks: RiskService,
    private readonly competitive: CompetitiveService,
    private readonly dashboard: DashboardService,
  ) {}

  /** All three period keys are answered; `period` is validated so a wrong one is a 400. */
  @Get('business-metrics')
  businessMetrics(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(businessMetricsQuerySchema)) _query: unknown,
  ): Promise<BusinessMetrics> {
    return this.metrics.metrics(user.id);
  }

  @Get('cash-flow')
  cashFlow(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(cashFlowQuerySchema)) query: { period: CashFlowPeriodKind },
  ): Promise<CashFlow> {
    return this.cashFlows.cashFlow(user.id, query.period);
  }

  @Get('customer-segmentation')
  segmentation(@CurrentUser() user: AuthUser): Promise<CustomerSegmentation> {
    return this.segments.segmentation(user.id);
  }

  @Get('risk')
  risk(@CurrentUser() user: AuthUser): Promise<RiskAnalytics> {
    return this.risks.risk(user.id);
  }

  @Get('competitive')
  competitiveAnalysis(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(competitiveQuerySchema)) query: { timeframe: CompetitiveTimeframe },
  ): Promise<CompetitiveAnalysis> {
    return this.competitive.analysis(user.id, query.timeframe);
  }

  @Get('transaction-volume')
  volume(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(chartRangeQuerySchema)) query: { range: ChartRange },
  ): Promise<TransactionVolume> {
    return this.dashboard.volume(user.id, query.range);
  }

  @Get('transaction-summary')
  summary(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(chartRangeQuerySchema)) query: { range: ChartRange },
  ): Promise<TransactionSummary> {
    return this.dashboard.summary(user.id, query.range);
  }
}
