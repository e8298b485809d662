import type { RiskAnalytics } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockFetch, renderPage } from '../../test/render';
import { RiskAnalyticsPage } from './RiskAnalyticsPage';
import { captureDownloads, expectFailureToast, exportButton, refreshButton, statCard } from './testSupport';

const path = '/api/analytics/risk';

const risk: RiskAnalytics = {
  overallRiskScore: 2.4,
  complianceStatus: { amlCompliance: 98.5, kycCompliance: 100, regulatoryCompliance: 87.25 },
  riskMetrics: [
    {
      id: 'large',
      name: 'Large transactions',
      level: 'medium',
      score: 3,
      description: '4 of 120 transactions over $10,000',
      impact: 'Reporting obligations',
      mitigation: 'Review before settlement',
    },
    {
      id: 'geo',
      name: 'Cross-border exposure',
      level: 'low',
      score: 1.8,
      description: 'Few foreign payments',
      impact: 'Low',
      mitigation: 'None needed',
    },
  ],
  activeAlerts: [
    {
      id: 'a1',
      title: 'Possible structuring',
      description: '3 payments just under the threshold',
      severity: 'high',
      status: 'investigating',
      timestamp: '2026-11-20T10:15:00.000Z',
    },
  ],
};

const renderRisk = () => renderPage(<RiskAnalyticsPage />, { path: '/analytics/risk-analytics' });

describe('RiskAnalyticsPage', () => {
  it('shows the overall score out of 5.0, the compliance rates, the metrics and the alerts', async () => {
    mockFetch(() => ({ body: risk }));
    renderRisk();

    expect(within(await statCard('Overall Risk Score')).getByText('2.4 / 5.0')).toBeTruthy();
    expect(screen.getByText('98.5%')).toBeTruthy();
    expect(screen.getByText('100.0%')).toBeTruthy();
    expect(screen.getByText('87.3%')).toBeTruthy();

    const large = within(screen.getByLabelText('Risk metrics')).getByText('Large transactions').closest('tr')!;
    expect(within(large).getByText('Medium')).toBeTruthy();
    expect(within(large).getByText('3.0 / 5.0')).toBeTruthy();
    expect(within(large).getByText('Review before settlement')).toBeTruthy();
    expect(screen.getByText('1.8 / 5.0')).toBeTruthy();

    const alerts = screen.getByLabelText('Active alerts');
    expect(within(alerts).getByText('Possible structuring')).toBeTruthy();
    expect(within(alerts).getByText('High')).toBeTruthy();
    expect(within(alerts).getByText('Investigating')).toBeTruthy();
    expect(within(alerts).getByText('3 payments just under the threshold')).toBeTruthy();
  });

  it('says so when there are no active alerts, and reloads on Refresh', async () => {
    const fetchMock = mockFetch(() => ({ body: { ...risk, activeAlerts: [] } }));
    const { user } = renderRisk();
    expect(await screen.findByText('No active alerts')).toBeTruthy();

    await user.click(refreshButton());
    await waitFor(() => expect(callsTo(fetchMock, path)).toHaveLength(2));
  });

  it('shows the failure toast and the empty state, never figures, when the load fails', async () => {
    mockFetch(() => ({ status: 503, text: 'Service Unavailable' }));
    renderRisk();

    await expectFailureToast(
      'Failed to load risk analytics',
      'Unable to fetch risk assessment data. Please try again.',
    );
    expect(screen.getByText('No risk data available')).toBeTruthy();
    expect(screen.queryByText(/5\.0/)).toBeNull();
    expect(screen.queryByText(/%/)).toBeNull();
    expect(exportButton()).toHaveProperty('disabled', true);
  });

  it('exports the scores, rates, metrics and alerts as CSV', async () => {
    mockFetch(() => ({ body: risk }));
    const files = captureDownloads();
    const { user } = renderRisk();
    await screen.findByText('2.4 / 5.0');

    await user.click(exportButton());
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.fileName).toMatch(/^risk-analytics-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await files[0]!.text()).split('\r\n')).toEqual([
      'Section,Name,Level or Severity,Score or Percent,Status,Detail,Timestamp',
      'Overall,Overall risk score (out of 5.0),,2.4,,,',
      'Compliance,AML compliance (%),,98.5,,,',
      'Compliance,KYC compliance (%),,100,,,',
      'Compliance,Regulatory compliance (%),,87.25,,,',
      'Risk metric,Large transactions,medium,3,,"4 of 120 transactions over $10,000 Impact: Reporting obligations Mitigation: Review before settlement",',
      'Risk metric,Cross-border exposure,low,1.8,,Few foreign payments Impact: Low Mitigation: None needed,',
      'Alert,Possible structuring,high,,investigating,3 payments just under the threshold,2026-11-20T10:15:00.000Z',
      '',
    ]);
  });
});
