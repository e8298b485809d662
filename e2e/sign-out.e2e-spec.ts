import type { BrowserContext } from 'playwright-core';
import { baseUrl, newPage, useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';

/** The session cookies the browser holds now. */
async function sessionCookies(context: BrowserContext): Promise<{ access?: string; refresh?: string }> {
  const cookies = await context.cookies();
  return {
    access: cookies.find((cookie) => cookie.name === 'access_token')?.value,
    refresh: cookies.find((cookie) => cookie.name === 'refresh_token')?.value,
  };
}

/** What a thief holding the old cookies gets, from outside the browser. */
const withOld = {
  profile: (access: string) => fetch(`${baseUrl}/api/user/profile`, { headers: { cookie: `access_token=${access}` } }),
  refresh: (refresh: string) =>
    fetch(`${baseUrl}/api/auth/refresh`, { method: 'POST', headers: { cookie: `refresh_token=${refresh}` } }),
};

describe('signing out in the browser', () => {
  const { browser } = useBrowser();

  it('Sign out ends the session on the server: the old access and refresh tokens are refused at once', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'sign-out');
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
    const before = await sessionCookies(context);
    expect(before.access && before.refresh).toBeTruthy();

    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await sessionCookies(context)).toEqual({});
    expect((await withOld.profile(before.access!)).status).toBe(401);
    expect((await withOld.refresh(before.refresh!)).status).toBe(401);

    // Signed-out visitors of a guarded page are sent to sign in, and back there afterwards (issue 39).
    await page.goto('/dashboard');
    await page.waitForURL(`${baseUrl}/login?next=%2Fdashboard`);
    await context.close();
  });

  it('a link to /api/logout on another site does not sign the user out; typing the address does', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'sign-out-csrf');
    await page.route('http://evil.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>win a prize</title><a href="${baseUrl}/api/logout">Claim</a><img src="${baseUrl}/api/logout">`,
      }),
    );
    await page.goto('http://evil.example/prize');
    await page.getByRole('link', { name: 'Claim' }).click();
    await page.waitForURL(`${baseUrl}/`);

    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
    const { access } = await sessionCookies(context);
    expect((await withOld.profile(access!)).status).toBe(200);

    // The spec's navigation still works when it is the user's own.
    await page.goto('/api/logout');
    await page.waitForURL(`${baseUrl}/`);
    expect((await withOld.profile(access!)).status).toBe(401);
    await context.close();
  });

  it('two tabs refreshing an expired access token at the same moment both stay signed in', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'two-tabs');
    const other = await context.newPage();
    await Promise.all([page.goto('/dashboard'), other.goto('/dashboard')]);
    await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
    await other.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();

    // The access cookie runs out: both tabs hit 401 and refresh with the same refresh token.
    await context.clearCookies({ name: 'access_token' });
    await Promise.all([page.reload(), other.reload()]);
    await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
    await other.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();

    // And the session they share is still good for the next refresh.
    await context.clearCookies({ name: 'access_token' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
    await context.close();
  });
});
