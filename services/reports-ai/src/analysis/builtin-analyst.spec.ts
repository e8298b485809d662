import { levelOfScore, reportAnalysisSchema, reportTypes } from '@app/contracts';
import { keyFiguresOf, type SummaryFigures } from '../generation/report-content';
import { formatFigure } from '../render/format';
import type { AnalysisInput, FigureRow } from '../report-document';
import {
  analyseFigures,
  BuiltinAnalyst,
  factorWeights,
  formatOfKey,
  metricName,
  PROCESSOR_CONCENTRATION_LIMIT,
  REFUND_RATE_LIMIT,
} from './builtin-analyst';

const now = new Date('2025-03-31T00:00:00.000Z');
const dayKeys = (count: number) =>
  Array.from({ length: count }, (_, index) => new Date(Date.UTC(2025, 2, 1 + index)).toISOString().slice(0, 10));
/** One row per day with these volumes, ten transactions each. */
const daysOf = (volumes: number[]): FigureRow[] =>
  dayKeys(volumes.length).map((key, index) => ({ key, volume: volumes[index]!, count: 10 }));
const flat = (count: number, volume = 1000) => daysOf(Array.from({ length: count }, () => volume));

/** A quiet 30-day financial period: even days, two processors, many customers, few refunds and failures. */
const inputOf = (overrides: Partial<AnalysisInput> = {}): AnalysisInput => ({
  type: 'financial',
  period: '30d',
  dateRange: { from: '2025-03-01', to: '2025-03-30' },
  summary: {
    totalVolume: 30000,
    totalCount: 300,
    averageTicket: 100,
    successRate: 99,
    refundedCount: 3,
    failedCount: 3,
  },
  previousSummary: {
    totalVolume: 29800,
    totalCount: 298,
    averageTicket: 100,
    successRate: 99,
    refundedCount: 3,
    failedCount: 3,
  },
  daily: flat(30),
  byProcessor: [
    { key: 'stripe', volume: 15000, count: 150 },
    { key: 'square', volume: 15000, count: 150 },
  ],
  byCustomer: [
    { key: 'customer-a', volume: 3000, count: 30 },
    { key: 'customer-b', volume: 2500, count: 25 },
  ],
  ...overrides,
});

const metricOf = (analysis: ReturnType<typeof analyseFigures>, key: string) =>
  analysis.keyMetrics.find((metric) => metric.metric === metricName(key))!;

