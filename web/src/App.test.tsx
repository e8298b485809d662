import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from './App';
import { createQueryClient } from './api/query-client';
import { AntdProviders } from './components/AntdProviders';
import { AppProviders } from './components/AppProviders';
import { plansResponse } from './test/plans';
import { mockFetch, testTheme } from './test/render';

function renderApp(url: string) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      {/* The outer theme makes the app's own (lazy) AntdLayout skip CSS-in-JS too. */}
      <AntdProviders theme={testTheme}>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes />
        </MemoryRouter>
      </AntdProviders>
    </AppProviders>,
  );
}

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

  /** The only calls a public page makes on a visit: the pricing page asks GET /api/plans for its prices. */
  const callsOnVisit: Record<string, string[]> = { '/pricing': ['/api/plans'] };

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
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('labels the compliance risk distribution as an illustrative example', async () => {
    mockFetch(() => ({ body: {} }));
    renderApp('/solutions/compliance');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Illustrative example distribution')).toBeTruthy();
    for (const percent of ['78.5%', '18.2%', '3.3%']) expect(screen.getByText(percent)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Risk Analytics' }).getAttribute('href')).toBe('/analytics');
  });
});
