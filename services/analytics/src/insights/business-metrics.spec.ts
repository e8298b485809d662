import { metricsOf, windowsOf, type MetricInputs } from './business-metrics.service';

const inputs = (
  completedUsd: string,
  completed: number,
  refunded: number,
  failed: number,
  active = 0,
  fresh = 0,
): MetricInputs => ({
  totals: {
    completedUsd,
    completedPriced: completed,
    completed,
    refunded,
    failed,
    total: completed + refunded + failed,
  },
  activeCustomers: active,
  newCustomers: fresh,
});

describe('business metrics', () => {
  it('compares month to date with the same days of the month before', () => {
    const { current, previous } = windowsOf('monthly', new Date('2026-11-22T05:00:00Z'));
    expect([current.from, current.to, previous.from, previous.to].map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2026-11-01',
      '2026-11-22',
      '2026-10-01',
      '2026-10-22',
    ]);
    const march = windowsOf('monthly', new Date('2026-03-31T05:00:00Z'));
    expect(march.previous.to.toISOString().slice(0, 10)).toBe('2026-02-28');
    const week = windowsOf('weekly', new Date('2026-11-22T05:00:00Z')); // a Sunday
    expect(week.current.from.toISOString().slice(0, 10)).toBe('2026-11-16');
    expect(week.previous.to.toISOString().slice(0, 10)).toBe('2026-11-15');
  });

  it('computes values and changes; no target the merchant did not set, the refund rate lower-is-better', () => {
    const metrics = metricsOf('monthly', inputs('1100.00', 10, 0, 0, 8, 3), inputs('1000.00', 8, 2, 0, 5, 0));
    const byId = Object.fromEntries(metrics.map((m) => [m.id, m]));
    expect(byId.monthly_revenue).toMatchObject({
      value: 1100,
      previousValue: 1000,
      target: null,
      targetBasis: null,
      better: 'higher',
      changePercent: 10,
      changeType: 'increase',
    });
    expect(byId.monthly_averageTicket).toMatchObject({
      value: 110,
      previousValue: 125,
      target: null,
      changeType: 'decrease',
    });
    expect(byId.monthly_refundRate).toMatchObject({
      value: 0,
      previousValue: 20,
      target: null,
      better: 'lower',
      changePercent: -100,
    });
    expect(byId.monthly_newCustomers).toMatchObject({ value: 3, previousValue: 0, changePercent: 0, target: null });
    expect(metrics.every((m) => m.target === null)).toBe(true);
    expect(byId.monthly_successRate).toMatchObject({ value: 100, unit: '%' });
  });
});
