import type { CompetitiveAnalysis } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCompactMoney } from '../../lib/format';
import { callsTo, mockFetch, renderPage } from '../../test/render';
import { CompetitiveAnalysisPage } from './CompetitiveAnalysisPage';
import { captureDownloads, expectFailureToast, exportButton, refreshButton, statCard } from './testSupport';

const path = '/api/analytics/competitive';

const analysis = (timeframe: CompetitiveAnalysis['timeframe']): CompetitiveAnalysis => ({
  timeframe,
  marketOverview: {
    totalMarketSize: 950_000_000,
    marketRank: 3,
    marketShare: 0.000125,
    marketShareChange: 0.00002,
    marketGrowthRate: 9.4,
  },
  merchant: {
    revenue: timeframe === '6m' ? 61_000 : 118_750,
    annualisedRevenue: 118_750,
    revenueChange: 14.2,
    customers: 1250,
    customerChange: 8,
  },
  competitors: [
    {
      id: 'acme',
      name: 'Acme Payments',
      marketPosition: 'leader',
      threatLevel: 'high',
      marketShare: 21.35,
      marketShareChange: 1.2,
      paymentVolume: 1_400_000_000,
      revenue: 202_800_000,
      revenueChange: 18.5,
      customers: 4_100_000,
      customerChange: 6.1,
      customersBasis: 'Active merchant accounts',
      strengths: ['Developer tools'],
      weaknesses: ['Pricing'],
      sourceIds: ['s2'],
    },
    {
      id: 'quiet',
      name: 'Quiet Pay',
      marketPosition: 'niche',
      threatLevel: 'low',
      marketShare: 0.5,
      marketShareChange: -0.1,
      paymentVolume: 4_750_000,
      revenue: null,
      revenueChange: null,
      customers: null,
      customerChange: null,
      customersBasis: null,
      strengths: [],
      weaknesses: [],
      sourceIds: ['s1'],
    },
  ],
  curated: true,
  label: 'Market and competitor figures are a curated dataset from public annual reports.',
  basis: 'Fiscal 2025 total payment volume.',
  asOf: '2026-06-30',
  sources: [
    {
      id: 's1',
      title: 'Global Payments Report',
      publisher: 'Example Research',
      url: 'https://example.org/gpr',
      year: 2026,
    },
    { id: 's2', title: 'Acme Annual Report', publisher: 'Acme Inc.', url: 'https://example.org/acme', year: 2025 },
  ],
  currency: 'USD',
});

function fakeApi(fail = false) {
  return mockFetch((url) => {
    if (fail) return { status: 500, text: 'Internal Server Error' };
    const timeframe = new URL(url, 'http://x').searchParams.get('timeframe') as CompetitiveAnalysis['timeframe'];
    return { body: analysis(timeframe) };
  });
}

const renderCompetitive = () => renderPage(<CompetitiveAnalysisPage />, { path: '/analytics/competitive-analysis' });

