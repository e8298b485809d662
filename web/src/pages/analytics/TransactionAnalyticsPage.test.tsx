import type { TransactionSummary, TransactionVolume } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, renderPage } from '../../test/render';
import { TransactionAnalyticsPage } from './TransactionAnalyticsPage';
import { captureDownloads, expectFailureToast, exportButton, refreshButton, statCard } from './testSupport';

vi.mock('./charts', async () => (await import('./testSupport')).chartStubs);

const summaryPath = '/api/analytics/transaction-summary';
const volumePath = '/api/analytics/transaction-volume';

const summary = (range: TransactionSummary['range']): TransactionSummary => ({
  range,
  currency: 'USD',
  totalCount: range === '7d' ? 12 : 1204,
  totalVolume: range === '7d' ? 8460 : 1_234_567,
  averageTicket: 1025.3,
  successRate: 96.5,
  byStatus: [
    { key: 'completed', count: 1100, volume: 1_234_567 },
    { key: 'failed', count: 104, volume: 45_600 },
  ],
  byType: [{ key: 'fiat', count: 1204, volume: 1_280_167 }],
  byPaymentMethod: [{ key: 'card_present', count: 900, volume: 950_000 }],
  byProcessor: [{ key: 'stripe', count: 1204, volume: 1_280_167 }],
  byCountry: [],
});

const volume = (range: TransactionVolume['range']): TransactionVolume => ({
  range,
  currency: 'USD',
  points: [{ date: '2026-11-21', fiat: 100, crypto: 0, token: 0 }],
});

function fakeApi(fail = false) {
  return mockFetch((url) => {
    const range = new URL(url, 'http://x').searchParams.get('range') as TransactionSummary['range'];
    if (fail) return { status: 500, text: 'Internal Server Error' };
    if (url.startsWith(summaryPath)) return { body: summary(range) };
    if (url.startsWith(volumePath)) return { body: volume(range) };
    return { status: 404 };
  });
}

const renderAnalytics = () => renderPage(<TransactionAnalyticsPage />, { path: '/analytics' });

describe('TransactionAnalyticsPage', () => {
  it('shows the key figures, the daily volume chart and the breakdowns of the last 30 days', async () => {
    const fetchMock = fakeApi();
    renderAnalytics();

    expect(within(await statCard('Total Transactions')).getByText('1,204')).toBeTruthy();
    expect(within(await statCard('Total Volume')).getByText('$1.2M')).toBeTruthy();
    expect(within(await statCard('Average Transaction')).getByText('$1,025.30')).toBeTruthy();
    expect(within(await statCard('Success Rate')).getByText('96.5%')).toBeTruthy();
    expect(await screen.findByLabelText('Daily completed volume by type')).toBeTruthy();

    const byStatus = screen.getByLabelText('By Status');
    expect(within(byStatus).getByText('Completed')).toBeTruthy();
    expect(within(byStatus).getByText('1,100')).toBeTruthy();
    expect(within(byStatus).getByText('$45.6K')).toBeTruthy();
    expect(within(screen.getByLabelText('By Payment Method')).getByText('Card present')).toBeTruthy();
    expect(within(screen.getByLabelText('By Country')).getByText('None in this range')).toBeTruthy();

    expect(callsTo(fetchMock, `${summaryPath}?range=30d`)).toHaveLength(1);
    expect(callsTo(fetchMock, `${volumePath}?range=30d`)).toHaveLength(1);
  });

  it('asks for the chosen range, and Refresh reloads both calls', async () => {
    const fetchMock = fakeApi();
    const { user } = renderAnalytics();
    await screen.findByText('$1,025.30');

    await user.click(screen.getByText('7D'));
    expect(await screen.findByText('$8.5K')).toBeTruthy();
    expect(callsTo(fetchMock, `${summaryPath}?range=7d`)).toHaveLength(1);
    await waitFor(() => expect(callsTo(fetchMock, `${volumePath}?range=7d`)).toHaveLength(1));

    await user.click(refreshButton());
    await waitFor(() => expect(callsTo(fetchMock, `${summaryPath}?range=7d`)).toHaveLength(2));
    await waitFor(() => expect(callsTo(fetchMock, `${volumePath}?range=7d`)).toHaveLength(2));
  });

  it('shows the failure toast and the empty state, never figures, when the load fails', async () => {
    fakeApi(true);
    renderAnalytics();

    await expectFailureToast(
      'Failed to load transaction analytics',
      'Unable to fetch transaction analytics. Please try again.',
    );
    expect(screen.getByText('No transactions in the selected range.')).toBeTruthy();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.queryByText('Total Transactions')).toBeNull();
    expect(exportButton()).toHaveProperty('disabled', true);
  });

  it('exports the breakdowns as CSV', async () => {
    fakeApi();
    const files = captureDownloads();
    const { user } = renderAnalytics();
    await screen.findByText('$1,025.30');

    await user.click(exportButton());
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.fileName).toMatch(/^transaction-analytics-30d-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await files[0]!.text()).split('\r\n')).toEqual([
      'Breakdown,Key,Transactions,Volume (USD)',
      'Status,completed,1100,1234567',
      'Status,failed,104,45600',
      'Type,fiat,1204,1280167',
      'Payment Method,card_present,900,950000',
      'Processor,stripe,1204,1280167',
      '',
    ]);
  });
});
