import type { CashFlow, CashFlowPeriod } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, renderPage } from '../../test/render';
import { CashFlowPage } from './CashFlowPage';
import { captureDownloads, expectFailureToast, exportButton, refreshButton, statCard } from './testSupport';

vi.mock('./charts', async () => (await import('./testSupport')).chartStubs);

const path = '/api/analytics/cash-flow';

const october: CashFlowPeriod = {
  period: '2026-10',
  start: '2026-10-01',
  end: '2026-10-31',
  inflow: 1_234_567,
  outflow: 45_600,
  netFlow: 1_188_967,
  operatingCashFlow: 1_200_000,
  investingCashFlow: 0,
  financingCashFlow: -11_033,
  categories: { revenue: 1_234_567, operations: 34_567, expenses: 11_033 },
};

const november: CashFlowPeriod = {
  ...october,
  period: '2026-11',
  start: '2026-11-01',
  end: '2026-11-30',
  inflow: 980,
  outflow: 120,
  netFlow: 860,
  operatingCashFlow: 860,
  financingCashFlow: 0,
  categories: { revenue: 980, operations: 120, expenses: 0 },
};

const monthly: CashFlow = { period: 'monthly', currency: 'USD', periods: [october, november] };
const quarterly: CashFlow = {
  period: 'quarterly',
  currency: 'USD',
  periods: [{ ...october, period: '2026-Q4', start: '2026-10-01', end: '2026-12-31', inflow: 2_500_000 }],
};

function fakeApi(answers: Partial<Record<string, CashFlow>> = { monthly, quarterly }) {
  return mockFetch((url) => {
    const period = new URL(url, 'http://x').searchParams.get('period') ?? '';
    const answer = answers[period];
    return answer ? { body: answer } : { status: 500, text: 'Internal Server Error' };
  });
}

const renderCashFlow = () => renderPage(<CashFlowPage />, { path: '/analytics/cash-flow' });

describe('CashFlowPage', () => {
  it('shows each month and the totals in K and M with one decimal', async () => {
    fakeApi();
    renderCashFlow();

    expect(within(await statCard('Total Inflow')).getByText('$1.2M')).toBeTruthy();
    expect(within(await statCard('Total Outflow')).getByText('$45.7K')).toBeTruthy();
    expect(within(await statCard('Net Cash Flow')).getByText('$1.2M')).toBeTruthy();

    const table = screen.getByLabelText('Cash flow by period');
    const octoberRow = within(table).getByText('2026-10').closest('tr')!;
    expect(within(octoberRow).getAllByText('$1.2M')).toHaveLength(4); // inflow, net, operating, revenue
    expect(within(octoberRow).getByText('$45.6K')).toBeTruthy();
    expect(within(octoberRow).getByText('-$11.0K')).toBeTruthy();
    const novemberRow = within(table).getByText('2026-11').closest('tr')!;
    expect(within(novemberRow).getAllByText('$980')).toHaveLength(2);
    expect(screen.getByLabelText('Inflow, outflow and net flow per period')).toBeTruthy();
  });

  it('asks for the chosen period and reloads on Refresh', async () => {
    const fetchMock = fakeApi();
    const { user } = renderCashFlow();
    await screen.findByText('2026-10');
    expect(callsTo(fetchMock, `${path}?period=monthly`)).toHaveLength(1);

    await user.click(screen.getByText('Quarterly'));
    expect(await screen.findByText('2026-Q4')).toBeTruthy();
    expect(callsTo(fetchMock, `${path}?period=quarterly`)).toHaveLength(1);
    expect(within(await statCard('Total Inflow')).getByText('$2.5M')).toBeTruthy();

    await user.click(refreshButton());
    await waitFor(() => expect(callsTo(fetchMock, `${path}?period=quarterly`)).toHaveLength(2));
  });

  it('shows the empty state with a hint when the period has no activity', async () => {
    fakeApi({ monthly: { ...monthly, periods: [] } });
    renderCashFlow();

    expect(await screen.findByText('No cash flow data available for the selected period')).toBeTruthy();
    expect(screen.getByText('Try selecting a different period.')).toBeTruthy();
    expect(exportButton()).toHaveProperty('disabled', true);
  });

  it('shows the failure toast and empties the list when the load fails', async () => {
    fakeApi({ monthly });
    const { user } = renderCashFlow();
    await screen.findByText('2026-10');

    await user.click(screen.getByText('Yearly'));
    await expectFailureToast('Failed to load cash flow data', 'Unable to fetch cash flow analytics. Please try again.');
    expect(screen.getByText('No cash flow data available for the selected period')).toBeTruthy();
    expect(screen.queryByText('2026-10')).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(exportButton()).toHaveProperty('disabled', true);
  });

  it('exports the periods as CSV', async () => {
    fakeApi();
    const files = captureDownloads();
    const { user } = renderCashFlow();
    await screen.findByText('2026-10');

    await user.click(exportButton());
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.fileName).toMatch(/^cash-flow-monthly-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await files[0]!.text()).split('\r\n')).toEqual([
      'Period,Start,End,Inflow (USD),Outflow (USD),Net Flow (USD),Operating (USD),Investing (USD),Financing (USD),Revenue (USD),Operations (USD),Expenses (USD)',
      '2026-10,2026-10-01,2026-10-31,1234567,45600,1188967,1200000,0,-11033,1234567,34567,11033',
      '2026-11,2026-11-01,2026-11-30,980,120,860,860,0,0,980,120,0',
      '',
    ]);
  });
});
