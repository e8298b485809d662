import { text } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { newPage, useBrowser } from './support/browser';
import { reportSale } from './support/sales';
import { signInNewVerifiedUser } from './support/session';

const screens = [
  { path: '/analytics', title: 'Transaction Analytics' },
  { path: '/analytics/business-metrics', title: 'Business Metrics' },
  { path: '/analytics/cash-flow', title: 'Cash Flow Analysis' },
  { path: '/analytics/customer-segmentation', title: 'Customer Segmentation' },
  { path: '/analytics/risk-analytics', title: 'Risk Analytics' },
  { path: '/analytics/competitive-analysis', title: 'Competitive Analysis' },
];

const failureToast = (page: Page) => page.locator('.ant-notification').getByText(/^Failed to load/);

async function openScreen(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page
    .getByRole('heading', { level: 1, name: title })
    .waitFor()
    .catch(async (error: unknown) => {
      throw new Error(`${path}: ${String(error)}\nThe page shows: ${await page.locator('body').innerText()}`);
    });
  await page.getByText(/^Loading /).waitFor({ state: 'detached' });
}

/** The figure of a statistic card, by its title. */
const statistic = (page: Page, title: string) =>
  page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');

/** Clicks Refresh until the figure appears: the sale reaches analytics through Kafka. */
async function refreshUntil(page: Page, shows: () => Promise<boolean>, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await shows())) {
    if (Date.now() > deadline) throw new Error('The figure did not appear');
    await page.waitForTimeout(1000);
    await page.getByRole('button', { name: 'Refresh' }).click();
  }
}

describe('analytics screens in the browser, through the gateway', () => {
  const { browser } = useBrowser();

  it("opens every screen for a new user without a failure, then shows a reported sale's figures", async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'analytics');
    for (const { path, title } of screens) {
      await openScreen(page, path, title);
      expect(await failureToast(page).count()).toBe(0);
    }
    await openScreen(page, '/analytics/cash-flow', 'Cash Flow Analysis');
    await page.getByText('No cash flow data available for the selected period').waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);

    await reportSale(context, '1234.00');

    await openScreen(page, '/analytics', 'Transaction Analytics');
    // Until the sale arrives the screen shows its empty state, without the statistic.
    const total = statistic(page, 'Total Transactions');
    await refreshUntil(page, async () => (await total.count()) > 0 && (await total.innerText()).trim() === '1');
    await expect(statistic(page, 'Total Volume').innerText()).resolves.toBe('$1.2K');
    await expect(statistic(page, 'Average Transaction').innerText()).resolves.toBe('$1,234.00');

    await openScreen(page, '/analytics/cash-flow', 'Cash Flow Analysis');
    const month = new Date().toISOString().slice(0, 7);
    const row = page.getByRole('row').filter({ hasText: month });
    await row.getByText('$1.2K').first().waitFor();
    await page.getByText('Quarterly', { exact: true }).click();
    await page
      .getByRole('row')
      .filter({ hasText: /\d{4}-Q[1-4]/ })
      .first()
      .waitFor();
    expect(await failureToast(page).count()).toBe(0);
    await context.close();
  });

  it('labels the competitive market data as curated, lists its sources and exports it as CSV', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'analytics-competitive');
    await openScreen(page, '/analytics/competitive-analysis', 'Competitive Analysis');
    await page.getByText('Curated reference data', { exact: true }).first().waitFor();
    const sources = page.getByRole('list', { name: 'Sources' });
    expect(await sources.getByRole('link').count()).toBeGreaterThan(0);
    await page.getByRole('table').getByRole('row').nth(1).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^competitive-analysis-12m-\d{4}-\d{2}-\d{2}\.csv$/);
    // Read through the browser's connection: the shared browser (browser-server.ts) keeps the file.
    const csv = await text(await download.createReadStream());
    const [header, merchant] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toMatch(/^Name,Data,Market Position,/);
    expect(merchant).toMatch(/^Your business,/);
    await context.close();
  });

  it('has no serious or critical axe violation on the analytics screens, shell included', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'analytics-axe');
    const findings: Record<string, string[]> = {};
    for (const { path, title } of screens) {
      await openScreen(page, path, title);
      findings[path] = await seriousViolations(page);
    }
    expect(findings).toEqual(Object.fromEntries(screens.map(({ path }) => [path, []])));
    await context.close();
  });
});
