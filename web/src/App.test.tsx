import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createRoutesFromElements, MemoryRouter, useLocation, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { webRoutePaths } from '@app/contracts';
import { AppRoutes } from './App';
import { createQueryClient } from './api/query-client';
import { AntdProviders } from './components/AntdProviders';
import { AppProviders } from './components/AppProviders';
import { fakeDashboardApi, signedInUser } from './pages/dashboard/fixtures';
import { plansResponse } from './test/plans';
import { captureBeacons, mockFetch, testTheme } from './test/render';

/** Where the app is now, so a test can tell a page from a redirect. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="app-location">{pathname}</output>;
}

function renderApp(url: string) {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      {/* The outer theme makes the app's own (lazy) AntdLayout skip CSS-in-JS too. */}
      <AntdProviders theme={testTheme}>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </AntdProviders>
    </AppProviders>,
  );
  return { ...result, user };
}

/**
 * Every path the router declares, read from AppRoutes itself: each route with a path (parents
 * too, which are addresses a visitor can type) and each index route. Layout routes add nothing.
 */
function declaredPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
    const own = route.path || route.index ? [here || '/'] : [];
    return [...own, ...declaredPaths(route.children ?? [], here)];
  });
}

const routeElement = AppRoutes() as ReactElement<{ children: ReactElement }>;
const allPaths = [...new Set(declaredPaths(createRoutesFromElements(routeElement.props.children)))];

