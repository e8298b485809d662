import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { newPage, useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' });

describe('affiliate dashboard and marketing toolkit in the browser, through the gateway', () => {
  const { browser } = useBrowser();

  it('creates a demo affiliate account, copies the referral link and writes a value proposition', async () => {
    const { context, page } = await newPage(browser());
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInNewVerifiedUser(context, 'affiliate');

    // No affiliate account yet: the toolkit sends the user to the dashboard, which offers a demo.
    await page.goto('/affiliate/marketing-toolkit');
    await page.getByRole('heading', { level: 1, name: 'Affiliate Account Required' }).waitFor();
    await page.getByRole('link', { name: 'Go to Affiliate Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Affiliate Account Not Found' }).waitFor();
    await expect(page.getByRole('link', { name: 'Apply to Become an Affiliate' }).getAttribute('href')).resolves.toBe(
      '/affiliate/register',
    );
    await page.getByRole('button', { name: 'Create Demo Account' }).click();

    await dashboardHeading(page).waitFor();
    await page.getByText('Demo account', { exact: true }).waitFor();
    for (const title of ['Total Earnings', 'Current Balance', 'Total Referrals', 'Commission Rate']) {
      await page.locator('.ant-statistic-title').getByText(title, { exact: true }).waitFor();
    }
    await page.getByText('No referrals yet. Share your referral link to get started.').waitFor();

    // The referral link is this site's origin with ?ref= and the account's code.
    const link = await page.getByLabel('Referral link', { exact: true }).inputValue();
    expect(link).toMatch(new RegExp(`^${new URL(page.url()).origin}/\\?ref=[A-Za-z0-9_-]{4,64}$`));
    await page.getByRole('button', { name: 'Copy referral link' }).click();
    await page.getByRole('status').getByText('Link Copied', { exact: true }).waitFor();
    await expect(page.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe(link);

    // A demo account explores the dashboard, but money is paid only to approved, real accounts.
    await page.getByText('Demo affiliate accounts cannot request payouts.').waitFor();
    await expect(page.getByRole('button', { name: 'Request Payout' }).isDisabled()).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The account is stored: it is still there after a reload, with the same link.
    await page.reload();
    await dashboardHeading(page).waitFor();
    await expect(page.getByLabel('Referral link', { exact: true }).inputValue()).resolves.toBe(link);

    await page.getByRole('link', { name: 'Marketing Toolkit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Marketing Toolkit' }).waitFor();
    await page.getByRole('tab', { name: 'Value Proposition' }).click();
    const generate = page.getByRole('button', { name: 'Generate Value Proposition' });
    await expect(generate.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Target Market', { exact: true }).fill('Independent cafés in Auckland');
    await generate.click();

    const proposition = page.getByTestId('value-proposition');
    await proposition.waitFor({ timeout: 60000 });
    await expect(proposition.getByRole('heading').innerText()).resolves.not.toBe('');
    expect(await proposition.locator('li').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