describe('CompetitiveAnalysisPage', () => {
  it('asks for 12 months by default and labels the market data as curated, with its sources', async () => {
    const fetchMock = fakeApi();
    renderCompetitive();

    expect(await screen.findByText(/curated dataset from public annual reports/)).toBeTruthy();
    expect(callsTo(fetchMock, `${path}?timeframe=12m`)).toHaveLength(1);
    expect(screen.getAllByText('Curated reference data').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText(/Fiscal 2025 total payment volume\. Competitor figures as of Jun 30, 2026/)).toBeTruthy();
    const sources = screen.getByRole('list', { name: 'Sources' });
    const report = within(sources).getByRole('link', { name: 'Global Payments Report' });
    expect(report.getAttribute('href')).toBe('https://example.org/gpr');
    expect(within(sources).getByText(/Acme Inc\., 2025/)).toBeTruthy();
  });

  it("shows the market, the merchant's own figures and the competitors", async () => {
    fakeApi();
    renderCompetitive();

    expect(within(await statCard('Total Market Size')).getByText('$950.0M a year')).toBeTruthy();
    expect(within(await statCard('Market Growth Rate')).getByText('+9.4% per year')).toBeTruthy();
    const position = (await statCard('Market Rank')).closest<HTMLElement>('.ant-card')!;
    expect(within(position).getByText('From your transactions')).toBeTruthy();
    expect(within(position).getByText('#3 of 3')).toBeTruthy();
    expect(within(position).getByText('0.000125%')).toBeTruthy();
    expect(within(position).getByText('$118.8K')).toBeTruthy();
    expect(within(position).getByText(/\$118\.8K a year · \+14\.2%/)).toBeTruthy();
    expect(within(position).getByText('1,250')).toBeTruthy();

    const acme = within(screen.getByLabelText('Competitors')).getByText('Acme Payments').closest('tr')!;
    expect(within(acme).getByText('Leader')).toBeTruthy();
    expect(within(acme).getByText('High')).toBeTruthy();
    expect(within(acme).getByText('21.35% (+1.2 pp)')).toBeTruthy();
    // Billions: whatever the shared K/M formatter makes of them (spec 9 names only K and M).
    expect(within(acme).getByText(formatCompactMoney(1_400_000_000))).toBeTruthy();
    expect(within(acme).getByText('$202.8M (+18.5%)')).toBeTruthy();
    expect(within(acme).getByText('4.1M (+6.1%)')).toBeTruthy();
    expect(within(acme).getByText('[2]')).toBeTruthy();
    const quiet = within(screen.getByLabelText('Competitors')).getByText('Quiet Pay').closest('tr')!;
    expect(within(quiet).getByText('$4.8M')).toBeTruthy();
    expect(within(quiet).getAllByText('Not published')).toHaveLength(2);
    expect(within(quiet).getByText('[1]')).toBeTruthy();
  });

  it('asks for the chosen timeframe and reloads on Refresh', async () => {
    const fetchMock = fakeApi();
    const { user } = renderCompetitive();
    await screen.findByText('Acme Payments');

    await user.click(screen.getByText('6 months'));
    expect(await screen.findByText('$61.0K')).toBeTruthy();
    expect(callsTo(fetchMock, `${path}?timeframe=6m`)).toHaveLength(1);

    await user.click(refreshButton());
    await waitFor(() => expect(callsTo(fetchMock, `${path}?timeframe=6m`)).toHaveLength(2));
  });

  it('shows the failure toast and the empty state, never figures, when the load fails', async () => {
    fakeApi(true);
    renderCompetitive();

    await expectFailureToast(
      'Failed to load competitive analysis',
      'Unable to fetch market analytics. Please try again.',
    );
    expect(screen.getByText('No competitive data available')).toBeTruthy();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.queryByText('Acme Payments')).toBeNull();
    expect(exportButton()).toHaveProperty('disabled', true);
  });

  it("exports the merchant's row and the curated competitors as CSV", async () => {
    fakeApi();
    const files = captureDownloads();
    const { user } = renderCompetitive();
    await screen.findByText('Acme Payments');

    await user.click(exportButton());
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.fileName).toMatch(/^competitive-analysis-12m-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await files[0]!.text()).split('\r\n')).toEqual([
      'Name,Data,Market Position,Threat Level,Market Share (%),Market Share Change (pp),Payment Volume per Year (USD),Revenue per Year (USD),Revenue Change (%),Customers,Customer Change (%),Customers Basis,Strengths,Weaknesses,Sources',
      'Your business,"Your transactions, annualised",,,0.000125,0.00002,118750,,,1250,8,,,,',
      'Acme Payments,Curated reference data as of 2026-06-30,leader,high,21.35,1.2,1400000000,202800000,18.5,4100000,6.1,Active merchant accounts,Developer tools,Pricing,"Acme Annual Report (Acme Inc., 2025) https://example.org/acme"',
      'Quiet Pay,Curated reference data as of 2026-06-30,niche,low,0.5,-0.1,4750000,,,,,,,,"Global Payments Report (Example Research, 2026) https://example.org/gpr"',
      '',
    ]);
  });
});
