import {
  buildReportDocument,
  bucketsOf,
  keyFiguresOf,
  type ReportFigures,
  type SummaryFigures,
} from './report-content';

const empty: SummaryFigures = {
  totals: {
    completedUsd: '0',
    completedPriced: 0,
    completed: 0,
    refunded: 0,
    failed: 0,
    pending: 0,
    total: 0,
    refundedUsd: '0',
  },
  invoices: { paidCount: 0, paidUsd: '0', refundedUsd: '0' },
  breakdowns: [],
  screenings: [],
  escrows: [],
};

const figures: ReportFigures = {
  totals: {
    completedUsd: '3131.45',
    completedPriced: 4,
    completed: 5,
    refunded: 1,
    failed: 2,
    pending: 1,
    total: 9,
    refundedUsd: '200.00',
  },
  invoices: { paidCount: 1, paidUsd: '49.00', refundedUsd: '10.00' },
  breakdowns: [
    { dimension: 'processor', key: 'stripe', count: 5, volume: '2600.00' },
    { dimension: 'processor', key: 'coinbase', count: 2, volume: '500.00' },
  ],
  screenings: [],
  escrows: [],
  daily: [{ day: '2025-03-01', count: 9, volume: '3131.45' }],
  customers: [{ customer: 'c2', count: 1, volume: '2500.00' }],
  largeTransactions: [],
};

const request = {
  type: 'financial' as const,
  period: '7d' as const,
  dateRange: { from: '2025-02-23', to: '2025-03-01' },
  title: 'Financial Report (Last 7 days)',
};

describe('report content', () => {
  it('computes the financial figures by the shared formula', () => {
    const summary = Object.fromEntries(keyFiguresOf('financial', figures).map((f) => [f.key, f.value]));
    expect(summary).toEqual({
      totalVolume: 3131.45,
      totalCount: 9,
      averageTicket: 782.86,
      successRate: 75,
      refundedCount: 1,
      refundedVolume: 200,
      failedCount: 2,
      subscriptionFeesPaid: 49,
      subscriptionFeesRefunded: 10,
      netRevenue: 3092.45,
    });
  });

  it('gives every day of the period to the analysts and no previous summary when nothing was recorded then', () => {
    const document = buildReportDocument(request, figures, empty, 'Acme', new Date('2025-03-01T12:00:00Z'));
    expect(document.analysisInput.daily).toHaveLength(7);
    expect(document.analysisInput.daily[6]).toEqual({ key: '2025-03-01', count: 9, volume: 3131.45 });
    expect(document.analysisInput.daily[0]).toEqual({ key: '2025-02-23', count: 0, volume: 0 });
    expect(document.analysisInput.previousSummary).toBeNull();
    expect(document.analysisInput.byProcessor).toEqual([
      { key: 'stripe', count: 5, volume: 2600 },
      { key: 'coinbase', count: 2, volume: 500 },
    ]);
    expect(document.chart.points).toHaveLength(7);
    expect(document.tables.at(-1)!.title).toBe('Notes');
  });

  it('says so when a tokenization report has nothing to count, with zero figures', () => {
    const document = buildReportDocument(
      { ...request, type: 'tokenization', title: 'Tokenization Report (Last 7 days)' },
      { ...empty, daily: [], customers: [], largeTransactions: [] },
      empty,
      'Acme',
      new Date('2025-03-01T12:00:00Z'),
    );
    expect(document.keyFigures.every((figure) => figure.value === 0)).toBe(true);
    expect(document.tables).toHaveLength(1);
    expect(String(document.tables[0]!.rows[0]![0])).toMatch(/^No token transactions were recorded in this period/);
  });

  it('charts 90 days in 7-day spans and a year in months', () => {
    const days = Array.from({ length: 90 }, (_, i) => ({ key: `d${i}`, count: 1, volume: 1.5 }));
    const weeks = bucketsOf('90d', days);
    expect(weeks).toHaveLength(13);
    expect(weeks[0]).toEqual({ key: 'd0', count: 7, volume: 10.5 });
    expect(weeks[12]).toEqual({ key: 'd84', count: 6, volume: 9 });
    const year = bucketsOf('1y', [
      { key: '2025-01-31', count: 1, volume: 1 },
      { key: '2025-02-01', count: 2, volume: 2 },
      { key: '2025-02-28', count: 3, volume: 3 },
    ]);
    expect(year.map((b) => [b.key, b.count])).toEqual([
      ['2025-01', 1],
      ['2025-02', 5],
    ]);
  });
});
