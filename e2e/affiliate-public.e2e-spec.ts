import { affiliateProfileSchema, affiliateStatsSchema, referralCookieName } from '@app/contracts';
import type { APIRequestContext, Page } from 'playwright-core';
import { uniqueEmail, waitFor } from '../test-support';
import { choose, newPage, useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';

const password = 'Tuna5teak!Fish';

/** An affiliate applies through the API, as the application form does; its code is real from then on. */
async function newAffiliate(request: APIRequestContext): Promise<string> {
  const applied = await request.post('/api/affiliate/register', {
    data: {
      companyName: 'Harbour Growth Partners',
      businessType: 'marketing_agency',
      contactName: 'Mere Tane',
      contactEmail: uniqueEmail('affiliate-contact'),
      phoneNumber: '+64 21 555 0142',
      businessDescription: 'A marketing agency helping Auckland retailers and cafes choose their payment tools.',
      marketingExperience: 'experienced',
      expectedReferrals: '4-8',
    },
  });
  if (applied.status() !== 201) throw new Error(`affiliate register: ${applied.status()} ${await applied.text()}`);
  return affiliateProfileSchema.parse(await applied.json()).referralCode;
}

async function totalReferrals(request: APIRequestContext): Promise<number> {
  const stats = await request.get('/api/affiliate/stats');
  if (!stats.ok()) throw new Error(`affiliate stats: ${stats.status()} ${await stats.text()}`);
  return affiliateStatsSchema.parse(await stats.json()).totalReferrals;
}

async function registerThroughTheWizard(page: Page, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Business Name').fill('Kowhai Bakery');
  await choose(page, 'Industry Type', 'Hospitality & Tourism');
  await page.getByLabel('Business Address').fill('3 Hurstmere Road, Takapuna, Auckland 0622');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('First Name').fill('Hemi');
  await page.getByLabel('Last Name').fill('Walker');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('+64 21 555 0177');
  await page.getByLabel('Position / Title').fill('Owner');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('Business Purpose').fill('Card and online payments for a neighbourhood bakery and cafe.');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('checkbox', { name: /Terms/ }).check();
  await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
  await page.getByRole('checkbox', { name: /AML Policy/ }).check();
}

describe('affiliate referral attribution in the browser', () => {
  const { browser } = useBrowser();

  it('keeps the ?ref= code of a landing visit and credits the affiliate with the sign-up that follows', async () => {
    const affiliate = await newPage(browser());
    await signInNewVerifiedUser(affiliate.context, 'affiliate');
    const code = await newAffiliate(affiliate.context.request);
    expect(await totalReferrals(affiliate.context.request)).toBe(0);

    // A visitor follows the referral link (site origin with ?ref=CODE) and browses on before signing up.
    const visitor = await newPage(browser());
    await visitor.page.goto(`/?ref=${encodeURIComponent(code)}`);
    await visitor.page.locator('h1').first().waitFor();
    const cookie = await waitFor(
      async () => (await visitor.context.cookies()).find((candidate) => candidate.name === referralCookieName),
      10000,
      'the referral cookie',
    );
    expect(cookie).toMatchObject({ value: code, path: '/', sameSite: 'Lax', httpOnly: false });
    // Kept for the window of the affiliate's tier: a new affiliate is Starter, 30 days.
    const keptForMs = cookie.expires * 1000 - Date.now();
    expect(keptForMs).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(keptForMs).toBeLessThan(31 * 24 * 3600 * 1000);
    await visitor.page.goto('/pricing');

    const email = uniqueEmail('referred');
    await registerThroughTheWizard(visitor.page, email);
    const [request] = await Promise.all([
      visitor.page.waitForRequest((sent) => sent.url().endsWith('/api/auth/register') && sent.method() === 'POST'),
      visitor.page.getByRole('button', { name: 'Create Account' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ email, referralCode: code });
    await visitor.page.waitForURL('**/login?message=verify-email');

    // identity's UserRegistered carries the code; the affiliate service records the referral.
    await waitFor(async () => (await totalReferrals(affiliate.context.request)) === 1, 30000, 'the referral');
    const referrals = await affiliate.context.request.get('/api/affiliate/referrals');
    expect(await referrals.json()).toEqual([expect.objectContaining({ status: 'pending', commissionAmount: '0.00' })]);

    await visitor.context.close();
    await affiliate.context.close();
  });

  it('a signed-in user applies through the form and sees the estimate, the toast and the submitted screen', async () => {
    const { context, page } = await newPage(browser());
    const email = await signInNewVerifiedUser(context, 'applicant');
    await page.goto('/affiliate');
    await page.getByRole('link', { name: 'Apply Now' }).first().click();
    await page.waitForURL('**/affiliate/register');

    const submit = page.getByRole('button', { name: 'Submit Application' });
    await page.getByLabel('Company Name').fill('Tui Digital');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Phone Number').fill('021 55');
    await page.getByText('Please enter a valid phone number').waitFor();
    await page.getByLabel('Phone Number').fill('+64 21 555 0123');
    await choose(page, 'Business Type', 'Technology Partner');
    // The signed-in user's e-mail fills the contact e-mail.
    await expect(page.getByLabel('Contact Email').inputValue()).resolves.toBe(email);
    await page.getByLabel('Contact Name').fill('Aroha Tui');
    await page
      .getByLabel('Business Description')
      .fill('We build online shops for New Zealand retailers and recommend payment providers to them.');
    await choose(page, 'Marketing Experience', 'Expert (10+ years)');
    await choose(page, 'Expected Monthly Referrals', '9-15 referrals per month');
    await expect(page.locator('tr[aria-current="true"]').innerText()).resolves.toMatch(
      /9-15.*20%.*45 days.*\$1,800-3,000/s,
    );

    await submit.click();
    await page.getByText('We will review your application within 24 hours.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Application Submitted' }).waitFor();
    const profile = affiliateProfileSchema.parse(await (await context.request.get('/api/affiliate/profile')).json());
    expect(profile).toMatchObject({ companyName: 'Tui Digital', status: 'pending', contactEmail: email });
    await page.getByText(profile.referralCode).waitFor();
    await context.close();
  });

  it('ignores a malformed ?ref= code', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/affiliate?ref=%3Cscript%3E');
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect((await context.cookies()).some((cookie) => cookie.name === referralCookieName)).toBe(false);
    await context.close();
  });
});
