import type { BusinessMetric, BusinessMetrics } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockFetch, renderPage } from '../../test/render';
import { BusinessMetricsPage } from './BusinessMetricsPage';
import { captureDownloads, expectFailureToast, exportButton, refreshButton } from './testSupport';

const path = '/api/analytics/business-metrics';

const revenue: BusinessMetric = {
  id: 'revenue',
  name: 'Revenue',
  value: 12500,
  previousValue: 10000,
  target: 20000,
  targetBasis: 'Previous period plus 10%',
  better: 'higher',
  unit: 'USD',
  changeType: 'increase',
  changePercent: 25,
  category: 'revenue',
};

const transactions: BusinessMetric = {
  id: 'transactions',
  name: 'Transactions',
  value: 340,
  previousValue: 0,
  target: 300,
  targetBasis: 'Average of the last 3 periods',
  better: 'higher',
  unit: 'count',
  changeType: 'increase',
  changePercent: 0,
  category: 'operational',
};

const refundRate: BusinessMetric = {
  id: 'refund-rate',
  name: 'Refund Rate',
  value: 2.5,
  previousValue: 3.1,
  target: 2,
  targetBasis: 'Industry median',
  better: 'lower',
  unit: '%',
  changeType: 'decrease',
  changePercent: -19.4,
  category: 'customer',
};

const metrics: BusinessMetrics = {
  daily: [],
  weekly: [{ ...revenue, value: 3400, previousValue: 2900, changePercent: 17.2 }],
  monthly: [revenue, transactions, refundRate],
  currency: 'USD',
};

const renderMetrics = () => renderPage(<BusinessMetricsPage />, { path: '/analytics/business-metrics' });

describe('BusinessMetricsPage', () => {
  it("shows the month's metrics with K/M money, change, previous value and target progress", async () => {
    mockFetch(() => ({ body: metrics }));
    renderMetrics();

    const card = await screen.findByLabelText('Revenue');
    expect(within(card).getByText('$12.5K')).toBeTruthy();
    expect(within(card).getByText(/\+25\.0%/)).toBeTruthy();
    expect(within(card).getByText('Previous period: $10.0K')).toBeTruthy();
    expect(within(card).getByText('Target: $20.0K')).toBeTruthy();
    expect(within(card).getByText('62.5%')).toBeTruthy();
    expect(within(card).getByText('Previous period plus 10%')).toBeTruthy();

    // A count metric above its target: progress capped at 100%; previous 0 gives a 0 change.
    const count = screen.getByLabelText('Transactions');
    expect(within(count).getByText('340')).toBeTruthy();
    expect(within(count).getByText('100%')).toBeTruthy();
    expect(within(count).getByText(/0\.0%/)).toBeTruthy();

    // Lower is better: 2.5% against a target of at most 2% is 80% of the way.
    const refunds = screen.getByLabelText('Refund Rate');
    expect(within(refunds).getByText('2.5%')).toBeTruthy();
    expect(within(refunds).getByText(/-19\.4%/)).toBeTruthy();
    expect(within(refunds).getByText('Target: at most 2.0%')).toBeTruthy();
    expect(within(refunds).getByText('80%')).toBeTruthy();
  });

  it('shows no target and no progress bar for a metric without a target the merchant set', async () => {
    const untargeted = (metric: BusinessMetric): BusinessMetric => ({ ...metric, target: null, targetBasis: null });
    mockFetch(() => ({
      body: { ...metrics, monthly: [untargeted({ ...revenue, value: 0, previousValue: 0 }), untargeted(refundRate)] },
    }));
    renderMetrics();

    const card = await screen.findByLabelText('Revenue');
    expect(within(card).getByText('$0')).toBeTruthy();
    expect(screen.queryByText(/Target/)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText('100%')).toBeNull();
  });

  it('asks for the chosen period and shows its metrics; an empty period shows the empty state', async () => {
    const fetchMock = mockFetch(() => ({ body: metrics }));
    const { user } = renderMetrics();
    await screen.findByText('$12.5K');
    expect(callsTo(fetchMock, `${path}?period=monthly`)).toHaveLength(1);

    await user.click(screen.getByText('Weekly'));
    expect(await screen.findByText('$3.4K')).toBeTruthy();
    expect(callsTo(fetchMock, `${path}?period=weekly`)).toHaveLength(1);
    expect(screen.queryByText('$12.5K')).toBeNull();

    await user.click(screen.getByText('Daily'));
    expect(await screen.findByText('No metrics available for the selected period.')).toBeTruthy();
    expect(callsTo(fetchMock, `${path}?period=daily`)).toHaveLength(1);
    expect(exportButton()).toHaveProperty('disabled', true);
  });

  it('reloads the metrics on Refresh', async () => {
    let revenueValue = 12500;
    const fetchMock = mockFetch(() => ({ body: { ...metrics, monthly: [{ ...revenue, value: revenueValue }] } }));
    const { user } = renderMetrics();
    await screen.findByText('$12.5K');

    revenueValue = 1_250_000;
    await user.click(refreshButton());
    expect(await screen.findByText('$1.3M')).toBeTruthy();
    expect(callsTo(fetchMock, `${path}?period=monthly`)).toHaveLength(2);
  });

  it('shows the failure toast and the empty state, never figures, when the load fails', async () => {
    mockFetch(() => ({ status: 500, body: { error: 'internal', message: 'boom' } }));
    renderMetrics();

    await expectFailureToast('Failed to load metrics', 'Unable to fetch business metrics. Please try again.');
    expect(screen.getByText('No metrics available for the selected period.')).toBeTruthy();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.queryByText(/Target/)).toBeNull();
    expect(exportButton()).toHaveProperty('disabled', true);
  });

  it("exports the shown period's metrics as CSV", async () => {
    mockFetch(() => ({ body: metrics }));
    const files = captureDownloads();
    const { user } = renderMetrics();
    await screen.findByText('$12.5K');

    await user.click(exportButton());
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.fileName).toMatch(/^business-metrics-monthly-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await files[0]!.text()).split('\r\n')).toEqual([
      'Metric,Category,Unit,Value,Previous Value,Change (%),Change Type,Target,Target Progress (%),Target Basis',
      'Revenue,revenue,USD,12500,10000,25,increase,20000,62.5,Previous period plus 10%',
      'Transactions,operational,count,340,0,0,increase,300,100,Average of the last 3 periods',
      'Refund Rate,customer,%,2.5,3.1,-19.4,decrease,2,80,Industry median',
      '',
    ]);
  });
});
