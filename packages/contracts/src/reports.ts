import { z } from 'zod';

/**
 * The reports-ai service's calls (spec 2 Reports and the dashboard's Export Report, 3 Report and
 * AI analysis, 7 /api/reports*, 8, 9; issue 17). A report is computed by a worker from the
 * service's own read model of other services' events, rendered as PDF and CSV, stored where every
 * replica can serve it, and analysed from its figures only.
 */

/** Spec 9: report types and periods. */
export const reportTypes = ['financial', 'compliance', 'transaction', 'tokenization'] as const;
export type ReportType = (typeof reportTypes)[number];
export const reportPeriods = ['7d', '30d', '90d', '1y'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
/** Days a period covers, ending today (UTC), today included. */
export const reportPeriodDays: Record<ReportPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
export const reportFormats = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof reportFormats)[number];
/** queued → generating → completed, or failed (with its error). */
export const reportStatuses = ['queued', 'generating', 'completed', 'failed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
/** Spec 9: the recent reports shown. */
export const recentReportsLimit = 5;

/** Spec 8's texts, and the platform's where the spec gives none. */
export const reportMessages = {
  /** Spec 8 (Reports): both fields must be chosen. */
  selectBoth: 'Please select both report type and time period.',
  exportFailedTitle: 'Export Failed',
  exportFailed: 'Failed to generate report. Please try again.',
  generationFailedTitle: 'Generation Failed',
  generationFailed: 'Failed to generate report. Please try again.',
  analysisFailedTitle: 'Analysis Failed',
  analysisFailed: 'Failed to analyse the report. Please try again.',
  notFound: 'Report not found.',
  notReady: 'The report is not ready yet.',
  format: 'Format must be pdf or csv.',
} as const;

const typeSchema = z.enum(reportTypes, reportMessages.selectBoth);
const periodSchema = z.enum(reportPeriods, reportMessages.selectBoth);

/**
 * POST /api/reports/generate in either of the spec's shapes: `{ type, period }` (the reports screen)
 * or `{ reportType, dateRange, userId }` (the dashboard's Export Report). `userId` is accepted and
 * ignored: the session names the owner. Both come out as `{ type, period }`.
 */
export const generateReportRequestSchema = z.union(
  [
    z.strictObject({ type: typeSchema, period: periodSchema }),
    z
      .strictObject({ reportType: typeSchema, dateRange: periodSchema, userId: z.string().max(100).optional() })
      .transform(({ reportType, dateRange }) => ({ type: reportType, period: dateRange })),
  ],
  { error: reportMessages.selectBoth },
);
export type GenerateReportRequest = z.input<typeof generateReportRequestSchema>;

/** Spec 3 AI analysis. */
export const reportAnalysisSchema = z.object({
  summary: z.string(),
  riskAssessment: z.object({
    level: z.enum(['low', 'medium', 'high']),
    /** 0 (no risk seen) to 100. */
    score: z.number().min(0).max(100),
    factors: z.array(z.string()),
  }),
  keyMetrics: z.array(
    z.object({
      metric: z.string(),
      value: z.string(),
      trend: z.enum(['up', 'down', 'stable']),
      significance: z.enum(['high', 'medium', 'low']),
    }),
  ),
  insights: z.array(z.string()),
  recommendations: z.array(z.string()),
  /** Who wrote it: the OpenAI model, or the built-in analyst deriving each statement from the figures. */
  generatedBy: z.enum(['openai', 'builtin']),
  /** The report's figures (summary keys) the analysis used. */
  basedOn: z.array(z.string()),
  analysedAt: z.string(),
});
export type ReportAnalysis = z.infer<typeof reportAnalysisSchema>;

/** Spec 3 Report (with the list's createdAt and reportType), plus the generation's progress. */
export const reportSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(reportTypes),
  /** The same as `type` (the list's name for it, spec 3). */
  reportType: z.enum(reportTypes),
  period: z.enum(reportPeriods),
  /** The days covered (YYYY-MM-DD, UTC, both included). */
  dateRange: z.object({ from: z.string(), to: z.string() }),
  status: z.enum(reportStatuses),
  /** 0-100. */
  progress: z.number().int().min(0).max(100),
  createdAt: z.string(),
  generatedAt: z.string().nullable(),
  /** Spec 3: data.summary as key/number pairs; null until the report is generated. */
  data: z.object({ summary: z.record(z.string(), z.number()) }).nullable(),
  analysis: reportAnalysisSchema.nullable(),
  /** Why generation failed (status failed). */
  error: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** GET /api/reports: the owner's most recent reports, newest first (at most recentReportsLimit). */
export const reportListSchema = z.object({ reports: z.array(reportSchema) });
export type ReportList = z.infer<typeof reportListSchema>;

/** GET /api/reports/:id answers one of the owner's reports as `reportSchema` (the screen follows a generation with it). */

/** GET /api/reports/download/:id?format=pdf|csv (pdf by default). */
export const reportDownloadQuerySchema = z.strictObject({
  format: z.enum(reportFormats, reportMessages.format).optional().default('pdf'),
});
export type ReportDownloadQuery = z.input<typeof reportDownloadQuerySchema>;

/**
 * POST /api/reports/analyze (spec 7: `reportData`): the report the screen holds; only its id is
 * read, the figures come from the stored report, never from the request.
 */
export const analyzeReportRequestSchema = z.strictObject({
  reportData: z.looseObject({ id: z.uuid(reportMessages.notFound) }),
});
export type AnalyzeReportRequest = z.input<typeof analyzeReportRequestSchema>;
