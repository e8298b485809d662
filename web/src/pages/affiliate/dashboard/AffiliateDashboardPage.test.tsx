import type { AffiliateProfile, AffiliateStats, PayoutView, ReferralView } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../App';
import { callsTo, mockFetch, renderPage, renderRoutes, type MockResponse } from '../../../test/render';
import { AffiliateDashboardPage } from './AffiliateDashboardPage';

const profilePath = '/api/affiliate/profile';
const referralsPath = '/api/affiliate/referrals';
const payoutsPath = '/api/affiliate/payouts';
const statsPath = '/api/affiliate/stats';
const payoutRequestPath = '/api/affiliate/request-payout';
const demoPath = '/api/affiliate/create-demo';

const profile: AffiliateProfile = {
  id: 'aff-1',
  companyName: 'Kauri Consulting',
  website: 'https://kauri.example',
  businessType: 'consulting',
  contactEmail: 'ana@kauri.example',
  contactName: 'Ana Kauri',
  phoneNumber: '+64 21 555 0101',
  referralCode: 'KAURI42',
  status: 'approved',
  totalEarnings: '1234.50',
  currentBalance: '75.00',
  commissionRate: '15.00',
  tier: { id: 'starter', name: 'Starter' },
  cookieDays: 30,
  isDemo: false,
  createdAt: '2026-03-01T00:00:00.000Z',
};

const referral = (id: string, status: ReferralView['status'], commissionAmount = '0.00'): ReferralView => ({
  id,
  createdAt: '2026-03-02T00:00:00.000Z',
  status,
  commissionAmount,
  convertedAt: status === 'converted' ? '2026-03-05T00:00:00.000Z' : null,
});

const referrals = [
  referral('ref-0000-aaaaaa', 'converted', '4.35'),
  referral('ref-0000-bbbbbb', 'pending'),
  referral('ref-0000-cccccc', 'pending'),
  referral('ref-0000-dddddd', 'converted', '104.85'),
];

const stats: AffiliateStats = { totalReferrals: 4, convertedReferrals: 2, referralsThisMonth: 1, pendingPayout: null };

interface State {
  profile: AffiliateProfile | null;
  referrals: ReferralView[];
  payouts: PayoutView[];
  stats: AffiliateStats;
}

/** A fake affiliate API over `state`; `override` answers a call first when it returns. */
function fakeApi(
  state: State,
  override: (url: string, init: RequestInit | undefined) => MockResponse | undefined = () => undefined,
) {
  return mockFetch((url, init) => {
    const overridden = override(url, init);
    if (overridden) return overridden;
    if (url === profilePath) {
      return state.profile ? { body: state.profile } : { status: 404, body: { error: 'NOT_FOUND', message: 'No' } };
    }
    if (url === referralsPath) return { body: state.referrals };
    if (url === payoutsPath) return { body: state.payouts };
    if (url === statsPath) return { body: state.stats };
    return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } };
  });
}

const renderDashboard = () => renderPage(<AffiliateDashboardPage />, { path: '/affiliate/dashboard' });
const payoutButton = () => screen.getByRole('button', { name: 'Request Payout' }) as HTMLButtonElement;

