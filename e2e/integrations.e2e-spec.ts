import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { choose, newPage, useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';

const processorsTab = (page: Page) => page.getByRole('tabpanel', { name: 'Payment Processors' });
const posTab = (page: Page) => page.getByRole('tabpanel', { name: 'POS Systems' });
const switchOf = (page: Page, name: string) => page.getByRole('switch', { name: `${name} active` });
const cardOf = (scope: Locator, testId: string, name: string) => scope.getByTestId(testId).filter({ hasText: name });

/** Waits until a summary card shows this value (the figures refetch after every change). */
const summaryShows = (page: Page, title: string, value: string) =>
  page
    .locator('.ant-statistic')
    .filter({ hasText: title })
    .locator('.ant-statistic-content')
    .getByText(value, { exact: true })
    .waitFor();

async function openIntegrations(page: Page): Promise<void> {
  await page.goto('/integrations');
  await page.getByRole('heading', { level: 1, name: 'Payment & POS Integrations' }).waitFor();
}

describe('integrations in the browser, through the gateway', () => {
  const { browser } = useBrowser();

  it('adds a processor, toggles it, and still shows it with its new state after a reload; adds a POS system', async () => {
    const { context, page } = await newPage(browser());
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInNewVerifiedUser(context, 'integrations');
    await openIntegrations(page);
    await page.getByText('No payment processors connected yet.').waitFor();
    await summaryShows(page, 'Active Integrations', '0');
    await summaryShows(page, 'Last Sync', 'Never');

    // No required-field checks in the form: the server refuses a processor without an API key.
    await page.getByRole('button', { name: 'Add Processor' }).click();
    await processorsTab(page).getByRole('button', { name: 'Add Processor' }).click();
    await page.getByText('Integration Failed', { exact: true }).waitFor();
    await page.getByText('Failed to add payment processor. Please check your credentials.').waitFor();

    await choose(page, 'Processor Type', 'PayPal');
    await processorsTab(page).getByLabel('Processor Name', { exact: true }).fill('Kauri web shop');
    await processorsTab(page).getByLabel('API Key', { exact: true }).fill('pk_live_e2e_0123456789');
    await processorsTab(page).getByLabel('API Secret', { exact: true }).fill('sk_live_e2e_9876543210');
    await processorsTab(page).getByRole('button', { name: 'Add Processor' }).click();
    await page.getByText('Payment Processor Added', { exact: true }).waitFor();

    // The delivery URL and signing secret, shown once, with copy buttons.
    const webhookUrl = processorsTab(page).getByText(/\/api\/integrations\/webhooks\/[\w-]+$/);
    await expect(webhookUrl.innerText()).resolves.toMatch(new RegExp(`^${new URL(page.url()).origin}/api/`));
    await processorsTab(page).getByRole('button', { name: 'Copy webhook url' }).click();
    await page.getByRole('status').getByText('Copied', { exact: true }).waitFor();
    await expect(page.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe(await webhookUrl.innerText());

    const card = cardOf(processorsTab(page), 'processor-card', 'Kauri web shop');
    await card.getByText('PayPal', { exact: true }).waitFor();
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByText('Last sync: Never').waitFor();
    await expect(switchOf(page, 'Kauri web shop').getAttribute('aria-checked')).resolves.toBe('true');
    await summaryShows(page, 'Active Integrations', '1');

    await switchOf(page, 'Kauri web shop').click();
    await page.getByText('Status Updated', { exact: true }).waitFor();
    await card.getByText('Inactive', { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Payment & POS Integrations' }).waitFor();
    await cardOf(processorsTab(page), 'processor-card', 'Kauri web shop')
      .getByText('Inactive', { exact: true })
      .waitFor();
    await expect(switchOf(page, 'Kauri web shop').getAttribute('aria-checked')).resolves.toBe('false');
    expect(await page.getByText('sk_live_e2e_9876543210').count()).toBe(0);
    await summaryShows(page, 'Active Integrations', '0');

    await page.getByRole('tab', { name: 'POS Systems' }).click();
    await page.getByText('No POS systems connected yet.').waitFor();
    await posTab(page).getByRole('button', { name: 'Add POS System' }).click();
    await choose(page, 'POS System', 'Lightspeed');
    await posTab(page).getByLabel('POS Name', { exact: true }).fill('Queen Street roastery');
    await posTab(page).getByLabel('API Key', { exact: true }).fill('ls_e2e_key_0001');
    await posTab(page).getByLabel('Location ID', { exact: true }).fill('queen-st-01');
    await choose(page, 'Sync Frequency', 'Daily');
    await posTab(page).getByRole('button', { name: 'Add POS System' }).click();
    await page.getByText('POS System Added', { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('tab', { name: 'POS Systems' }).click();
    const pos = cardOf(posTab(page), 'pos-card', 'Queen Street roastery');
    await pos.getByText('Lightspeed', { exact: true }).waitFor();
    await pos.getByText('Sync: Daily', { exact: true }).waitFor();
    await pos.getByText('Active', { exact: true }).waitFor();
    expect(await pos.getByRole('switch').count()).toBe(0);
    await summaryShows(page, 'Active Integrations', '1');
    await context.close();
  });

  it('has no serious or critical axe violation on /integrations, with the form open and after adding', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'integrations-axe');
    await openIntegrations(page);
    await page.getByText('No payment processors connected yet.').waitFor();
    await page.getByRole('button', { name: 'Add Processor' }).click();
    await processorsTab(page).getByLabel('API Key', { exact: true }).fill('pk_live_e2e_axe_0001');
    const formFindings = await seriousViolations(page);

    await processorsTab(page).getByRole('button', { name: 'Add Processor' }).click();
    await page.getByText('Payment Processor Added', { exact: true }).waitFor();
    await switchOf(page, 'Stripe').waitFor();
    const listFindings = await seriousViolations(page);

    expect({ formFindings, listFindings }).toEqual({ formFindings: [], listFindings: [] });
    await context.close();
  });
});
