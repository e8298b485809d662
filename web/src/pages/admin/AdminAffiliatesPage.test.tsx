import type { AdminPayoutView, AffiliateApplicationView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../App';
import { mockFetch, renderRoutes, requestBody, type MockResponse } from '../../test/render';

const me = {
  id: 'u1',
  email: 'ops@platform.example',
  username: 'ops',
  kycStatus: 'verified',
  emailVerified: true,
  firstName: 'Ops',
  lastName: 'Person',
  companyName: null,
};

const application: AffiliateApplicationView = {
  id: 'aff-1',
  userId: 'u2',
  companyName: 'Kauri Consulting',
  website: null,
  businessType: 'consulting',
  contactEmail: 'ana@kauri.example',
  contactName: 'Ana Kauri',
  phoneNumber: '+64 21 555 0101',
  referralCode: 'KAURI42',
  status: 'pending',
  totalEarnings: '0.00',
  currentBalance: '0.00',
  commissionRate: '15.00',
  tier: { id: 'starter', name: 'Starter' },
  cookieDays: 30,
  isDemo: false,
  createdAt: '2026-03-01T00:00:00.000Z',
  businessDescription: 'We advise cafés on their payments.',
  marketingExperience: 'intermediate',
  expectedReferrals: '4-8',
  additionalInfo: null,
  reviewedAt: null,
};

const payout: AdminPayoutView = {
  id: 'pay-1',
  amount: '75.00',
  createdAt: '2026-03-07T00:00:00.000Z',
  status: 'requested',
  processedAt: null,
  affiliateId: 'aff-1',
  companyName: 'Kauri Consulting',
  referralCode: 'KAURI42',
  contactEmail: 'ana@kauri.example',
};

const applicationsPath = '/api/affiliate/admin/applications';
const payoutsPath = '/api/affiliate/admin/payouts';

function renderAdmin(role: string, handler: (url: string, init: RequestInit | undefined) => MockResponse | undefined) {
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/auth/me') return { body: { ...me, role } };
    return handler(url, init) ?? { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } };
  });
  return { ...renderRoutes(<Route path="*" element={<AppRoutes />} />, '/admin/affiliates'), fetchMock };
}

describe('/admin/affiliates', () => {
  it("shows 'Not authorised' to a user who is not an admin, and calls no admin endpoint", async () => {
    const { fetchMock } = renderAdmin('user', () => undefined);
    expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/admin/'))).toBe(false);
  });

  it('lists pending applications and approves one', async () => {
    let current = application;
    const { user, fetchMock } = renderAdmin('admin', (url, init) => {
      if (url === `${applicationsPath}/aff-1/status` && init?.method === 'POST') {
        current = { ...current, status: 'approved', reviewedAt: '2026-03-02T00:00:00.000Z' };
        return { body: current };
      }
      if (url === `${applicationsPath}?status=pending`) return { body: current.status === 'pending' ? [current] : [] };
      return undefined;
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Affiliate Administration' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Kauri Consulting')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve Kauri Consulting' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    await user.click(screen.getByRole('button', { name: 'Approve Kauri Consulting' }));

    expect(await screen.findByText('Application Updated')).toBeTruthy();
    expect(screen.getByText('Kauri Consulting is now approved.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(requestBody(post)).toEqual({ status: 'approved' });
    await waitFor(() => expect(screen.getByText('No applications.')).toBeTruthy());
  });

  it('marks a requested payout paid, and shows the server message when a change is refused', async () => {
    let refuse = true;
    const { user } = renderAdmin('admin', (url, init) => {
      if (url === `${applicationsPath}?status=pending`) return { body: [] };
      if (url === `${payoutsPath}/pay-1/status` && init?.method === 'POST') {
        if (refuse) return { status: 409, body: { error: 'CONFLICT', message: 'Payout is no longer requested.' } };
        return { body: { ...payout, status: 'paid', processedAt: '2026-03-08T00:00:00.000Z' } };
      }
      if (url === `${payoutsPath}?status=requested`) return { body: [payout] };
      return undefined;
    });

    await user.click(await screen.findByRole('tab', { name: 'Payouts' }));
    const payouts = await screen.findByRole('tabpanel', { name: 'Payouts' });
    expect(await within(payouts).findByText('$75.00')).toBeTruthy();
    await user.click(within(payouts).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Payout is no longer requested.')).toBeTruthy();

    refuse = false;
    await user.click(within(payouts).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('$75.00 to Kauri Consulting is now paid.')).toBeTruthy();
  });
});
