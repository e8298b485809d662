import type { Report } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockFetch, renderPage, requestBody, type MockResponse } from '../../test/render';
import { analysis, report, reportId } from '../../test/reports';
import { expectFailureToast } from '../analytics/testSupport';
import { ReportsPage } from './ReportsPage';

const queued = report({ status: 'queued', progress: 0, generatedAt: null, data: null });

interface FakeReports {
  /** GET /api/reports, read on each call. */
  list?: () => Report[];
  generate?: MockResponse;
  /** The successive answers of GET /api/reports/{id}; the last one repeats. */
  reads?: Report[];
  analyze?: MockResponse;
}

function fakeReportsApi({ list = () => [], generate, reads = [report()], analyze }: FakeReports = {}) {
  let read = 0;
  return mockFetch((url) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/reports') return { body: { reports: list() } };
    if (pathname === '/api/reports/generate') return generate ?? { status: 201, body: queued };
    if (pathname === '/api/reports/analyze') return analyze ?? { body: analysis };
    if (pathname === `/api/reports/${reportId}`) return { body: reads[Math.min(read++, reads.length - 1)] };
    return { status: 404, body: { error: 'NOT_FOUND', message: 'Report not found.' } };
  });
}

const renderReports = () => renderPage(<ReportsPage />, { path: '/reports' });

type User = ReturnType<typeof renderReports>['user'];

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]!);
}

const generateButton = () => screen.getByRole('button', { name: /Generate Report/ });
const selectedReport = () => screen.getByRole('region', { name: 'Selected report' });
const recentTable = () => screen.getByRole('region', { name: 'Recent reports' });

/** Opens a listed report with the keyboard: the row's View button, then Enter. */
async function viewReport(user: User, title: string) {
  const view = await screen.findByRole('button', { name: `View report: ${title}` });
  view.focus();
  await user.keyboard('{Enter}');
  return within(selectedReport());
}