describe('AffiliateDashboardPage', () => {
  it('shows the not-found state, and a demo account brings up the dashboard', async () => {
    const state: State = { profile: null, referrals: [], payouts: [], stats: { ...stats, totalReferrals: 0 } };
    const fetchMock = fakeApi(state, (url, init) => {
      if (url !== demoPath || init?.method !== 'POST') return undefined;
      state.profile = { ...profile, isDemo: true, currentBalance: '0.00', totalEarnings: '0.00' };
      return { status: 201, body: state.profile };
    });
    const { user } = renderDashboard();

    expect(await screen.findByRole('heading', { name: 'Affiliate Account Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply to Become an Affiliate' }).getAttribute('href')).toBe(
      '/affiliate/register',
    );
    await user.click(screen.getByRole('button', { name: 'Create Demo Account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Affiliate Dashboard' })).toBeTruthy();
    expect(callsTo(fetchMock, demoPath, 'POST')).toHaveLength(1);
    expect(callsTo(fetchMock, profilePath)).toHaveLength(2);
    expect(screen.getByText('Demo account')).toBeTruthy();
    expect(await screen.findByText('No referrals yet. Share your referral link to get started.')).toBeTruthy();
  });

  it('shows the header, the four figures, the referral link and the last 3 referrals by their last 6 characters', async () => {
    fakeApi({ profile, referrals, payouts: [], stats });
    renderDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Affiliate Dashboard' })).toBeTruthy();
    expect(screen.getByText('Approved')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Affiliate' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/affiliate/marketing-toolkit', '/affiliate', '/']);

    for (const title of ['Total Earnings', 'Current Balance', 'Total Referrals', 'Commission Rate']) {
      expect(screen.getByText(title)).toBeTruthy();
    }
    expect(screen.getByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('15%')).toBeTruthy();
    expect(await screen.findByText('4')).toBeTruthy();

    expect((screen.getByLabelText('Referral link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/?ref=KAURI42`,
    );

    const recent = await screen.findByRole('list', { name: 'Recent referrals' });
    expect(
      within(recent)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent),
    ).toEqual(['Referral #aaaaaa', 'Referral #bbbbbb', 'Referral #cccccc']);
    expect(within(recent).getByText('Converted')).toBeTruthy();
  });

  it("copies the referral link with the 'Link Copied' toast", async () => {
    fakeApi({ profile, referrals: [], payouts: [], stats });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Copy referral link' }));
    expect(await screen.findByText('Link Copied')).toBeTruthy();
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/?ref=KAURI42`);
  });

  it('disables the payout request under $50 and while a payout is pending', async () => {
    const pending: PayoutView = {
      id: 'pay-1',
      amount: '60.00',
      createdAt: '2026-03-06T00:00:00.000Z',
      status: 'requested',
      processedAt: null,
    };
    fakeApi({ profile: { ...profile, currentBalance: '49.99' }, referrals: [], payouts: [], stats });
    const first = renderDashboard();
    await screen.findByText('You can request a payout once your balance reaches $50.');
    expect(payoutButton().disabled).toBe(true);
    first.unmount();

    fakeApi({
      profile: { ...profile, currentBalance: '80.00' },
      referrals: [],
      payouts: [pending],
      stats: { ...stats, pendingPayout: '60.00' },
    });
    renderDashboard();
    await screen.findByText('A payout of $60.00 is being processed.');
    expect(payoutButton().disabled).toBe(true);
  });

  it('disables the payout request of a demo or not yet approved account, saying why', async () => {
    const cases: [Partial<AffiliateProfile>, string][] = [
      [{ isDemo: true }, 'Demo affiliate accounts cannot request payouts.'],
      [{ status: 'pending' }, 'Payouts are available once your affiliate account is approved.'],
      [{ status: 'rejected' }, 'Payouts are available once your affiliate account is approved.'],
      [{ status: 'suspended' }, 'Your affiliate account is suspended.'],
    ];
    for (const [change, reason] of cases) {
      fakeApi({ profile: { ...profile, currentBalance: '500.00', ...change }, referrals: [], payouts: [], stats });
      const page = renderDashboard();
      await screen.findByText(reason);
      expect(payoutButton().disabled).toBe(true);
      page.unmount();
    }
  });

  it("shows the server's reason when a payout is refused for the account's status", async () => {
    fakeApi({ profile, referrals: [], payouts: [], stats }, (url) =>
      url === payoutRequestPath
        ? {
            status: 403,
            body: { error: 'FORBIDDEN', message: 'Payouts are available once your affiliate account is approved.' },
          }
        : undefined,
    );
    const { user } = renderDashboard();

    await waitFor(() => expect(payoutButton().disabled).toBe(false));
    await user.click(payoutButton());
    expect(await screen.findByText('Payout Request Failed')).toBeTruthy();
    expect(screen.getByText('Payouts are available once your affiliate account is approved.')).toBeTruthy();
  });

  it("explains a payout refused for KYC with the server's message and the way to verify", async () => {
    const message =
      'Please complete KYC verification first: verify your identity under Settings → Verification before requesting a payout.';
    fakeApi({ profile, referrals: [], payouts: [], stats }, (url) =>
      url === payoutRequestPath ? { status: 403, body: { error: 'KYC_REQUIRED', message } } : undefined,
    );
    const { user } = renderDashboard();

    await waitFor(() => expect(payoutButton().disabled).toBe(false));
    await user.click(payoutButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Identity verification required')).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    // Explained in place: no failure toast on top.
    expect(screen.queryByText('Payout Request Failed')).toBeNull();

    const link = within(alert).getByRole('link', { name: 'Start verification' });
    expect(link.getAttribute('href')).toBe('/settings?tab=verification');
    await user.click(link);
    expect((await screen.findByTestId('location')).textContent).toBe('/settings?tab=verification');
  });

  it("requests a payout: 'Payout Requested', and the payouts list refreshes", async () => {
    const state: State = { profile, referrals: [], payouts: [], stats };
    const fetchMock = fakeApi(state, (url, init) => {
      if (url !== payoutRequestPath || init?.method !== 'POST') return undefined;
      const payout: PayoutView = {
        id: 'payout-0001-abcdef',
        amount: '75.00',
        createdAt: '2026-03-07T00:00:00.000Z',
        status: 'requested',
        processedAt: null,
      };
      state.payouts = [payout];
      state.profile = { ...profile, currentBalance: '0.00' };
      state.stats = { ...stats, pendingPayout: '75.00' };
      return { status: 201, body: payout };
    });
    const { user } = renderDashboard();

    await waitFor(() => expect(payoutButton().disabled).toBe(false));
    await user.click(payoutButton());

    expect(await screen.findByText('Payout Requested')).toBeTruthy();
    expect(screen.getByText('Your payout will be processed within 2-3 business days.')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, payoutsPath)).toHaveLength(2));
    expect(await screen.findByText('A payout of $75.00 is being processed.')).toBeTruthy();
    expect(payoutButton().disabled).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Payouts' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('#abcdef')).toBeTruthy();
    expect(within(table).getByText('Requested', { selector: '.ant-tag' })).toBeTruthy();
  });

  it("shows 'Payout Request Failed' with the server's message, or the default one", async () => {
    let answer: MockResponse = {
      status: 409,
      body: { error: 'CONFLICT', message: 'You already have a payout request pending.' },
    };
    fakeApi({ profile, referrals: [], payouts: [], stats }, (url) => (url === payoutRequestPath ? answer : undefined));
    const { user } = renderDashboard();

    await waitFor(() => expect(payoutButton().disabled).toBe(false));
    await user.click(payoutButton());
    expect(await screen.findByText('Payout Request Failed')).toBeTruthy();
    expect(screen.getByText('You already have a payout request pending.')).toBeTruthy();

    answer = { status: 502, text: 'Bad gateway' };
    await user.click(payoutButton());
    expect(await screen.findByText('Failed to request payout. Please try again.')).toBeTruthy();
  });

  it('lists referrals in the Referrals tab, and account details read-only in Settings', async () => {
    fakeApi({ profile, referrals, payouts: [], stats });
    const { user } = renderDashboard();

    await user.click(await screen.findByRole('tab', { name: 'Referrals' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('#dddddd')).toBeTruthy();
    expect(within(table).getByText('$104.85')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByText('Kauri Consulting', { selector: 'td *, td' })).toBeTruthy();
    expect(screen.getByText('KAURI42')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /company/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/contact');
  });

  it('shows an error with a retry when the profile cannot be loaded', async () => {
    fakeApi({ profile, referrals: [], payouts: [], stats }, (url) =>
      url === profilePath ? { status: 500, body: { error: 'INTERNAL', message: 'boom' } } : undefined,
    );
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Error Loading Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});

describe('/affiliate/dashboard and /affiliate/marketing-toolkit routes', () => {
  it.each(['/affiliate/dashboard', '/affiliate/marketing-toolkit'])(
    '%s asks a signed-out visitor to sign in, at the same address',
    async (path) => {
      mockFetch(() => ({ status: 401, body: { error: 'UNAUTHENTICATED', message: 'Sign in' } }));
      renderRoutes(<Route path="*" element={<AppRoutes />} />, path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Affiliate Sign In Required' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/affiliate/login');
      expect(screen.getByRole('link', { name: 'Apply to join the programme' }).getAttribute('href')).toBe(
        '/affiliate/register',
      );
    },
  );

  it('shows the dashboard to a verified user', async () => {
    const me = { id: 'u1', email: 'ana@kauri.example', username: 'ana', role: 'user', kycStatus: 'pending' };
    fakeApi({ profile, referrals: [], payouts: [], stats }, (url) =>
      url === '/api/auth/me'
        ? { body: { ...me, firstName: 'Ana', lastName: 'Kauri', companyName: null, emailVerified: true } }
        : undefined,
    );
    renderRoutes(<Route path="*" element={<AppRoutes />} />, '/affiliate/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Affiliate Dashboard' })).toBeTruthy();
  });
});
