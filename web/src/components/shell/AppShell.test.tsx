import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { fakeDashboardApi, signedInUser } from '../../pages/dashboard/fixtures';
import { newZealand, unitedStates } from '../../test/tokenization';
import { callsTo, renderRoutes } from '../../test/render';
import { GuardedRoute } from '../GuardedRoute';
import { mobileQuery } from './useIsMobile';

function renderShell(url = '/dashboard') {
  return renderRoutes(
    <Route element={<GuardedRoute />}>
      <Route path="/dashboard" element={<h1>Dashboard content</h1>} />
      <Route path="/transactions" element={<h1>Transactions content</h1>} />
      <Route path="/analytics/cash-flow" element={<h1>Cash flow content</h1>} />
    </Route>,
    url,
  );
}

function useMobileWidth(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query === mobileQuery,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

afterEach(() => vi.unstubAllGlobals());

describe('signed-in shell on desktop', () => {
  it('lists the spec navigation in order with the Analytics group expanded', async () => {
    fakeDashboardApi();
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['Transactions', '/transactions'],
      ['Tokenization', '/tokenization'],
      ['Compliance', '/compliance'],
      ['Transaction Analytics', '/analytics'],
      ['Business Metrics', '/analytics/business-metrics'],
      ['Cash Flow', '/analytics/cash-flow'],
      ['Customer Segmentation', '/analytics/customer-segmentation'],
      ['Risk Analytics', '/analytics/risk-analytics'],
      ['Competitive Analysis', '/analytics/competitive-analysis'],
      ['Reports', '/reports'],
      ['Crypto Wallet', '/crypto-wallet'],
      ['Integrations', '/integrations'],
      ['Settings', '/settings'],
      ['Affiliate', '/affiliate/dashboard'],
    ]);
    // Allowed where the visitor is (New Zealand): no badge.
    expect(within(nav).queryByText('NZ/AU Only')).toBeNull();
  });

  it("marks Tokenization 'NZ/AU Only' where the location check does not allow it", async () => {
    fakeDashboardApi((url) => (url === '/api/tokenization/eligibility' ? { body: unitedStates } : undefined));
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const tokenization = within(nav).getByRole('link', { name: 'Tokenization' }).closest('li')!;
    expect(await within(tokenization).findByText('NZ/AU Only')).toBeTruthy();
    // Still a link: the page explains the restriction.
    expect(within(tokenization).getByRole('link', { name: 'Tokenization' }).getAttribute('href')).toBe('/tokenization');
  });

  it('reaches the menu links with the keyboard and follows one with Enter', async () => {
    fakeDashboardApi();
    const { user } = renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const target = within(nav).getByRole('link', { name: 'Transactions' });
    for (let presses = 0; presses < 10 && document.activeElement !== target; presses++) await user.tab();
    expect(document.activeElement).toBe(target);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Transactions content' })).toBeTruthy();
  });

  it('shows the signed-in user instead of a fixed label, and Admin only to admins', async () => {
    fakeDashboardApi();
    renderShell();
    const label = await screen.findByRole('group', { name: 'Signed in as' });
    expect(label.textContent).toContain('Ana Kauri');
    expect(label.textContent).toContain('ana@kauri.example');
    expect(label.textContent).toContain('User');
    expect(screen.queryByText('Admin User')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('links Admin for an admin', async () => {
    fakeDashboardApi((url) => (url === '/api/auth/me' ? { body: { ...signedInUser, role: 'admin' } } : undefined));
    renderShell();
    const admin = await screen.findByRole('link', { name: 'Admin' });
    expect(admin.getAttribute('href')).toBe('/admin/affiliates');
    expect(screen.getByRole('group', { name: 'Signed in as' }).textContent).toContain('Admin');
  });

  it('marks the current page and follows the route change', async () => {
    fakeDashboardApi();
    const { user } = renderShell('/analytics/cash-flow');
    await screen.findByRole('heading', { name: 'Cash flow content' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Cash Flow' }).closest('li')?.className).toContain('selected');
    expect(within(nav).getByRole('link', { name: 'Transaction Analytics' }).closest('li')?.className).not.toContain(
      'selected',
    );

    await user.click(within(nav).getByRole('link', { name: 'Transactions' }));
    await screen.findByRole('heading', { name: 'Transactions content' });
    expect(within(nav).getByRole('link', { name: 'Transactions' }).closest('li')?.className).toContain('selected');
    // Page views are sent once per route change by the root layout (App.test.tsx), not by the shell.
  });
});

describe('signing out', () => {
  const signedOut = { body: { success: true, message: 'You have been signed out.' } };

  it('ends the session with POST /api/auth/logout, forgets the user and goes home', async () => {
    let out = false;
    const fetchMock = fakeDashboardApi((url, init) => {
      if (url === '/api/auth/logout' && init?.method === 'POST') {
        out = true;
        return signedOut;
      }
      if (url === '/api/auth/me' && out) return { status: 401, body: { error: 'UNAUTHENTICATED', message: 'x' } };
      return undefined;
    });
    const { user, queryClient } = renderShell();
    await screen.findByRole('heading', { name: 'Dashboard content' });
    const link = screen.getByRole('link', { name: 'Sign out' });
    // Without scripts the link still reaches the spec's same-origin navigation.
    expect(link.getAttribute('href')).toBe('/api/logout');

    await user.click(link);
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/');
    expect(callsTo(fetchMock, '/api/auth/logout', 'POST')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/logout')).toHaveLength(0);
    expect(queryClient.getQueryData(['auth', 'me'])).toBeUndefined();
  });

  it('stays signed in and says so when the server could not sign out', async () => {
    fakeDashboardApi((url) =>
      url === '/api/auth/logout'
        ? { status: 503, body: { error: 'SERVICE_UNAVAILABLE', message: 'Signing out could not be completed.' } }
        : undefined,
    );
    const { user } = renderShell();
    await screen.findByRole('heading', { name: 'Dashboard content' });
    await user.click(screen.getByRole('link', { name: 'Sign out' }));
    expect(await screen.findByText('Sign out failed')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dashboard content' })).toBeTruthy();
  });

  it('signs out from the mobile header the same way', async () => {
    useMobileWidth(true);
    const fetchMock = fakeDashboardApi((url) => (url === '/api/auth/logout' ? signedOut : undefined));
    const { user } = renderShell();
    await screen.findByRole('heading', { name: 'Dashboard content' });
    await user.click(screen.getByRole('link', { name: 'Log out' }));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/');
    expect(callsTo(fetchMock, '/api/auth/logout', 'POST')).toHaveLength(1);
  });
});

describe('signed-in shell below 768 px', () => {
  it.each([
    { where: 'outside New Zealand and Australia', eligibility: unitedStates, restricted: true },
    { where: 'in New Zealand (none)', eligibility: newZealand, restricted: false },
  ])("marks Tokenization 'Restricted' in the menu $where", async ({ eligibility, restricted }) => {
    useMobileWidth(true);
    fakeDashboardApi((url) => (url === '/api/tokenization/eligibility' ? { body: eligibility } : undefined));
    const { user, queryClient } = renderShell();
    await screen.findByRole('heading', { name: 'Dashboard content' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = within(await screen.findByRole('dialog')).getByRole('navigation', { name: 'Main' });
    const tokenization = within(nav).getByRole('link', { name: 'Tokenization' }).closest('li')!;
    // The badge waits for the location check's answer.
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.tokenizationEligibility)?.status).toBe('success'));
    if (restricted) expect(await within(tokenization).findByText('Restricted')).toBeTruthy();
    else expect(within(tokenization).queryByText('Restricted')).toBeNull();
    expect(within(tokenization).queryByText('NZ/AU Only')).toBeNull();
  });

  it('opens the drawer from the header and closes it on route change', async () => {
    useMobileWidth(true);
    fakeDashboardApi();
    const { user } = renderShell();
    await screen.findByRole('heading', { name: 'Dashboard content' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/api/logout');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    // The Analytics group is expanded in the drawer too.
    expect(within(nav).getByRole('link', { name: 'Risk Analytics' })).toBeTruthy();

    expect(document.querySelector('.ant-drawer-open')).not.toBeNull();

    await user.click(within(nav).getByRole('link', { name: 'Transactions' }));
    await screen.findByRole('heading', { name: 'Transactions content' });
    // antd keeps the closed drawer mounted (it animates out); closed means it is no longer open.
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });
});
