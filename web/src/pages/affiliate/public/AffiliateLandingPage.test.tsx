import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../App';
import { createQueryClient } from '../../../api/query-client';
import { AntdProviders } from '../../../components/AntdProviders';
import { AppProviders } from '../../../components/AppProviders';
import { mockFetch, testTheme } from '../../../test/render';

function renderApp(url: string) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <AntdProviders theme={testTheme}>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes />
        </MemoryRouter>
      </AntdProviders>
    </AppProviders>,
  );
}

const hrefs = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('the affiliate pages', () => {
  it('/affiliate shows the programme: 3 steps, the 3 tiers, benefits and the portal entry, without calls', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    renderApp('/affiliate');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Earn 15% to 25% by referring businesses',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();

    const steps = document.querySelectorAll('#how-it-works ol > li');
    expect(steps).toHaveLength(3);

    const tiers = within(document.getElementById('commission')!).getAllByRole('listitem', { name: /./ });
    expect(tiers.map((tier) => tier.querySelector('h3')?.textContent)).toEqual([
      'Starter',
      'Professional',
      'Enterprise',
    ]);
    expect(within(tiers[0]!).getByText('15%')).toBeTruthy();
    expect(within(tiers[0]!).getByText('1-5 referrals/month')).toBeTruthy();
    expect(within(tiers[0]!).getByText('30-day referral cookie')).toBeTruthy();
    expect(within(tiers[1]!).getByText('20%')).toBeTruthy();
    expect(within(tiers[1]!).getByText('6-15 referrals/month')).toBeTruthy();
    expect(within(tiers[1]!).getByText('Priority payouts')).toBeTruthy();
    expect(within(tiers[2]!).getByText('25%')).toBeTruthy();
    expect(within(tiers[2]!).getByText('16+ referrals/month')).toBeTruthy();
    expect(within(tiers[2]!).getByText('60-day referral cookie')).toBeTruthy();
    expect(within(tiers[2]!).getByText('Weekly payout options')).toBeTruthy();

    const portal = document.getElementById('portal')!;
    expect(within(portal).getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(
      '/affiliate/dashboard',
    );
    expect(within(portal).getByRole('link', { name: 'Apply to Join' }).getAttribute('href')).toBe(
      '/affiliate/register',
    );
    const main = hrefs(screen.getByRole('main'));
    expect(main).toContain('/affiliate/register');
    expect(main).toContain('/affiliate/login');
    expect(screen.getByRole('main').querySelector('[class*="ant-"]')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['/affiliate/register', 'Apply to the Affiliate Programme'],
    ['/affiliate/login', 'Affiliate Sign In'],
  ])('%s is routed and asks nothing of the server on a visit', async (url, heading) => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    renderApp(url);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(heading);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