describe('BuiltinAnalyst', () => {
  const cases: {
    name: string;
    input: AnalysisInput;
    check: (analysis: ReturnType<typeof analyseFigures>) => void;
  }[] = [
    {
      name: 'a quiet period: no factor, low risk, and says nothing needs action',
      input: inputOf(),
      check: (analysis) => {
        expect(analysis.riskAssessment).toEqual({ level: 'low', score: 0, factors: [] });
        expect(analysis.recommendations).toEqual([
          'The figures show nothing needing action: no risk factor was triggered.',
        ]);
        expect(analysis.insights).toContain(
          'Stable within ±2% of the period before: total volume, total count, average ticket, success rate, refunded count, failed count.',
        );
        expect(metricOf(analysis, 'totalVolume')).toEqual({
          metric: 'Total volume',
          value: '$30,000.00',
          trend: 'stable',
          significance: 'low',
        });
      },
    },
    {
      name: 'rising volume: trend up, with the change and both figures',
      input: inputOf({ summary: { ...inputOf().summary, totalVolume: 37500 } }),
      check: (analysis) => {
        expect(metricOf(analysis, 'totalVolume')).toEqual(
          expect.objectContaining({ value: '$37,500.00', trend: 'up', significance: 'high' }),
        );
        expect(analysis.insights).toContain(
          'Total volume rose 25.8% on the period before, from $29,800.00 to $37,500.00.',
        );
        expect(analysis.summary).toContain('total volume $37,500.00 (up 25.8% on the period before)');
        expect(analysis.riskAssessment.factors).toEqual([]);
      },
    },
    {
      name: 'falling volume beyond 20%: trend down and a volume-drop factor with its recommendation',
      input: inputOf({ summary: { ...inputOf().summary, totalVolume: 20000 } }),
      check: (analysis) => {
        expect(metricOf(analysis, 'totalVolume')).toEqual(
          expect.objectContaining({ trend: 'down', significance: 'high' }),
        );
        expect(analysis.riskAssessment.factors).toEqual([
          'Volume drop: total volume fell 32.9% on the period before (from $29,800.00 to $20,000.00), more than 20%. (+15)',
        ]);
        expect(analysis.recommendations).toEqual([expect.stringContaining('Find out why total volume fell 32.9%')]);
      },
    },
    {
      name: 'a processor at 80%: a concentration factor and a recommendation naming it',
      input: inputOf({
        byProcessor: [
          { key: 'stripe', volume: 24000, count: 240 },
          { key: 'square', volume: 6000, count: 60 },
        ],
      }),
      check: (analysis) => {
        expect(analysis.riskAssessment.factors).toEqual([
          `Processor concentration: stripe carried 80.0% of the volume ($24,000.00 of $30,000.00), above ${PROCESSOR_CONCENTRATION_LIMIT}%. (+30)`,
        ]);
        expect(analysis.riskAssessment).toEqual(expect.objectContaining({ score: 30, level: 'low' }));
        expect(analysis.recommendations).toEqual([expect.stringContaining('Connect a second processor')]);
        expect(analysis.recommendations[0]).toContain('stripe carries 80.0%');
      },
    },
    {
      name: 'a customer above 30% of the period: a customer concentration factor',
      input: inputOf({ byCustomer: [{ key: 'big@buyer.test', volume: 12000, count: 20 }] }),
      check: (analysis) => {
        expect(analysis.riskAssessment.factors).toEqual([
          expect.stringContaining('Customer concentration: big@buyer.test accounted for 40.0% of the volume'),
        ]);
        expect(analysis.recommendations).toEqual([expect.stringContaining('Reduce the dependence on big@buyer.test')]);
      },
    },
    {
      name: `a refund rate above ${REFUND_RATE_LIMIT}%: a refund factor naming the counts`,
      input: inputOf({ summary: { ...inputOf().summary, refundedCount: 24 } }),
      check: (analysis) => {
        expect(analysis.riskAssessment.factors).toEqual([
          'Refund rate: 8.0% of the transactions were refunded (24 of 300 transactions), above 5%. (+25)',
        ]);
        expect(analysis.recommendations).toEqual([
          expect.stringContaining('Review why 24 of 300 transactions were refunded'),
        ]);
        expect(metricOf(analysis, 'refundedCount').significance).toBe('high');
      },
    },
    {
      name: 'a failure rate above 10%: a failure factor',
      input: inputOf({ summary: { ...inputOf().summary, failedCount: 45 } }),
      check: (analysis) => {
        expect(analysis.riskAssessment.factors).toEqual([
          'Failure rate: 15.0% of the transactions failed (45 of 300 transactions), above 10%. (+20)',
        ]);
      },
    },
    {
      name: 'a compliance report with records awaiting review: a review-backlog factor',
      input: inputOf({
        type: 'compliance',
        summary: { totalCount: 300, highRiskCount: 2, highRiskRate: 0.7, recordsInReview: 4 },
        previousSummary: { totalCount: 290, highRiskCount: 2, highRiskRate: 0.7, recordsInReview: 0 },
      }),
      check: (analysis) => {
        expect(analysis.riskAssessment.factors).toEqual([
          'Review backlog: 4 screening records of the period still await review. (+20)',
        ]);
        expect(analysis.recommendations).toEqual([
          'Review the 4 screening records awaiting review on the compliance screen, clearing or escalating each.',
        ]);
        expect(metricOf(analysis, 'highRiskRate')).toEqual(
          expect.objectContaining({ value: '0.7%', trend: 'stable', significance: 'low' }),
        );
        expect(metricOf(analysis, 'recordsInReview')).toEqual(
          expect.objectContaining({ value: '4', trend: 'up', significance: 'high' }),
        );
      },
    },
    {
      name: 'an unusual day in a month: more than 3 standard deviations from the mean',
      input: inputOf({
        daily: daysOf([...Array.from({ length: 14 }, () => 1000), 10000, ...Array.from({ length: 15 }, () => 1000)]),
      }),
      check: (analysis) => {
        expect(analysis.riskAssessment.factors).toEqual([
          'Unusual day: 2025-03-15 ($10,000.00), more than 3 standard deviations ($1,615.55) from the daily mean of $1,300.00. (+15)',
        ]);
        expect(analysis.recommendations).toEqual([expect.stringContaining('Check the transactions of 2025-03-15')]);
        expect(analysis.basedOn).toContain('daily');
      },
    },
    {
      name: 'an unusual day in a week: above 3 times the median day',
      input: inputOf({ period: '7d', daily: daysOf([100, 120, 90, 110, 100, 500, 105]), byCustomer: [] }),
      check: (analysis) => {
        expect(analysis.riskAssessment.factors).toEqual([
          'Unusual day: 2025-03-06 ($500.00), above 3 times the median day of $105.00. (+15)',
        ]);
      },
    },
    {
      name: 'several factors: the score is their weights and the level follows the policy bands',
      input: inputOf({
        summary: { ...inputOf().summary, refundedCount: 30, failedCount: 60 },
        byProcessor: [{ key: 'stripe', volume: 30000, count: 300 }],
      }),
      check: (analysis) => {
        const score = factorWeights.processorConcentration + factorWeights.refundRate + factorWeights.failureRate;
        expect(analysis.riskAssessment).toEqual(expect.objectContaining({ score, level: 'high' }));
        expect(analysis.riskAssessment.factors).toHaveLength(3);
        expect(analysis.recommendations).toHaveLength(3);
        expect(analysis.summary).toContain(
          `Risk high (score ${score}): 3 risk factors (processor concentration, refund rate, failure rate).`,
        );
      },
    },
    {
      name: 'an empty period with no earlier one: no factors, low risk, no trend',
      input: inputOf({
        summary: { totalVolume: 0, totalCount: 0, averageTicket: 0, successRate: 0, refundedCount: 0, failedCount: 0 },
        previousSummary: null,
        daily: flat(30, 0),
        byProcessor: [],
        byCustomer: [],
      }),
      check: (analysis) => {
        expect(analysis.riskAssessment).toEqual({ level: 'low', score: 0, factors: [] });
        expect(analysis.keyMetrics.every((metric) => metric.trend === 'stable' && metric.significance === 'low')).toBe(
          true,
        );
        expect(analysis.insights).toEqual([
          'No earlier period: nothing was recorded in the 30 days before 2025-03-01, so no figure has a trend.',
          'No transactions were recorded in this period (total count 0).',
        ]);
        expect(analysis.recommendations).toEqual([
          'The figures show nothing needing action: no risk factor was triggered.',
        ]);
        expect(analysis.summary).toBe(
          'Financial report for 2025-03-01 to 2025-03-30: total volume $0.00; total count 0. Risk low (score 0): the figures show nothing needing action.',
        );
        expect(analysis.basedOn).toEqual([
          'totalVolume',
          'totalCount',
          'averageTicket',
          'successRate',
          'refundedCount',
          'failedCount',
        ]);
      },
    },
  ];

  it.each(cases)('$name', async ({ input, check }) => {
    const analysis = await new BuiltinAnalyst().analyze(input);
    expect(reportAnalysisSchema.parse(analysis)).toEqual(analysis);
    expect(analysis.generatedBy).toBe('builtin');
    check(analysis);
  });

  it.each(cases)('every key metric of "$name" is a summary figure, formatted', ({ input }) => {
    const analysis = analyseFigures(input, now);
    expect(analysis.keyMetrics.map((metric) => metric.metric)).toEqual(Object.keys(input.summary).map(metricName));
    for (const metric of analysis.keyMetrics) {
      const key = Object.keys(input.summary).find((candidate) => metricName(candidate) === metric.metric)!;
      expect(metric.value).toBe(formatFigure(input.summary[key]!, formatOfKey(key)));
      expect(analysis.basedOn).toContain(key);
    }
  });

  it('gives the same analysis for the same figures', () => {
    expect(analyseFigures(inputOf(), now)).toEqual(analyseFigures(inputOf(), now));
  });

  it('names the breakdowns it used', () => {
    expect(analyseFigures(inputOf(), now).basedOn).toEqual([
      ...Object.keys(inputOf().summary),
      'daily',
      'byProcessor',
      'byCustomer',
    ]);
  });

  it.each([
    [0, 'low'],
    [30, 'low'],
    [31, 'medium'],
    [70, 'medium'],
    [71, 'high'],
    [100, 'high'],
  ] as const)('score %d is %s risk', (score, level) => expect(levelOfScore(score)).toBe(level));

  // The worker's key figures carry their format; the analysts see only keys, so the naming rule
  // must give every key of every report type the format the worker gave it.
  it.each(reportTypes)('reads every summary key of a %s report in its format', (type) => {
    const figures: SummaryFigures = {
      totals: {
        completedUsd: '0',
        completedPriced: 0,
        completed: 0,
        refunded: 0,
        failed: 0,
        total: 0,
        pending: 0,
        refundedUsd: '0',
      },
      invoices: { paidCount: 0, paidUsd: '0', refundedUsd: '0' },
      breakdowns: [],
      screenings: [],
      escrows: [],
    };
    for (const figure of keyFiguresOf(type, figures))
      expect([figure.key, formatOfKey(figure.key)]).toEqual([figure.key, figure.format]);
  });

  it.each([
    ['totalVolume', 'usd'],
    ['averageTicket', 'usd'],
    ['successRate', 'percent'],
    ['totalCount', 'count'],
  ] as const)('writes %s as %s', (key, format) => expect(formatOfKey(key)).toBe(format));
});
