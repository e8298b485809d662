import { Body, Controller, Get, HttpCode, Param, Post, Query, StreamableFile } from '@nestjs/common';
import {
  analyzeReportRequestSchema,
  generateReportRequestSchema,
  reportDownloadQuerySchema,
  type AnalyzeReportRequest,
  type Report,
  type ReportAnalysis,
  type ReportList,
} from '@app/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@app/platform';
import type { z } from 'zod';
import { ReportsService, type GenerateReport } from './reports.service';

@Controller('api/reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post('generate')
  generate(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(generateReportRequestSchema)) body: GenerateReport,
  ): Promise<Report> {
    return this.reports.generate(user.id, body);
  }

  @Get()
  list(@CurrentUser() user: AuthUser): Promise<ReportList> {
    return this.reports.list(user.id);
  }

  /** The stored file as an attachment (the browser downloads it; a new tab shows the PDF). */
  @Get('download/:id')
  async download(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(reportDownloadQuerySchema)) query: z.output<typeof reportDownloadQuerySchema>,
  ): Promise<StreamableFile> {
    const file = await this.reports.download(user.id, id, query.format);
    return new StreamableFile(file.content, {
      type: file.contentType,
      disposition: `attachment; filename="${file.fileName}"`,
      length: file.content.length,
    });
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<Report> {
    return this.reports.get(user.id, id);
  }

  @Post('analyze')
  @HttpCode(200)
  analyze(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(analyzeReportRequestSchema)) body: AnalyzeReportRequest,
  ): Promise<ReportAnalysis> {
    return this.reports.analyze(user.id, body.reportData.id);
  }
}
