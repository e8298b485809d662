import type { ConsoleMessage, Page } from 'playwright-core';

/** Spec 2.1: every public route. */
export const specPublicRoutes = [
  '/',
  '/register',
  '/login',
  '/verify-email',
  '/contact',
  '/pricing',
  '/payment',
  '/solutions/payment-processing',
  '/solutions/blockchain-integration',
  '/solutions/compliance',
  '/solutions/crypto-payments',
  '/solutions/real-estate-tokenization',
  '/legal/terms',
  '/legal/privacy',
  '/legal/aml-policy',
  '/legal/user-guide',
  '/legal/security',
  '/affiliate',
  '/affiliate/login',
  '/affiliate/register',
  '/affiliate/dashboard',
  '/affiliate/marketing-toolkit',
] as const;

/**
 * Guarded routes of the signed-in spec not built yet: until they exist they show the 404 screen and
 * the tests report them as pending instead of failing. None now (tokenization was the last); a
 * route goes here only while its issue is open, and leaves it when built.
 */
export const pendingRoutes: readonly string[] = [];

export const notFoundTitle = '404 Page Not Found';

/** Waits until the client-side route has rendered its h1 (lazy chunks, guard redirects). */
export async function waitForRoute(page: Page): Promise<string> {
  const heading = page.locator('h1').first();
  await heading.waitFor({ state: 'visible' });
  return (await heading.innerText()).trim();
}

/** Opens a route and tells whether it exists: the fallback screen means it does not. */
export async function openRoute(page: Page, path: string): Promise<{ heading: string; exists: boolean }> {
  await page.goto(path);
  const heading = await waitForRoute(page);
  return { heading, exists: heading !== notFoundTitle };
}

/**
 * Answers a page is expected to get, which the browser still logs as failed loads: a signed-out
 * visitor's session check on the affiliate pages (they show a signed-in user's own data) and the
 * legal pages (their way back depends on it), and a
 * signed-in user without an affiliate profile (spec 2.11: "absence shows the not-found state").
 */
const affiliateAccountRoutes = ['/affiliate/dashboard', '/affiliate/marketing-toolkit'];
/** The legal pages ask the same, to offer a visitor "Back to Home" and a member "Back to Dashboard". */
const legalRoutes = ['/legal/terms', '/legal/privacy', '/legal/aml-policy', '/legal/user-guide'];
const expectedFailedLoads: { status: number; calls: readonly string[]; routes: readonly string[] }[] = [
  {
    status: 401,
    calls: ['/api/auth/me', '/api/auth/refresh'],
    routes: [...affiliateAccountRoutes, ...legalRoutes],
  },
  { status: 404, calls: ['/api/affiliate/profile'], routes: affiliateAccountRoutes },
];

function isExpectedFailedLoad(page: Page, message: ConsoleMessage): boolean {
  const resource = message.location().url;
  if (resource === '') return false;
  const route = new URL(page.url()).pathname;
  const call = new URL(resource, page.url()).pathname;
  return expectedFailedLoads.some(
    (expected) =>
      message.text().includes(`status of ${expected.status}`) &&
      expected.routes.includes(route) &&
      expected.calls.includes(call),
  );
}

/** Console errors and uncaught exceptions of a page, collected from now on. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isExpectedFailedLoad(page, message)) {
      const resource = message.location().url;
      errors.push(`console: ${message.text()}${resource ? ` (${resource} on ${new URL(page.url()).pathname})` : ''}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Writes a report line to the test output (jest's console would add a stack trace to each). */
export function report(text: string): void {
  process.stdout.write(`${text}\n`);
}
