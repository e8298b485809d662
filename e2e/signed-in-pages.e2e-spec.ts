import { seriousViolations } from './support/axe';
import { newPage, useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';
import { signedInRoutes } from './support/signed-in-routes';
import { collectErrors, report, waitForRoute } from './public/public-site';

describe('every signed-in page of a new, verified user', () => {
  const { browser } = useBrowser();

  it('renders its heading with no console error and no serious or critical axe violation', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'pages');
    const errors = collectErrors(page);
    const findings: string[] = [];
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
      for (const violation of await seriousViolations(page)) findings.push(`${path}: ${violation}`);
    }

    report(`signed-in pages: ${headings.join(', ')}`);
    report(
      `signed-in pages: ${findings.length} serious or critical axe violation(s), ${errors.length} console error(s)`,
    );
    for (const line of [...findings, ...errors]) report(`  ${line}`);
    expect(headings.filter((line) => line.includes('404 Page Not Found'))).toEqual([]);
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    // One test walks every signed-in page (about a minute on a quiet machine): a budget per page, not one request's.
  }, 300_000);
});
