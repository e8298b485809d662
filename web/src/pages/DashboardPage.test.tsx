import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { GuardedRoute } from '../components/GuardedRoute';
import { KycTimingContext } from '../hooks/useKyc';
import { browser } from '../lib/browser';
import { callsTo, renderRoutes, requestBody, type MockResponse } from '../test/render';
import { analysis, report, reportId } from '../test/reports';
import { DashboardPage } from './DashboardPage';
import { expectFailureToast } from './analytics/testSupport';
import { unitedStates } from '../test/tokenization';
import { complianceRecord, fakeDashboardApi, kycVerification, signedInUser, stats } from './dashboard/fixtures';

// G2 draws on a canvas jsdom does not have; the test checks the data the chart is given.
vi.mock('@ant-design/charts', () => ({
  Line: ({ data }: { data: { x: string; series: string; value: number }[] }) => (
    <ul aria-label="Chart points">
      {data.map((point) => (
        <li key={`${point.x}-${point.series}`}>{`${point.x} ${point.series} ${point.value}`}</li>
      ))}
    </ul>
  ),
}));

function renderDashboard(url = '/dashboard') {
  return renderRoutes(
    <Route element={<GuardedRoute />}>
      <Route
        path="/dashboard"
        element={
          // The status is re-read every 20 ms instead of 3 s.
          <KycTimingContext.Provider value={{ pollMs: 20, returnWatchMs: 60_000 }}>
            <DashboardPage />
          </KycTimingContext.Provider>
        }
      />
    </Route>,
    url,
  );
}

