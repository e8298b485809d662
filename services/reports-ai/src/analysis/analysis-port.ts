import type { ReportAnalysis } from '@app/contracts';
import type { AnalysisInput } from '../report-document';

/** The port: what analyses a report's figures (OpenAI with structured output, or the built-in analyst). */
export interface ReportAnalyst {
  /** Reads only `input` (the report's figures), never the database or the request. */
  analyze(input: AnalysisInput): Promise<ReportAnalysis>;
}

export const REPORT_ANALYST = Symbol('REPORT_ANALYST');
