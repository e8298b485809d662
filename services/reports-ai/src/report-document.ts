import type { ReportPeriod, ReportType } from '@app/contracts';

/**
 * What a generated report holds, computed once by the worker from the service's read model and
 * stored with the report (jsonb): the renderers (PDF, CSV) draw it and the analysts read it; none
 * of them queries anything else.
 */

/** One headline figure: `key` is its name in the spec's `data.summary`. */
export interface KeyFigure {
  key: string;
  label: string;
  value: number;
  format: 'usd' | 'count' | 'percent';
}

export interface ReportTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
}

/** The report's chart: one series over the period (days, or weeks/months for long periods). */
export interface ReportChart {
  title: string;
  kind: 'bar' | 'line';
  unit: 'usd' | 'count';
  points: { label: string; value: number }[];
}

/** A breakdown row: a processor, a customer, a day. Volumes in USD. */
export interface FigureRow {
  key: string;
  volume: number;
  count: number;
}

/** What the analysts read: the figures, the same figures for the period before, and the breakdowns. */
export interface AnalysisInput {
  type: ReportType;
  period: ReportPeriod;
  dateRange: { from: string; to: string };
  summary: Record<string, number>;
  /** The same summary for the period of the same length just before; null when nothing was recorded then. */
  previousSummary: Record<string, number> | null;
  /** One row per day of the period (key YYYY-MM-DD), every day present. */
  daily: FigureRow[];
  byProcessor: FigureRow[];
  /** Customers by volume, largest first (at most 10). */
  byCustomer: FigureRow[];
}

export interface ReportDocument {
  title: string;
  type: ReportType;
  period: ReportPeriod;
  dateRange: { from: string; to: string };
  /** ISO 8601. */
  generatedAt: string;
  /** Who the report is for, as the title page names it (the account's business name or e-mail when known). */
  preparedFor: string;
  keyFigures: KeyFigure[];
  chart: ReportChart;
  tables: ReportTable[];
  analysisInput: AnalysisInput;
}

/** Spec 3's data.summary of a document: its key figures as key/number pairs. */
export const summaryOf = (document: Pick<ReportDocument, 'keyFigures'>): Record<string, number> =>
  Object.fromEntries(document.keyFigures.map((figure) => [figure.key, figure.value]));