const queued = report({ status: 'queued', progress: 0, generatedAt: null, data: null });
const generating = report({ status: 'generating', progress: 60, generatedAt: null, data: null });

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
    const figures = await section('Key figures');
    await waitFor(() => expect(figures.textContent).toContain('$1.2M'));
    expect(figures.textContent).toContain('$1,234,567.89 completed, all time');
    expect(figures.textContent).toContain('$45.7K');
    expect(figures.textContent).toContain('$45,678.90 completed in November 2026');
    expect(figures.textContent).toContain('Tokenized Properties3');
    // One risk statement: the card and the header's flag read the same answer's open reviews.
    expect(figures.textContent).toContain('3.1/10');
    expect(figures.textContent).toContain('Medium risk, 1 screening record awaiting review');
    // No invented trends.
    expect(figures.textContent).not.toMatch(/\+\d/);
    expect(screen.getByText('KYC Pending')).toBeTruthy();
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

  it('exports a financial report of the chart range and opens its PDF once it is completed', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    let reads = 0;
    const fetchMock = fakeDashboardApi((url) => {
      if (url === '/api/reports/generate') return { status: 201, body: queued };
      if (url === `/api/reports/${reportId}`) return { body: reads++ === 0 ? generating : report() };
      return undefined;
    });
    const { user } = renderDashboard();
    const chart = await card('Transaction Analytics');
    await user.click(within(chart).getByRole('radio', { name: '7D' }));
    await user.click(screen.getByRole('button', { name: /Export Report/ }));

    await waitFor(() => expect(callsTo(fetchMock, '/api/reports/generate', 'POST')).toHaveLength(1));
    // Spec 7's header shape, with the chart's current range.
    expect(requestBody(callsTo(fetchMock, '/api/reports/generate', 'POST')[0])).toEqual({
      reportType: 'financial',
      dateRange: '7d',
      userId: 'u1',
    });
    expect(await screen.findByText('Generating your report: 60%')).toBeTruthy();
    await waitFor(() => expect(open).toHaveBeenCalledWith(`/api/reports/download/${reportId}?format=pdf`, '_blank'));
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText(/Generating your report/)).toBeNull());
  });

  it('offers the PDF in a toast when the browser blocks the new tab', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    fakeDashboardApi((url) => {
      if (url === '/api/reports/generate') return { status: 201, body: queued };
      if (url === `/api/reports/${reportId}`) return { body: report() };
      return undefined;
    });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Export Report/ }));
    expect(await screen.findByText('Report Ready')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the PDF' }).getAttribute('href')).toBe(
      `/api/reports/download/${reportId}?format=pdf`,
    );
  });

  it("shows 'Export Failed' when the report cannot be generated", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    let generate: MockResponse = { status: 503, body: { error: 'SERVICE_UNAVAILABLE', message: 'Unavailable' } };
    fakeDashboardApi((url) => {
      if (url === '/api/reports/generate') return generate;
      if (url === `/api/reports/${reportId}`)
        return {
          body: report({ status: 'failed', data: null, generatedAt: null, error: 'The figures could not be read.' }),
        };
      return undefined;
    });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: /Export Report/ }));
    await expectFailureToast('Export Failed', 'Failed to generate report. Please try again.');

    // The worker fails it: the same toast, and nothing opens.
    generate = { status: 201, body: queued };
    for (const close of screen.getAllByRole('button', { name: /close/i })) await user.click(close);
    await waitFor(() => expect(screen.queryByText('Export Failed')).toBeNull());
    await user.click(screen.getByRole('button', { name: /Export Report/ }));
    await expectFailureToast('Export Failed', 'Failed to generate report. Please try again.');
    expect(open).not.toHaveBeenCalled();
  });

  it('shows no reports yet, with the way to the reports screen', async () => {
    fakeDashboardApi();
    renderDashboard();
    const reports = await card('Business Intelligence Reports & AI Analysis');
    expect(await within(reports).findByText('No reports yet')).toBeTruthy();
    expect(within(reports).getByRole('link', { name: 'Generate a report' }).getAttribute('href')).toBe('/reports');
    expect(within(reports).getByRole('link', { name: 'All reports' }).getAttribute('href')).toBe('/reports');
  });

  it('shows the latest reports with status and downloads, and the latest analysis', async () => {
    const listed = [
      report({
        id: 'r-new',
        title: 'Compliance Report: Last 7 days',
        type: 'compliance',
        reportType: 'compliance',
        period: '7d',
        status: 'generating',
        progress: 40,
        data: null,
      }),
      report({ analysis }),
    ];
    fakeDashboardApi((url) => (url === '/api/reports' ? { body: { reports: listed } } : undefined));
    renderDashboard();
    const reports = await card('Business Intelligence Reports & AI Analysis');
    await within(reports).findByText('Compliance Report: Last 7 days');
    const items = within(reports).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Generating')).toBeTruthy();
    expect(
      within(items[0]!).getByLabelText('Download PDF: Compliance Report: Last 7 days').getAttribute('aria-disabled'),
    ).toBe('true');
    expect(within(items[1]!).getByText('Completed')).toBeTruthy();
    expect(
      within(items[1]!)
        .getByRole('link', { name: 'Download PDF: Financial Report: Last 30 days' })
        .getAttribute('href'),
    ).toBe(`/api/reports/download/${reportId}?format=pdf`);

    const latest = within(within(reports).getByRole('region', { name: 'Latest AI analysis' }));
    expect(latest.getByText('Medium risk')).toBeTruthy();
    expect(latest.getByText('Score 45 / 100')).toBeTruthy();
    expect(latest.getByText(analysis.summary)).toBeTruthy();
  });

  it('says AML Compliant with a low score when no record waits for review, whatever one page of records shows', async () => {
    fakeDashboardApi((url) =>
      url.startsWith('/api/dashboard/stats')
        ? { body: { ...stats, riskScore: 0, riskLevel: 'low', amlReviewsOpen: 0 } }
        : url.startsWith('/api/compliance/records')
          ? { body: { records: [complianceRecord({ status: 'review' })], nextCursor: null } }
          : undefined,
    );
    renderDashboard();
    expect(await screen.findByText('AML Compliant')).toBeTruthy();
    const figures = await section('Key figures');
    await waitFor(() => expect(figures.textContent).toContain('0.0/10'));
    expect(figures.textContent).toContain('Low risk');
    expect(figures.textContent).not.toContain('awaiting review');
    expect(screen.queryByText('AML Review Needed')).toBeNull();
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
      'Reports could not be loaded.',
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

  describe('tokenization', () => {
    it('shows the tokenized properties and the block from GET /api/tokenization/summary', async () => {
      fakeDashboardApi();
      renderDashboard();
      const stats = await section('Key figures');
      await waitFor(() => expect(stats.textContent).toContain('4 submitted, 1 in compliance review'));
      expect(stats.textContent).toContain('Tokenized Properties3');

      const block = await card('Real Estate Tokenization');
      expect(await within(block).findByText('NZ$1,500,000.00')).toBeTruthy();
      expect(block.textContent).toContain('Tokenized properties3');
      expect(block.textContent).toContain('Submitted4');
      expect(block.textContent).toContain('In compliance review1');
      expect(within(block).getByRole('link', { name: 'Open tokenization' }).getAttribute('href')).toBe('/tokenization');
      expect(within(block).getByRole('link', { name: 'How it works' }).getAttribute('href')).toBe('/tokenization-info');
    });

    it('invites a first submission when there is none', async () => {
      fakeDashboardApi((url) =>
        url === '/api/tokenization/summary'
          ? { body: { properties: 0, tokenized: 0, tokenizedValue: '0.00', inCompliance: 0 } }
          : undefined,
      );
      renderDashboard();
      const block = await card('Real Estate Tokenization');
      expect(await within(block).findByText('No properties submitted yet')).toBeTruthy();
      expect(within(block).getByRole('link', { name: 'Start Tokenization' }).getAttribute('href')).toBe(
        '/tokenization',
      );
    });

    it('shows the restriction, and asks for no figures, outside New Zealand and Australia', async () => {
      const fetchMock = fakeDashboardApi((url) =>
        url === '/api/tokenization/eligibility' ? { body: unitedStates } : undefined,
      );
      renderDashboard();
      const block = await card('Real Estate Tokenization');
      expect(await within(block).findByText(unitedStates.restrictionMessage!)).toBeTruthy();
      const stats = await section('Key figures');
      await waitFor(() => expect(stats.textContent).toContain('Offered in New Zealand and Australia only'));
      expect(stats.textContent).toContain('Tokenized Properties—');
      expect(callsTo(fetchMock, '/api/tokenization/summary')).toHaveLength(0);
    });
  });

  describe('KYC', () => {
    const header = async () => {
      const title = await screen.findByRole('heading', { level: 1, name: 'Dashboard Overview' });
      return within(title.parentElement as HTMLElement);
    };

    it("switches the tag to 'KYC Active' when the polled status becomes verified, and every screen agrees", async () => {
      const verified = kycVerification({
        status: 'verified',
        verifiedName: 'Ana Kauri',
        verifiedAt: '2026-11-21T09:00:00.000Z',
      });
      let reads = 0;
      let accountStatus = 'processing';
      const fetchMock = fakeDashboardApi((url) => {
        if (url === '/api/auth/me') return { body: { ...signedInUser, kycStatus: accountStatus } };
        if (url !== '/api/kyc/status') return undefined;
        reads += 1;
        if (reads < 3)
          return { body: { kycStatus: 'processing', verification: kycVerification({ status: 'processing' }) } };
        accountStatus = 'verified';
        return { body: { kycStatus: 'verified', verification: verified } };
      });
      renderDashboard('/dashboard?kyc=returned');
      const top = await header();
      expect(await top.findByText('KYC Processing')).toBeTruthy();
      // While the provider checks, there is nothing to start.
      expect(top.queryByRole('button', { name: 'Verify identity' })).toBeNull();

      expect(await top.findByText('KYC Active')).toBeTruthy();
      expect(top.queryByText('KYC Processing')).toBeNull();
      expect(top.queryByRole('button', { name: 'Verify identity' })).toBeNull();
      expect(await within(await card('AML/KYC Compliance Center')).findByText('Verified')).toBeTruthy();
      // The signed-in user is read again, so the rest of the app sees the new status too.
      await waitFor(() => expect(callsTo(fetchMock, '/api/auth/me').length).toBeGreaterThanOrEqual(2));
    });

    it("keeps reading after the provider's return until it answers, then shows its reason and a way to retry", async () => {
      let reads = 0;
      fakeDashboardApi((url) => {
        if (url !== '/api/kyc/status') return undefined;
        reads += 1;
        // The webhook has not arrived yet on the first reads.
        if (reads < 3) return { body: { kycStatus: 'pending', verification: null } };
        return {
          body: {
            kycStatus: 'requires_input',
            verification: kycVerification({
              lastError: { code: 'document_unverified_other', reason: 'The document could not be read.' },
            }),
          },
        };
      });
      renderDashboard('/dashboard?kyc=returned');
      const top = await header();
      expect(await top.findByText('KYC Action Required')).toBeTruthy();
      expect(top.getByText('The document could not be read.')).toBeTruthy();
      expect(top.getByRole('button', { name: 'Verify identity' })).toBeTruthy();
      expect(reads).toBeGreaterThanOrEqual(3);
    });

    it("starts verification from the header and sends the browser to the provider's page", async () => {
      const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
      const url = 'https://verify.stripe.com/start/test_YWNjdF8x';
      const fetchMock = fakeDashboardApi((path, init) =>
        path === '/api/kyc/verification' && init?.method === 'POST'
          ? { status: 201, body: { url, kycStatus: 'requires_input', verification: kycVerification() } }
          : undefined,
      );
      const { user } = renderDashboard();
      const top = await header();
      expect(await top.findByText('KYC Pending')).toBeTruthy();
      await user.click(top.getByRole('button', { name: 'Verify identity' }));

      await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
      expect(requestBody(callsTo(fetchMock, '/api/kyc/verification', 'POST')[0])).toEqual({ returnTo: 'dashboard' });
      // On its way to the provider, the button stays busy.
      expect(top.getByRole('button', { name: /Verify identity/ }).className).toContain('ant-btn-loading');
    });

    it("shows the server's message when verification cannot be started", async () => {
      const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
      fakeDashboardApi((path, init) =>
        path === '/api/kyc/verification' && init?.method === 'POST'
          ? {
              status: 503,
              body: {
                error: 'SERVICE_UNAVAILABLE',
                message: 'The identity verification provider could not be reached. Please try again in a few minutes.',
              },
            }
          : undefined,
      );
      const { user } = renderDashboard();
      const top = await header();
      await user.click(await top.findByRole('button', { name: 'Verify identity' }));
      await expectFailureToast(
        'Verification Not Started',
        'The identity verification provider could not be reached. Please try again in a few minutes.',
      );
      expect(assign).not.toHaveBeenCalled();
      expect(top.getByRole('button', { name: 'Verify identity' })).toBeTruthy();
    });
  });
});
