// Test data for the reports screen and the dashboard's reports (imported by *.test.tsx only).
import type { Report, ReportAnalysis } from '@app/contracts';

export const reportId = '0b6f1c2e-4d5a-4e8b-9c7d-1a2b3c4d5e6f';

/** A completed 30-day financial report; overrides make the other states. */
export function report(overrides: Partial<Report> = {}): Report {
  return {
    id: reportId,
    title: 'Financial Report: Last 30 days',
    type: 'financial',
    reportType: 'financial',
    period: '30d',
    dateRange: { from: '2026-10-24', to: '2026-11-22' },
    status: 'completed',
    progress: 100,
    createdAt: '2026-11-22T09:00:00.000Z',
    generatedAt: '2026-11-22T09:00:04.000Z',
    data: {
      summary: {
        totalVolume: 12_345.6,
        totalCount: 1204,
        averageTicket: 10.25,
        successRate: 97.5,
        refundedVolume: 120,
      },
    },
    analysis: null,
    error: null,
    ...overrides,
  };
}

export const analysis: ReportAnalysis = {
  summary: 'Volume rose 12.0% on the previous 30 days; one processor carries most of it.',
  riskAssessment: {
    level: 'medium',
    score: 45,
    factors: ['Stripe carries 82.0% of the volume (over 50%).'],
  },
  keyMetrics: [
    { metric: 'Total volume', value: '$12,345.60', trend: 'up', significance: 'high' },
    { metric: 'Success rate', value: '97.5%', trend: 'stable', significance: 'low' },
  ],
  insights: ['Volume rose 12.0% against the previous period ($11,023.00).'],
  recommendations: ['Connect a second processor so an outage at Stripe does not stop your sales.'],
  generatedBy: 'builtin',
  basedOn: ['totalVolume', 'successRate', 'byProcessor'],
  analysedAt: '2026-11-22T09:05:00.000Z',
};
