import type { Report } from '@app/contracts';
import type { ReportRecord } from './report.entity';

/** A stored report as the API answers it (spec 3's Report, with the list's createdAt and reportType). */
export const reportView = (record: ReportRecord): Report => ({
  id: record.id,
  title: record.title,
  type: record.type,
  reportType: record.type,
  period: record.period,
  dateRange: { from: record.dateFrom, to: record.dateTo },
  status: record.status,
  progress: record.progress,
  createdAt: record.createdAt.toISOString(),
  generatedAt: record.generatedAt?.toISOString() ?? null,
  data: record.summary ? { summary: record.summary } : null,
  analysis: record.analysis,
  error: record.error,
});
