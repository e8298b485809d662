import { gzipSync } from 'node:zlib';
import { newPage, useBrowser } from '../support/browser';
import { report, waitForRoute } from './public-site';

const budgetBytes = 170 * 1024;

describe('the landing page JavaScript budget', () => {
  const { browser } = useBrowser();

  it('loads at most 170 KB of gzipped JavaScript on a cold visit to /', async () => {
    const { context, page } = await newPage(browser());
    const scripts = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
        }),
      );
    });

    await page.goto('/');
    await waitForRoute(page);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);

    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    report(
      `landing JS: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.size} files: ${[...scripts.keys()].join(', ')}`,
    );
    expect([...scripts.keys()].some((path) => /\/LandingPage-/.test(path))).toBe(true);
    expect(total).toBeLessThanOrEqual(budgetBytes);
    await context.close();
  });
});
