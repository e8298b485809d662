import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GuardedRoute } from '../../components/GuardedRoute';
import { callsTo, mockFetch, renderRoutes, type MockResponse } from '../../test/render';
import { blockchain, complianceRecord, kycVerification, notStartedKyc, signedInUser } from '../dashboard/fixtures';
import { ComplianceCenterPage } from './ComplianceCenterPage';

const renderCompliance = () =>
  renderRoutes(
    <Route element={<GuardedRoute />}>
      <Route path="/compliance" element={<ComplianceCenterPage />} />
    </Route>,
    '/compliance',
  );

/** The signed-in user and their KYC status; `handler` answers everything else. */
const signedInApi = (handler: (url: string) => MockResponse, kyc: MockResponse = { body: notStartedKyc }) =>
  mockFetch((url) => {
    if (url === '/api/auth/me') return { body: signedInUser };
    if (url === '/api/kyc/status') return kyc;
    if (url === '/api/analytics/events') return { status: 202, body: { accepted: true, id: 'e1' } };
    return handler(url);
  });

/** The providers card. */
async function providers() {
  const title = await screen.findByText('Compliance Providers', { selector: '.ant-card-head-title' });
  return title.closest('.ant-card') as HTMLElement;
}

describe('ComplianceCenterPage', () => {
  it('shows the screening records page by page beside the blockchain networks', async () => {
    const fetchMock = signedInApi((url) => {
      if (url === '/api/blockchain/status') return { body: blockchain };
      if (url === '/api/compliance/records?cursor=p2')
        return {
          body: {
            records: [complianceRecord({ id: 'c2', type: 'travel_rule', status: 'cleared', riskScore: 12 })],
            nextCursor: null,
          },
        };
      if (url === '/api/compliance/records') return { body: { records: [complianceRecord()], nextCursor: 'p2' } };
      return { status: 404, text: '' };
    });
    const { user } = renderCompliance();
    expect(await screen.findByRole('heading', { level: 1, name: 'Compliance & Security' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Large transaction')).toBeTruthy();
    expect(within(table).getByText('Awaiting review')).toBeTruthy();
    expect(within(table).getByText('72/100')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Travel rule')).toBeTruthy();
    expect(within(table).getByText('Cleared')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/compliance/records?cursor=p2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());

    expect(screen.getByText('Blockchain Integration')).toBeTruthy();
    expect(await screen.findByText('31.5 gwei')).toBeTruthy();
  });

  it('shows empty states when both calls fail', async () => {
    signedInApi(() => ({ status: 503, text: 'down' }));
    renderCompliance();
    // The monitoring table and the providers card both read the records.
    expect(await screen.findAllByText('Compliance records could not be loaded.')).toHaveLength(2);
    expect(await screen.findByText('Network status could not be loaded.')).toBeTruthy();
    expect(screen.queryByText(/gwei|\/100/)).toBeNull();
  });

  it('lists Stripe Identity beside the screening providers, with the way to verify while not verified', async () => {
    signedInApi(
      (url) => {
        if (url === '/api/compliance/records') return { body: { records: [complianceRecord()], nextCursor: null } };
        return { status: 503, text: 'down' };
      },
      { body: { kycStatus: 'requires_input', verification: kycVerification() } },
    );
    renderCompliance();
    const card = within(await providers());
    expect(await card.findByText('Platform AML rules')).toBeTruthy();
    const items = card.getAllByRole('listitem');
    expect(within(items[0]!).getByText('Stripe Identity')).toBeTruthy();
    expect(within(items[0]!).getByText('Awaiting your input')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'Verify in Settings' }).getAttribute('href')).toBe(
      '/settings?tab=verification',
    );
    expect(within(items[1]!).getByText('1 awaiting review')).toBeTruthy();
  });

  it('shows Stripe Identity verified, without the link, once the identity is verified', async () => {
    signedInApi(
      (url) => (url === '/api/compliance/records' ? { body: { records: [], nextCursor: null } } : { status: 503 }),
      {
        body: {
          kycStatus: 'verified',
          verification: kycVerification({ status: 'verified', verifiedAt: '2026-11-21T09:00:00.000Z' }),
        },
      },
    );
    renderCompliance();
    const card = within(await providers());
    expect(await card.findByText('Verified')).toBeTruthy();
    expect(card.queryByRole('link', { name: 'Verify in Settings' })).toBeNull();
    expect(await card.findByText('No AML screening records yet.')).toBeTruthy();
  });
});