describe('ReportsPage', () => {
  it('asks for both the type and the period and sends nothing until both are chosen', async () => {
    const fetchMock = fakeReportsApi();
    const { user } = renderReports();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();

    await user.click(generateButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Please select both report type and time period.');

    await choose(user, 'Report type', 'Compliance');
    await user.click(generateButton());
    expect(screen.getByText('Please select both report type and time period.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/reports/generate', 'POST')).toHaveLength(0);

    // The period's choices are spec 9's, with readable labels.
    await user.click(screen.getByRole('combobox', { name: 'Time period' }));
    for (const label of ['Last 7 days', 'Last 30 days', 'Last 90 days', 'Last 12 months']) {
      expect((await screen.findAllByTitle(label)).length).toBeGreaterThan(0);
    }
  });

  it('generates, shows the live progress, then the figures and the download links', async () => {
    let generated = false;
    const fetchMock = fakeReportsApi({
      list: () => (generated ? [report({ period: '90d' })] : []),
      generate: { status: 201, body: { ...queued, period: '90d' } },
      reads: [report({ status: 'generating', progress: 60, generatedAt: null, data: null }), report()],
    });
    const { user } = renderReports();
    expect(await screen.findByText(/No reports yet/)).toBeTruthy();

    await choose(user, 'Report type', 'Financial');
    await choose(user, 'Time period', 'Last 90 days');
    generated = true;
    await user.click(generateButton());

    await waitFor(() => expect(callsTo(fetchMock, '/api/reports/generate', 'POST')).toHaveLength(1));
    expect(requestBody(callsTo(fetchMock, '/api/reports/generate', 'POST')[0])).toEqual({
      type: 'financial',
      period: '90d',
    });
    const progress = await screen.findByRole('progressbar', { name: 'Report progress' });
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('60'));
    expect(within(selectedReport()).getByText('Generating the report...')).toBeTruthy();
    expect(within(selectedReport()).getByText('Generating')).toBeTruthy();

    const figures = await screen.findByRole('region', { name: 'Summary figures' });
    expect(within(figures).getByText('Total volume')).toBeTruthy();
    expect(within(figures).getByText('$12,345.60')).toBeTruthy();
    expect(within(figures).getByText('Transactions')).toBeTruthy();
    expect(within(figures).getByText('1,204')).toBeTruthy();
    expect(within(figures).getByText('$10.25')).toBeTruthy();
    expect(within(figures).getByText('97.5%')).toBeTruthy();
    // A key the screen does not know is labelled and formatted from its name.
    expect(within(figures).getByText('Refunded volume')).toBeTruthy();
    expect(within(figures).getByText('$120.00')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();

    const report_ = within(selectedReport());
    const pdf = report_.getByRole('link', { name: /Download PDF/ });
    const csv = report_.getByRole('link', { name: /Download CSV/ });
    expect(pdf.getAttribute('href')).toBe(`/api/reports/download/${reportId}?format=pdf`);
    expect(csv.getAttribute('href')).toBe(`/api/reports/download/${reportId}?format=csv`);
    expect(pdf.hasAttribute('download')).toBe(true);
    expect(report_.getByText('Last 30 days (Oct 24, 2026 – Nov 22, 2026)')).toBeTruthy();

    // The recent list is read again once the report has completed.
    await waitFor(() => expect(within(recentTable()).getByText('Last 90 days')).toBeTruthy());
    // Polling stopped with the completed report.
    const reads = callsTo(fetchMock, `/api/reports/${reportId}`).length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(callsTo(fetchMock, `/api/reports/${reportId}`)).toHaveLength(reads);
  });

  it("shows 'Generation Failed' with the server's message when the request fails", async () => {
    fakeReportsApi({
      generate: { status: 503, body: { error: 'SERVICE_UNAVAILABLE', message: 'Reports are unavailable right now.' } },
    });
    const { user } = renderReports();
    await choose(user, 'Report type', 'Transaction');
    await choose(user, 'Time period', 'Last 7 days');
    await user.click(generateButton());
    await expectFailureToast('Generation Failed', 'Reports are unavailable right now.');
    expect(screen.queryByRole('region', { name: 'Selected report' })).toBeNull();
  });

  it('announces a generation that fails in the worker, with its error', async () => {
    fakeReportsApi({
      reads: [
        report({
          status: 'failed',
          progress: 10,
          generatedAt: null,
          data: null,
          error: 'The figures could not be read.',
        }),
      ],
    });
    const { user } = renderReports();
    await choose(user, 'Report type', 'Financial');
    await choose(user, 'Time period', 'Last 30 days');
    await user.click(generateButton());
    await waitFor(() => expect(screen.getAllByText('The figures could not be read.')).toHaveLength(2));
    expect(screen.getAllByText('Generation Failed')).toHaveLength(2); // the toast and the report's own alert
    expect(within(selectedReport()).queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it('lists the 5 most recent with title, type, period, created, status and downloads once completed', async () => {
    const listed = [
      report({
        id: 'r-gen',
        title: 'Compliance Report: Last 7 days',
        type: 'compliance',
        reportType: 'compliance',
        period: '7d',
        status: 'generating',
        progress: 40,
        data: null,
      }),
      report(),
      report({ id: 'r3', title: 'Third' }),
      report({ id: 'r4', title: 'Fourth' }),
      report({ id: 'r5', title: 'Fifth' }),
      report({ id: 'r6', title: 'Sixth' }),
    ];
    fakeReportsApi({ list: () => listed });
    renderReports();
    await screen.findByText('Compliance Report: Last 7 days');
    const rows = within(recentTable()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(screen.queryByText('Sixth')).toBeNull();

    const generating = within(rows[0]!);
    expect(generating.getByText('Compliance')).toBeTruthy();
    expect(generating.getByText('Last 7 days')).toBeTruthy();
    expect(generating.getByText('Generating 40%')).toBeTruthy();
    // Not ready: the downloads are shown but disabled, with no address.
    for (const name of [
      'Download PDF: Compliance Report: Last 7 days',
      'Download CSV: Compliance Report: Last 7 days',
    ]) {
      const button = generating.getByLabelText(name);
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(button.getAttribute('href')).toBeNull();
    }

    const completed = within(rows[1]!);
    expect(completed.getByText('Financial')).toBeTruthy();
    expect(completed.getByText('Completed')).toBeTruthy();
    expect(completed.getByText(/Nov 22, 2026/)).toBeTruthy();
    expect(
      completed.getByRole('link', { name: 'Download CSV: Financial Report: Last 30 days' }).getAttribute('href'),
    ).toBe(`/api/reports/download/${reportId}?format=csv`);
  });

  it('shows the empty and the failed list', async () => {
    mockFetch(() => ({ status: 500, text: 'boom' }));
    const { user } = renderReports();
    expect(await screen.findByText('Recent reports could not be loaded.')).toBeTruthy();

    fakeReportsApi();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(/No reports yet/)).toBeTruthy();
  });

  it('asks for the AI analysis of a completed report and shows every part of it', async () => {
    const fetchMock = fakeReportsApi({ list: () => [report()] });
    const { user } = renderReports();
    const shown = await viewReport(user, 'Financial Report: Last 30 days');
    await user.click(await shown.findByRole('button', { name: /AI Analysis/ }));

    const panel = await screen.findByText(
      'Volume rose 12.0% on the previous 30 days; one processor carries most of it.',
    );
    expect(requestBody(callsTo(fetchMock, '/api/reports/analyze', 'POST')[0])).toEqual({ reportData: report() });
    const card = panel.closest<HTMLElement>('.ant-card')!;
    const risk = within(within(card).getByRole('region', { name: 'Risk assessment' }));
    expect(risk.getByText('Medium risk')).toBeTruthy();
    expect(risk.getByText('Score 45 / 100')).toBeTruthy();
    expect(risk.getByText('Stripe carries 82.0% of the volume (over 50%).')).toBeTruthy();

    const metrics = within(card).getByRole('region', { name: 'Key metrics' });
    const volumeRow = within(metrics).getByText('Total volume').closest('tr')!;
    expect(within(volumeRow).getByText('$12,345.60')).toBeTruthy();
    expect(within(volumeRow).getByText('Up')).toBeTruthy();
    expect(within(volumeRow).getByText('High')).toBeTruthy();
    expect(within(within(metrics).getByText('Success rate').closest('tr')!).getByText('Stable')).toBeTruthy();

    expect(within(card).getByText('Volume rose 12.0% against the previous period ($11,023.00).')).toBeTruthy();
    expect(
      within(card).getByText('Connect a second processor so an outage at Stripe does not stop your sales.'),
    ).toBeTruthy();
    expect(card.textContent).toContain('Built-in analyst');
    expect(card.textContent).toContain('Based on: Total volume, Success rate, By processor');
    // Asked once: the button makes way for the stored analysis.
    expect(shown.queryByRole('button', { name: /AI Analysis/ })).toBeNull();
  });

  it("shows 'Analysis Failed' with the server's message, or the default", async () => {
    let answer: MockResponse = { status: 409, body: { error: 'CONFLICT', message: 'The report is not ready yet.' } };
    mockFetch((url) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname === '/api/reports') return { body: { reports: [report()] } };
      if (pathname === '/api/reports/analyze') return answer;
      return { body: report() };
    });
    const { user } = renderReports();
    const shown = await viewReport(user, 'Financial Report: Last 30 days');
    await user.click(await shown.findByRole('button', { name: /AI Analysis/ }));
    await expectFailureToast('Analysis Failed', 'The report is not ready yet.');

    answer = { status: 502, text: 'Bad Gateway' };
    await user.click(shown.getByRole('button', { name: /AI Analysis/ }));
    // The new toast takes the place of the first one.
    expect(await screen.findByText('Failed to analyse the report. Please try again.')).toBeTruthy();
    expect(screen.getByText('Analysis Failed')).toBeTruthy();
  });

  it('shows a stored analysis without asking again, written by the AI model', async () => {
    const analysed = report({ analysis: { ...analysis, generatedBy: 'openai' } });
    const fetchMock = fakeReportsApi({ list: () => [analysed], reads: [analysed] });
    const { user } = renderReports();
    const shown = await viewReport(user, 'Financial Report: Last 30 days');
    expect(await shown.findByText('Medium risk')).toBeTruthy();
    expect(selectedReport().textContent).toContain('AI model');
    expect(shown.queryByRole('button', { name: /AI Analysis/ })).toBeNull();
    expect(callsTo(fetchMock, '/api/reports/analyze', 'POST')).toHaveLength(0);
  });
});
