import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { uniqueEmail } from '../test-support';
import { seriousViolations } from './support/axe';
import { baseUrl, newPage, useBrowser } from './support/browser';
import { signedInRoutes } from './support/signed-in-routes';
import { collectErrors, report, waitForRoute } from './public/public-site';

const run = promisify(execFile);
const root = resolve(__dirname, '..');
/** The demo merchant's password (scripts/demo/catalog.mjs); each run registers its own e-mail. */
const demoPassword = 'HarbourVine!2026';
/** A year of the demo merchant's transactions, thinned: enough for every chart, quick to deliver. */
const deliveries = 1500;

/** The screens with charts: each is judged only once its chart is drawn with the merchant's data. */
const chartScreens: Record<string, { axes: boolean }> = {
  '/dashboard': { axes: true },
  '/analytics': { axes: true },
  '/analytics/cash-flow': { axes: true },
  '/analytics/customer-segmentation': { axes: false },
};

/** Reloads until the screen's chart shows its legend (and axis labels): the data reaches analytics through Kafka. */
async function waitForChart(page: Page, path: string, axes: boolean, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const drawn = async () =>
    (await page.locator('.chart-legend-item').count()) > 0 &&
    (!axes || (await page.locator('.chart-axis-label').count()) > 0);
  for (;;) {
    await waitForRoute(page);
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      if (await drawn()) return;
      await page.waitForTimeout(250);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${path}: no chart after ${timeoutMs / 1000} s; the page shows: ${await page.locator('main').innerText()}`,
      );
    }
    await page.reload();
  }
}

/**
 * The chart text axe's colour-contrast rule did not judge: every visible legend item and axis label
 * must be a pass (or a violation, reported with the others), never left for review as text on a
 * canvas or in an SVG is.
 */
async function chartTextUnchecked(page: Page, path: string, axes: boolean): Promise<string[]> {
  const selectors = axes ? ['.chart-legend-item', '.chart-axis-label'] : ['.chart-legend-item'];
  const problems: string[] = [];
  for (const selector of selectors) {
    const visible = await page.locator(`${selector}:visible`).count();
    const results = await new AxeBuilder({ page }).include(selector).withRules(['color-contrast']).analyze();
    const judged = [...results.passes, ...results.violations].flatMap((rule) => rule.nodes).length;
    const review = results.incomplete.flatMap((rule) => rule.nodes.map((node) => node.target.join(' ')));
    if (visible === 0 || judged < visible) problems.push(`${path}: axe judged ${judged} of ${visible} ${selector}`);
    if (review.length) problems.push(`${path}: ${selector} left for review: ${review.join(', ')}`);
  }
  return problems;
}

describe('every signed-in page with the demo merchant’s data', () => {
  const { browser } = useBrowser();
  const email = uniqueEmail('charts-demo');

  beforeAll(async () => {
    // The demo loader of `make demo` (scripts/demo), against the test stack, for a merchant of its own.
    const { stdout } = await run(
      process.execPath,
      [
        'scripts/demo/demo.mjs',
        '--count',
        String(deliveries),
        '--concurrency',
        '8',
        '--base-url',
        baseUrl,
        '--mail-url',
        process.env.MAIL_SINK_URL ?? 'http://127.0.0.1:1080',
        '--email',
        email,
        '--password',
        demoPassword,
      ],
      { cwd: root, timeout: 240_000 },
    );
    report(`demo merchant: ${stdout.trim().split('\n').slice(-6).join(' | ')}`);
  }, 300_000);

  afterAll(async () => {
    // The loader keeps the integrations' signing secrets for later runs; this merchant has none.
    await rm(resolve(root, '.local/demo', `${new URL(baseUrl).port || 'default'}-${email}.json`), { force: true });
  });

  it('shows its charts with data and has no serious or critical axe violation, chart text included', async () => {
    const { context, page } = await newPage(browser());
    const login = await context.request.post('/api/auth/login', { data: { email, password: demoPassword } });
    expect(login.ok()).toBe(true);
    const errors = collectErrors(page);
    const findings: string[] = [];
    const unchecked: string[] = [];

    for (const path of signedInRoutes) {
      await page.goto(path);
      await waitForRoute(page);
      const chart = chartScreens[path];
      if (chart) await waitForChart(page, path, chart.axes);
      await page.waitForLoadState('networkidle');
      await page
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      expect(new URL(page.url()).pathname).toBe(path);

      for (const violation of await seriousViolations(page)) findings.push(`${path}: ${violation}`);
      if (chart) unchecked.push(...(await chartTextUnchecked(page, path, chart.axes)));
    }

    report(
      `demo merchant pages: ${findings.length} serious or critical axe violation(s), ${errors.length} console error(s)`,
    );
    for (const line of [...findings, ...unchecked, ...errors]) report(`  ${line}`);
    expect(findings).toEqual([]);
    expect(unchecked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);
});
