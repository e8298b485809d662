import {
  routeById,
  type GenerateReportRequest,
  type Report,
  type ReportAnalysis,
  type ReportFormat,
  type ReportList,
} from '@app/contracts';
import { callRoute, routeUrl } from './client';

/** POST /api/reports/generate: the report is queued; follow it with fetchReport. */
export function generateReport(body: GenerateReportRequest): Promise<Report> {
  return callRoute(routeById('generateReport'), { body });
}

/** GET /api/reports: the 5 most recent, newest first. */
export function fetchReports(): Promise<ReportList> {
  return callRoute(routeById('listReports'));
}

/** GET /api/reports/{id}: the report with its status and progress. */
export function fetchReport(id: string): Promise<Report> {
  return callRoute(routeById('getReport'), { params: { id } });
}

/** POST /api/reports/analyze: the server reads only the id and analyses the stored figures. */
export function analyzeReport(report: Report): Promise<ReportAnalysis> {
  return callRoute(routeById('analyzeReport'), { body: { reportData: report } });
}

/**
 * GET /api/reports/download/{id}?format=: a plain URL, not a fetch. The browser downloads it itself
 * (a link or a new tab) and sends the session cookie along.
 */
export const reportDownloadUrl = (id: string, format: ReportFormat = 'pdf'): string =>
  routeUrl(routeById('downloadReport'), { params: { id }, query: { format } });
