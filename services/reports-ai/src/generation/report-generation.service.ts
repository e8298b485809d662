import { Injectable, Logger } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { reportMessages, type TransactionType } from '@app/contracts';
import { OutboxService, TransactionRunner, type Transaction } from '@app/platform';
import { renderReportCsv } from '../render/csv';
import { renderReportPdf } from '../render/pdf';
import { summaryOf, type ReportDocument } from '../report-document';
import { previousRangeOf, windowOf, type DateRange } from '../reports/report-period';
import type { ReportRecord } from '../reports/report.entity';
import { ReportsRepository } from '../reports/reports.repository';
import { FiguresRepository, type FigureScope } from './figures.repository';
import {
  buildReportDocument,
  largeTransactionsLimit,
  reportFileNameOf,
  topCustomersLimit,
  type ReportFigures,
  type SummaryFigures,
} from './report-content';

export type GenerationOutcome = 'completed' | 'already-completed' | 'missing';

/** Progress shown while a report generates: its figures being read, then rendered, then stored. */
export const generationProgress = { reading: 10, rendering: 60, storing: 90 } as const;

/** A tokenization report counts the token transactions; the others every transaction. */
const scopeTypeOf = (report: ReportRecord): TransactionType | null => (report.type === 'tokenization' ? 'token' : null);

/**
 * Generates one report: reads its period's figures (and the period's before) from the read model,
 * builds the document, renders the PDF and the CSV, then stores both files, marks the report
 * completed and publishes ReportGenerated in one transaction on the locked report, so a retried or
 * repeated job completes it (and announces it) once.
 */
@Injectable()
export class ReportGenerationService {
  private readonly logger = new Logger(ReportGenerationService.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly reports: ReportsRepository,
    private readonly figures: FiguresRepository,
    private readonly outbox: OutboxService,
  ) {}

  async generate(reportId: string): Promise<GenerationOutcome> {
    const report = await this.reports.byId(this.transactions.autocommit, reportId);
    if (!report) return 'missing';
    if (!(await this.reports.generating(this.transactions.autocommit, reportId, generationProgress.reading)))
      return 'already-completed';

    const generatedAt = new Date();
    const document = await this.transactions.run((manager) => this.documentOf(manager, report, generatedAt));
    await this.reports.progress(this.transactions.autocommit, reportId, generationProgress.rendering);
    const pdf = await renderReportPdf(document);
    const csv = renderReportCsv(document);
    await this.reports.progress(this.transactions.autocommit, reportId, generationProgress.storing);

    return this.transactions.run(async (manager) => {
      const locked = await this.reports.lock(manager, reportId);
      if (!locked) return 'missing';
      if (locked.status === 'completed') return 'already-completed';
      const request = { type: report.type, period: report.period, dateRange: document.dateRange };
      await this.reports.saveFile(manager, {
        reportId,
        format: 'pdf',
        contentType: 'application/pdf',
        fileName: reportFileNameOf(request, 'pdf'),
        content: pdf,
      });
      await this.reports.saveFile(manager, {
        reportId,
        format: 'csv',
        contentType: 'text/csv; charset=utf-8',
        fileName: reportFileNameOf(request, 'csv'),
        content: csv,
      });
      await this.reports.completed(manager, reportId, document, summaryOf(document), generatedAt);
      await this.outbox.publish(manager, 'ReportGenerated', reportId, {
        reportId,
        userId: report.userId,
        type: report.type,
        period: report.period,
        generatedAt: timestampFromDate(generatedAt),
      });
      return 'completed';
    });
  }

  /** After the job's last attempt: the report is failed, with the message the user sees; the cause is logged. */
  async fail(reportId: string, cause: unknown): Promise<void> {
    this.logger.error(`report ${reportId} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    await this.reports.failed(this.transactions.autocommit, reportId, reportMessages.generationFailed);
  }

  /** The reports waiting for a worker (the worker requeues them at start: Redis may have lost their jobs). */
  unfinished(): Promise<string[]> {
    return this.reports.unfinished(this.transactions.autocommit);
  }

  private async documentOf(manager: Transaction, report: ReportRecord, generatedAt: Date): Promise<ReportDocument> {
    const range: DateRange = { from: report.dateFrom, to: report.dateTo };
    const scope: FigureScope = { userId: report.userId, window: windowOf(range), type: scopeTypeOf(report) };
    const compliance = report.type === 'compliance';
    const current = await this.summaryFigures(manager, scope, compliance);
    const figures: ReportFigures = {
      ...current,
      daily: await this.figures.daily(manager, scope),
      customers: await this.figures.topCustomers(manager, scope, topCustomersLimit),
      largeTransactions: compliance ? await this.figures.largeTransactions(manager, scope, largeTransactionsLimit) : [],
    };
    const previous = await this.summaryFigures(
      manager,
      { ...scope, window: windowOf(previousRangeOf(range)) },
      compliance,
    );
    const preparedFor = (await this.figures.preparedFor(manager, report.userId)) ?? `Account ${report.userId}`;
    return buildReportDocument(
      { type: report.type, period: report.period, dateRange: range, title: report.title },
      figures,
      previous,
      preparedFor,
      generatedAt,
    );
  }

  private async summaryFigures(manager: Transaction, scope: FigureScope, compliance: boolean): Promise<SummaryFigures> {
    return {
      totals: await this.figures.totals(manager, scope),
      invoices: await this.figures.invoices(manager, scope.userId, scope.window),
      breakdowns: await this.figures.breakdowns(manager, scope),
      screenings: compliance ? await this.figures.screenings(manager, scope) : [],
      escrows: compliance ? await this.figures.escrows(manager, scope) : [],
    };
  }
}
