import type { Page } from 'playwright-core';
import { newPage, useBrowser } from './support/browser';

/** A field of the account form. */
const field = (page: Page, label: string) => page.locator('form').getByLabel(label, { exact: true });

/** Waits until the order summary shows this price (it follows the cycle toggle). */
const summaryShows = (page: Page, price: string) =>
  page.getByTestId('summary-price').filter({ hasText: price }).waitFor();

/**
 * Checkout in Chromium. This machine has no internet, so Stripe.js (https://js.stripe.com) cannot
 * load: the page must say card payments are unavailable and refuse to pay with the exact toast of
 * spec 8. The subscription flow itself is covered by the billing service's integration tests.
 */
describe('checkout in the browser', () => {
  const { browser } = useBrowser();

  it('shows the Growth prices of GET /api/plans, 29 monthly and 278 annual', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/payment?plan=growth&cycle=monthly');

    await page.getByRole('heading', { level: 1, name: 'Secure Checkout' }).waitFor();
    await expect(page.getByTestId('summary-plan').innerText()).resolves.toBe('Growth');
    await summaryShows(page, '$29/month');

    await page.locator('label').filter({ hasText: 'Annual' }).click();
    await page.waitForURL('**/payment?plan=growth&cycle=annual');
    await summaryShows(page, '$278/year');
    await page.getByText('instead of $348 billed monthly').waitFor();
    await page.getByRole('button', { name: 'Pay $278' }).waitFor();
    await context.close();
  });

  it("refuses to pay with 'Stripe is not loaded' when Stripe.js cannot load", async () => {
    const { context, page } = await newPage(browser());
    const subscriptionCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/create-subscription')) subscriptionCalls.push(request.url());
    });
    await page.goto('/payment?plan=growth&cycle=monthly');
    await summaryShows(page, '$29/month');

    await field(page, 'Full Name').fill('Aroha Ngata');
    await field(page, 'Email').fill('aroha@kauri.example');
    await page.getByRole('button', { name: 'Pay $29' }).click();

    await page.getByText('Payment Error', { exact: true }).waitFor();
    await page.getByText('Stripe is not loaded. Please refresh and try again.', { exact: true }).waitFor();
    await page.getByText('Card payments are unavailable right now').waitFor();
    await page.getByRole('button', { name: 'Pay $29' }).waitFor();
    expect(subscriptionCalls).toEqual([]);
    await context.close();
  });
});
