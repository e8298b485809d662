import { cashFlowPeriodOf } from './cash-flow.service';

describe('cash flow period', () => {
  it('puts sales in, refunds, subscription and token purchases out', () => {
    const period = cashFlowPeriodOf(
      { salesUsd: '1000.50', refundsUsd: '100.25', tokenUsd: '200.00', expensesUsd: '49.00' },
      new Date('2026-10-01T00:00:00Z'),
      'quarterly',
    );
    expect(period).toEqual({
      period: '2026-Q4',
      start: '2026-10-01',
      end: '2026-12-31',
      inflow: 1000.5,
      outflow: 349.25,
      netFlow: 651.25,
      operatingCashFlow: 851.25,
      investingCashFlow: -200,
      financingCashFlow: 0,
      categories: { revenue: 1000.5, operations: 100.25, expenses: 49 },
    });
  });

  it('labels months and years', () => {
    const zero = { salesUsd: '0', refundsUsd: '0', tokenUsd: '0', expensesUsd: '0' };
    expect(cashFlowPeriodOf(zero, new Date('2026-02-01T00:00:00Z'), 'monthly')).toMatchObject({
      period: '2026-02',
      end: '2026-02-28',
    });
    expect(cashFlowPeriodOf(zero, new Date('2026-01-01T00:00:00Z'), 'yearly')).toMatchObject({
      period: '2026',
      end: '2026-12-31',
    });
  });
});
