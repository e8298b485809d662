import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { GuardedRoute } from '../components/GuardedRoute';
import { callsTo, renderRoutes } from '../test/render';
import { DashboardPage } from './DashboardPage';
import { complianceRecord, fakeDashboardApi } from './dashboard/fixtures';

// G2 draws on a canvas jsdom does not have; the test checks the data the chart is given.
vi.mock('@ant-design/charts', () => ({
  Line: ({ data }: { data: { date: string; series: string; value: number }[] }) => (
    <ul aria-label="Chart points">
      {data.map((point) => (
        <li key={`${point.date}-${point.series}`}>{`${point.date} ${point.series} ${point.value}`}</li>
      ))}
    </ul>
  ),
}));

function renderDashboard() {
  return renderRoutes(
    <Route element={<GuardedRoute />}>
      <Route path="/dashboard" element={<DashboardPage />} />
    </Route>,
    '/dashboard',
  );
}

const section = (name: string) => screen.findByRole('region', { name });
const card = async (title: string) => {
  const heading = await screen.findByText(title, { selector: '.ant-card-head-title' });
  return heading.closest('.ant-card') as HTMLElement;
};

describe('DashboardPage', () => {
  it('shows the four stats from GET /api/dashboard/stats, with K/M formatting and exact values', async () => {
    fakeDashboardApi();
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeTruthy();
    const stats = await section('Key figures');
    await waitFor(() => expect(stats.textContent).toContain('$1.2M'));
    expect(stats.textContent).toContain('$1,234,567.89 completed, all time');
    expect(stats.textContent).toContain('$45.7K');
    expect(stats.textContent).toContain('$45,678.90 completed in November 2026');
    expect(stats.textContent).toContain('Tokenized Properties3');
    expect(stats.textContent).toContain('2.4/10');
    expect(stats.textContent).toContain('Low risk');
    // No invented trends.
    expect(stats.textContent).not.toMatch(/\+\d/);
    expect(screen.getAllByText('KYC Pending')).toHaveLength(2); // header and compliance center
    expect(screen.getByText('AML Review Needed')).toBeTruthy();
  });

  it('fills the chart from the volume series and refetches on 7D/90D', async () => {
    const fetchMock = fakeDashboardApi();
    const { user } = renderDashboard();
    const chart = await card('Transaction Analytics');
    expect(await within(chart).findByText('2026-11-20 Fiat 1000')).toBeTruthy();
    expect(chart.textContent).toContain('Fiat: $1,500.50');
    expect(chart.textContent).toContain('Crypto: $250.00');
    expect(callsTo(fetchMock, '/api/analytics/transaction-volume?range=30d')).toHaveLength(1);

    await user.click(within(chart).getByRole('radio', { name: '7D' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/analytics/transaction-volume?range=7d')).toHaveLength(1));
  });

  it('lists recent activity, providers, networks and the crypto summary from the API', async () => {
    fakeDashboardApi();
    renderDashboard();
    const recent = await card('Recent Activity');
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(3));
    expect(recent.textContent).toContain('$120.50');

    const compliance = await card('AML/KYC Compliance Center');
    expect(await within(compliance).findByText('Platform AML rules')).toBeTruthy();
    expect(within(compliance).getByText('1 awaiting review')).toBeTruthy();

    const chain = await card('Blockchain Infrastructure');
    expect(await within(chain).findByText('31.5 gwei')).toBeTruthy();
    expect(within(chain).getByText('9,000,000')).toBeTruthy();
    expect(within(chain).getByText('Offline')).toBeTruthy();

    const crypto = await card('Crypto Portfolio');
    await waitFor(() => expect(crypto.textContent).toContain('$250.00 completed on 1 day'));
    expect(within(crypto).getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe('/crypto-wallet');
    expect(within(crypto).getByRole('link', { name: 'Trade' }).getAttribute('href')).toBe('/crypto-wallet');
  });

  it('asks for at most 5 recent transactions', async () => {
    const fetchMock = fakeDashboardApi();
    renderDashboard();
    await card('Recent Activity');
    await waitFor(() => expect(callsTo(fetchMock, '/api/transactions?limit=5')).toHaveLength(1));
  });

  it('filters Live Transaction Monitoring by type and copies an ID', async () => {
    const fetchMock = fakeDashboardApi();
    const { user } = renderDashboard();
    const live = await card('Live Transaction Monitoring');
    expect(await within(live).findByText('txn_1001')).toBeTruthy();

    await user.click(within(live).getByRole('radio', { name: 'Crypto' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/transactions?type=crypto&limit=10')).toHaveLength(1));
    await waitFor(() => expect(within(live).queryByText('txn_1001')).toBeNull());
    expect(within(live).getByText('ch_crypto_2')).toBeTruthy();

    await user.click(within(live).getByRole('button', { name: 'Copy transaction id' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('ch_crypto_2');
    expect(await within(live).findByRole('button', { name: 'Copied transaction id' })).toBeTruthy();
  });

  it('exports the dashboard figures as CSV in the browser', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs; these two are put back after the test.
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:dashboard';
    };
    URL.revokeObjectURL = () => undefined;
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fakeDashboardApi();
    const { user } = renderDashboard();
    const exportButton = await screen.findByRole('button', { name: /Export Report/ });
    await waitFor(() => expect(exportButton.hasAttribute('disabled')).toBe(false));
    await user.click(exportButton);
    expect(blobs).toHaveLength(1);
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(csv).toContain('Stats,Total Portfolio,1234567.89,USD');
    expect(csv).toContain('Stats,Monthly Volume (2026-11),45678.90,USD');
    expect(csv).toContain('2026-11-20,1000.00,250.00,0.00,USD');
  });

  it('says AML Compliant when no record waits for review', async () => {
    fakeDashboardApi((url) =>
      url.startsWith('/api/compliance/records')
        ? { body: { records: [complianceRecord({ status: 'cleared' })], nextCursor: null } }
        : undefined,
    );
    renderDashboard();
    expect(await screen.findByText('AML Compliant')).toBeTruthy();
  });

  it('shows empty states, not numbers, when the data calls fail', async () => {
    fakeDashboardApi((url) =>
      url === '/api/auth/me' || url === '/api/analytics/events' ? undefined : { status: 500, text: 'boom' },
    );
    renderDashboard();
    expect(await screen.findByText('Your key figures could not be loaded.')).toBeTruthy();
    for (const message of [
      'Transaction volume could not be loaded.',
      'Recent activity could not be loaded.',
      'Compliance records could not be loaded.',
      'Network status could not be loaded.',
      'Transactions could not be loaded.',
      'Crypto payments could not be loaded.',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    for (const title of [
      'Transaction Analytics',
      'Recent Activity',
      'Blockchain Infrastructure',
      'Crypto Portfolio',
      'Real Estate Tokenization',
    ]) {
      const body = (await card(title)).querySelector('.ant-card-body');
      expect(body?.textContent).not.toMatch(/\$|\d/);
    }
    expect(within(await card('Live Transaction Monitoring')).queryByRole('table')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Key figures' })).toBeNull();
    expect(screen.getByRole('button', { name: /Export Report/ }).hasAttribute('disabled')).toBe(true);
  });

  it('shows empty states when the user has no transactions', async () => {
    fakeDashboardApi((url) => {
      if (url.startsWith('/api/transactions')) return { body: { transactions: [], nextCursor: null } };
      if (url.startsWith('/api/analytics/transaction-volume'))
        return {
          body: { range: '30d', currency: 'USD', points: [{ date: '2026-11-21', fiat: 0, crypto: 0, token: 0 }] },
        };
      return undefined;
    });
    renderDashboard();
    expect(await screen.findByText('No completed transactions in the last 30 days.')).toBeTruthy();
    expect(await within(await card('Recent Activity')).findByText('No transactions yet.')).toBeTruthy();
  });
});
