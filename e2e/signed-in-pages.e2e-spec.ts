import { newPage, useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';
import { signedInRoutes } from './support/signed-in-routes';
import { collectErrors, report, waitForRoute } from './public/public-site';

// Axe judges every one of these pages once, with data on it, in charts-contrast.e2e-spec.ts: one
// visit per check. A new user's pages are empty, and empty states must render without errors too.
describe('every signed-in page of a new, verified user', () => {
  const { browser } = useBrowser();

  it('renders its heading with no console error', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'pages');
    const errors = collectErrors(page);
    const headings: string[] = [];

    for (const path of signedInRoutes) {
      await page.goto(path);
      const heading = await waitForRoute(page);
      headings.push(`${path} "${heading}"`);
      // Each screen's loading state settles before it is judged.
      await page.waitForLoadState('networkidle');
      await page
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      expect(new URL(page.url()).pathname).toBe(path);
    }

    report(`signed-in pages: ${headings.join(', ')}`);
    report(`signed-in pages: ${errors.length} console error(s)`);
    for (const line of errors) report(`  ${line}`);
    expect(headings.filter((line) => line.includes('404 Page Not Found'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    // One test walks every signed-in page: a budget for all of them, not one request's.
  }, 120_000);
});
