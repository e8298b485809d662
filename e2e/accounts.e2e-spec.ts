import type { Page } from 'playwright-core';
import { linkIn, uniqueEmail, waitForMail } from '../test-support';
import { choose, newPage, useBrowser } from './support/browser';

const password = 'Roast3d!Beans';

async function fillRegistration(page: Page, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Business Name').fill('Kauri Coffee Roasters');
  await choose(page, 'Industry Type', 'Hospitality & Tourism');
  await page.getByLabel('Business Address').fill('12 Queen Street, Auckland 1010');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('First Name').fill('Aroha');
  await page.getByLabel('Last Name').fill('Ngata');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('+64 21 555 0199');
  await page.getByLabel('Position / Title').fill('Director');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('Business Purpose').fill('Online sales of roasted coffee beans to cafes and households.');
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function signIn(page: Page, email: string, secret = password): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('accounts in the browser, through the gateway', () => {
  const { browser } = useBrowser();

  it('registers, verifies from the mail, signs in, and keeps a saved profile across a reload', async () => {
    const { context, page } = await newPage(browser());
    const email = uniqueEmail('e2e');
    await fillRegistration(page, email);

    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please accept required terms').waitFor();
    await page.getByRole('checkbox', { name: /Terms/ }).check();
    await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await page.getByRole('checkbox', { name: /AML Policy/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/login?message=verify-email');
    await page.getByText('Registration Successful!').waitFor();

    // Signed in but unverified: the gate stands in front of the dashboard.
    await signIn(page, email);
    await page.getByRole('button', { name: 'Resend Verification Email' }).waitFor();
    await page.getByText(email).first().waitFor();

    const mail = await waitForMail(email, 'Verify your email');
    const link = new URL(linkIn(mail, '/verify-email'));
    await page.goto(`/verify-email${link.search}`);
    await page.getByText('Email Verified Successfully!').waitFor();
    await page.waitForURL('**/login', { timeout: 10000 });

    await signIn(page, email);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await page.goto('/settings');
    const firstName = page.getByLabel('First Name');
    await expect(firstName.inputValue()).resolves.toBe('Aroha');
    await page.getByLabel('City', { exact: true }).fill('Albany');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile Updated').waitFor();

    await page.reload();
    await expect(page.getByLabel('City', { exact: true }).inputValue()).resolves.toBe('Albany');
    await page.getByRole('tab', { name: 'Business Details' }).click();
    await expect(page.getByLabel('Company Name').inputValue()).resolves.toBe('Kauri Coffee Roasters');
    await context.close();
  });

  it('shows Login Failed for a wrong password and stays on the sign-in page', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/login');
    await signIn(page, uniqueEmail('nobody'), 'Wrong-pass1!');
    await page.getByText('Login Failed').waitFor();
    await page.getByText('Invalid email or password. Please try again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('sends a signed-out visitor of a guarded page to sign in, and answers unknown paths 404 with the 404 screen', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/settings?tab=business');
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === '/settings?tab=business',
    );
    const unknown = await page.goto('/no-such-page');
    expect(unknown?.status()).toBe(404);
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await context.close();
  });
});
