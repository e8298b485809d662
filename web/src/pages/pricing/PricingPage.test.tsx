import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { planViews } from '@app/contracts';
import { plansFailure, plansResponse } from '../../test/plans';
import { mockFetch, renderPage, type MockResponse } from '../../test/render';
import { PricingPage } from './PricingPage';

const planCard = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

/** Answers GET /api/plans (the pricing page's only call) with `plans`. */
function mockPlans(plans: MockResponse = plansResponse()) {
  return mockFetch((url) =>
    url === '/api/plans' ? plans : { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } },
  );
}

/** Renders the page and waits for the plans of GET /api/plans. */
async function renderPricing() {
  const result = renderPage(<PricingPage />, { path: '/pricing' });
  await screen.findByRole('heading', { level: 3, name: 'Growth' });
  return result;
}

describe('PricingPage', () => {
  it('shows monthly prices first and annual prices with the 20% saving after the toggle', async () => {
    const fetchMock = mockPlans();
    const { user } = await renderPricing();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Simple, transparent pricing');
    expect(within(planCard('Starter')).getByText('Free')).toBeTruthy();
    expect(within(planCard('Growth')).getByText('$29')).toBeTruthy();
    expect(within(planCard('Enterprise plus Tokenization')).getByText('$699')).toBeTruthy();
    expect(within(planCard('Growth')).getByText('/month')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('radio', { name: /Annual/ }));

    expect(within(planCard('Growth')).getByText('$278')).toBeTruthy();
    expect(within(planCard('Enterprise plus Tokenization')).getByText('$6,710')).toBeTruthy();
    expect(within(planCard('Growth')).getByText('/year')).toBeTruthy();
    expect(within(planCard('Growth')).getByText('Save 20%')).toBeTruthy();
    expect(within(planCard('Enterprise plus Tokenization')).getByText('Save 20%')).toBeTruthy();
    expect(within(planCard('Starter')).getByText('Free')).toBeTruthy();
    expect(screen.queryByText('$29')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(planCard('Growth')).getByText('$29')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/plans']);
  });

  it('derives the features from the plan facts and marks the popular plan', async () => {
    mockPlans();
    await renderPricing();

    const growth = within(planCard('Growth'));
    expect(growth.getByText('Most Popular')).toBeTruthy();
    expect(growth.getByText('$10,000 monthly processing volume')).toBeTruthy();
    expect(growth.getByText('2 team members')).toBeTruthy();
    expect(growth.getByText('API access')).toBeTruthy();

    const pro = within(planCard('Enterprise plus Tokenization'));
    expect(pro.getByText('$50,000 monthly processing volume')).toBeTruthy();
    expect(pro.getByText('10 team members')).toBeTruthy();
    expect(pro.getByText('1 property tokenization per month')).toBeTruthy();
    expect(within(planCard('Starter')).getByText('1 team member')).toBeTruthy();
  });

  it('sends Starter to registration and paid plans to checkout with the chosen cycle', async () => {
    mockPlans();
    const { user } = await renderPricing();

    const href = (plan: string) => within(planCard(plan)).getByRole('link').getAttribute('href');
    expect(href('Starter')).toBe('/register');
    expect(href('Growth')).toBe('/payment?plan=growth&cycle=monthly');

    await user.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(href('Growth')).toBe('/payment?plan=growth&cycle=annual');
    expect(href('Enterprise plus Tokenization')).toBe('/payment?plan=pro&cycle=annual');
    expect(document.getElementById('pricing')).not.toBeNull();
    expect(document.getElementById('tokenization')).not.toBeNull();
    expect(document.getElementById('comparison')).not.toBeNull();
  });

  it('shows the prices of GET /api/plans, in the cards and the comparison table', async () => {
    const served = planViews().map((plan) =>
      plan.id === 'growth' ? { ...plan, monthlyPrice: 39, annualPrice: 374 } : plan,
    );
    mockPlans(plansResponse(served));
    const { user } = await renderPricing();

    expect(within(planCard('Growth')).getByText('$39')).toBeTruthy();
    const comparison = within(document.getElementById('comparison') as HTMLElement);
    expect(comparison.getByRole('cell', { name: '$39/month' })).toBeTruthy();
    expect(comparison.getByRole('cell', { name: '$374/year' })).toBeTruthy();
    expect(comparison.getByRole('cell', { name: '$6,710/year' })).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(within(planCard('Growth')).getByText('$374')).toBeTruthy();
    expect(within(planCard('Growth')).getByText('instead of $468 billed monthly', { exact: false })).toBeTruthy();
  });

  it("shows 'Loading plans...' while GET /api/plans is on its way, keeping the other sections", async () => {
    mockPlans();
    renderPage(<PricingPage />, { path: '/pricing' });

    expect(screen.getByRole('status').textContent).toBe('Loading plans...');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Simple, transparent pricing');
    expect(document.getElementById('pricing')).not.toBeNull();
    expect(document.getElementById('tokenization')).not.toBeNull();
    expect(document.getElementById('comparison')).not.toBeNull();

    expect(await screen.findByRole('heading', { level: 3, name: 'Growth' })).toBeTruthy();
    expect(screen.queryByText('Loading plans...')).toBeNull();
  });

  it("shows 'Plans could not be loaded.' with a Retry button that asks again", async () => {
    let answer = plansFailure;
    const fetchMock = mockFetch((url) =>
      url === '/api/plans' ? answer : { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } },
    );
    const { user } = renderPage(<PricingPage />, { path: '/pricing' });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Plans could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'Growth' })).toBeNull();
    expect(document.getElementById('tokenization')).not.toBeNull();

    answer = plansResponse();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(within(await waitForCard('Growth')).getByText('$29')).toBeTruthy();
    expect(screen.queryByText('Plans could not be loaded.')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/plans')).toHaveLength(2);
  });
});

const waitForCard = async (name: string) =>
  (await screen.findByRole('heading', { level: 3, name })).closest('li') as HTMLElement;