describe('AppRoutes', () => {
  it('shows the fallback screen for unknown paths', async () => {
    mockFetch(() => ({ body: {} }));
    renderApp('/no-such-page');
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('renders the landing page with its in-page anchors', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    renderApp('/?utm=mail');
    expect(await screen.findByText('Countries Supported')).toBeTruthy();
    expect(screen.getAllByText('Register Now').length).toBeGreaterThan(0);
    expect(document.getElementById('solutions')).not.toBeNull();
    expect(document.getElementById('about')).not.toBeNull();
    expect(document.getElementById('contact')).not.toBeNull();

    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('public pages', () => {
  const publicPages: [string, string][] = [
    ['/', 'Unified payments, intelligence and compliance for your business'],
    ['/pricing', 'Simple, transparent pricing'],
    ['/contact', 'Contact Us'],
    ['/solutions/payment-processing', 'Multi-Processor Payment Processing'],
    ['/solutions/blockchain-integration', 'Blockchain Integration for Business'],
    ['/solutions/compliance', 'Compliance That Keeps Pace With Your Business'],
    ['/solutions/crypto-payments', 'Accept Cryptocurrency Payments'],
    ['/solutions/real-estate-tokenization', 'Tokenize Property for Wholesale Investors'],
    ['/legal/terms', 'Terms of Service'],
    ['/legal/privacy', 'Privacy Policy'],
    ['/legal/aml-policy', 'AML Policy'],
    ['/legal/user-guide', 'User Guide'],
    ['/legal/security', 'Security and Data Protection'],
  ];

  /**
   * The only calls a public page makes on a visit: the pricing page asks GET /api/plans for its
   * prices; a policy page asks who is signed in, to link back to the dashboard or home (issue 39).
   */
  const session = ['/api/auth/me'];
  const callsOnVisit: Record<string, string[]> = {
    '/pricing': ['/api/plans'],
    '/legal/terms': session,
    '/legal/privacy': session,
    '/legal/aml-policy': session,
    '/legal/user-guide': session,
  };

  it.each(publicPages)('%s has one h1, the landmarks and the site footer', async (url, heading) => {
    const fetchMock = mockFetch((path) => (path === '/api/plans' ? plansResponse() : { body: {} }));
    renderApp(url);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(heading);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Contact Form' }).getAttribute('href')).toBe('/contact');
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(callsOnVisit[url] ?? []);
  });

  it('links the footer to every solutions and legal page', async () => {
    mockFetch(() => ({ body: {} }));
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const footerLinks = Array.from(screen.getByRole('contentinfo').querySelectorAll('a')).map((a) =>
      a.getAttribute('href'),
    );
    for (const href of [
      '/register',
      '/login',
      '/pricing',
      '/contact',
      '/affiliate',
      '/solutions/payment-processing',
      '/solutions/blockchain-integration',
      '/solutions/compliance',
      '/solutions/crypto-payments',
      '/solutions/real-estate-tokenization',
      '/legal/terms',
      '/legal/privacy',
      '/legal/aml-policy',
      '/legal/user-guide',
      '/legal/security',
    ]) {
      expect(footerLinks).toContain(href);
    }
    expect(screen.getByRole('contentinfo').textContent).toContain('Albany, North Shore, Auckland, New Zealand');
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2024');
  });

  it('states the AML thresholds and limits', async () => {
    mockFetch(() => ({ body: {} }));
    renderApp('/legal/aml-policy');
    await screen.findByRole('heading', { level: 1 });
    const text = screen.getByRole('main').textContent ?? '';
    for (const fact of ['above $3,000', 'above $10,000', '$1,000 or more', '7 years', '18 years old', '24-48 hours']) {
      expect(text).toContain(fact);
    }
    expect(text).toContain('within 24 hours');
    expect(text).toContain('only for properties in New Zealand and Australia');
  });

  it.each(['/legal/terms', '/legal/privacy', '/legal/aml-policy'])(
    '%s offers a visitor "Back to Home" and a signed-in member "Back to Dashboard" (issue 39)',
    async (path) => {
      mockFetch(() => ({ status: 401, body: { error: 'UNAUTHENTICATED', message: 'Sign in' } }));
      const visitor = renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect((await screen.findByRole('link', { name: 'Back to Home' })).getAttribute('href')).toBe('/');
      expect(screen.queryByRole('link', { name: 'Back to Dashboard' })).toBeNull();
      visitor.unmount();

      mockFetch(() => ({ body: signedInUser }));
      renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect((await screen.findByRole('link', { name: 'Back to Dashboard' })).getAttribute('href')).toBe('/dashboard');
      expect(screen.queryByRole('link', { name: 'Back to Home' })).toBeNull();
    },
  );

  it('labels the compliance risk distribution as an illustrative example', async () => {
    mockFetch(() => ({ body: {} }));
    renderApp('/solutions/compliance');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Illustrative example distribution')).toBeTruthy();
    for (const percent of ['78.5%', '18.2%', '3.3%']) expect(screen.getByText(percent)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Risk Analytics' }).getAttribute('href')).toBe('/analytics');
  });
});

describe('every route in the router', () => {
  it('is the list the gateway answers 200 for (webRoutePaths); any other path is its 404', () => {
    const routed = allPaths.filter((path) => !path.endsWith('*'));
    expect([...routed].sort()).toEqual([...webRoutePaths].sort());
    expect(allPaths).toContain('/*');
  });

  it('is read from the route table (parents, index routes and the fallback included)', () => {
    expect(allPaths).toEqual(expect.arrayContaining(['/', '/solutions', '/legal', '/legal/terms', '/dashboard', '/*']));
    expect(allPaths.length).toBeGreaterThan(40);
  });

  /** A URL that matches the path: the fallback's * becomes an unknown address, a :param a sample value. */
  const urlFor = (path: string) => path.replace(/\*$/, 'no-such-page-anywhere').replace(/:[^/]+/g, 'sample');

  it.each(allPaths)('%s shows a page with an h1 or the 404 page', async (path) => {
    // Signed in as a verified admin, so guarded and admin pages show themselves rather than redirect;
    // every call without a fake answer fails, which a page must survive.
    fakeDashboardApi((url) => (url === '/api/auth/me' ? { body: { ...signedInUser, role: 'admin' } } : undefined));
    const url = urlFor(path);
    renderApp(url);
    const [heading] = await screen.findAllByRole('heading', { level: 1 });
    expect(heading?.textContent?.trim()).not.toBe('');
    const notFound = screen.queryByText('404 Page Not Found') !== null;
    if (path === '/*') expect(notFound).toBe(true);
    if (!notFound) expect(screen.getByTestId('app-location').textContent).toBe(url);
  });

  it.each([
    ['/solutions', 'Solutions', ['/solutions/payment-processing', '/solutions/real-estate-tokenization']],
    [
      '/legal',
      'Legal and Policies',
      ['/legal/terms', '/legal/privacy', '/legal/aml-policy', '/legal/user-guide', '/legal/security'],
    ],
  ])('%s is an overview linking to its pages', async (url, title, hrefs) => {
    mockFetch(() => ({ body: {} }));
    renderApp(url);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    const main = within(screen.getByRole('main'));
    const links = main.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const href of hrefs) expect(links).toContain(href);
  });
});

describe('page views', () => {
  it('records one page view per navigation between public pages', async () => {
    const { events } = captureBeacons();
    mockFetch((path) => (path === '/api/plans' ? plansResponse() : { body: {} }));
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const footer = () => within(screen.getByRole('contentinfo'));

    await user.click(footer().getByRole('link', { name: 'Privacy Policy' }));
    expect((await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).textContent).toBeTruthy();
    await user.click(footer().getByRole('link', { name: 'Pricing' }));
    await screen.findByRole('heading', { level: 1, name: 'Simple, transparent pricing' });

    await waitFor(async () =>
      expect(await events()).toEqual([
        { name: 'page_view', path: '/' },
        { name: 'page_view', path: '/legal/privacy' },
        { name: 'page_view', path: '/pricing' },
      ]),
    );
    await user.click(screen.getByRole('link', { name: 'Contact Form' }));
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await waitFor(async () =>
      expect((await events()).map((event) => (event as { path: string }).path)).toEqual([
        '/',
        '/legal/privacy',
        '/pricing',
        '/contact',
      ]),
    );
  });

  it('records a signed-in page once per navigation, not once more for the signed-in frame', async () => {
    const { events } = captureBeacons();
    fakeDashboardApi();
    const { user } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Transactions' }));
    await waitFor(() => expect(screen.getByTestId('app-location').textContent).toBe('/transactions'));
    await waitFor(async () =>
      expect(await events()).toEqual([
        { name: 'page_view', path: '/dashboard' },
        { name: 'page_view', path: '/transactions' },
      ]),
    );
    // Nothing arrives late: still one each.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await events()).toHaveLength(2);
  });

  it('keeps the page working when the page-view beacon is refused', async () => {
    const sendBeacon = vi.fn(() => {
      throw new TypeError('Beacon refused');
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon }));
    mockFetch(() => ({ body: {} }));
    renderApp('/legal/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    await waitFor(() => expect(sendBeacon).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
