import { affiliateProfileSchema } from '@app/contracts';
import { linkIn, uniqueEmail, waitForMail } from '../test-support';
import { choose, newPage, useBrowser } from './support/browser';

const password = 'Kereru7!Wings';

// Spec 6, a visitor may apply as affiliate: one submission of /affiliate/register makes the account
// and the application; after verifying the e-mail the visitor signs in at /affiliate/login and
// lands on the affiliate dashboard with the pending application.
describe('a visitor applies to the affiliate programme', () => {
  const { browser } = useBrowser();

  it('applies without an account, verifies the e-mail, signs in at /affiliate/login and reaches the dashboard', async () => {
    const { context, page } = await newPage(browser());
    const email = uniqueEmail('visitor-affiliate');
    await page.goto('/affiliate/register');

    await page.getByLabel('Company Name').fill('Kereru Referrals');
    await page.getByText('New to the platform?').waitFor();
    await choose(page, 'Business Type', 'Freelancer');
    await page.getByLabel('Contact Name').fill('Ana Kereru');
    await page.getByLabel('Contact Email').fill(email);
    await page.getByLabel('Phone Number').fill('+64 21 555 0199');
    await page
      .getByLabel('Business Description')
      .fill('I advise independent retailers in Northland on their online shops and the payment tools they need.');
    await choose(page, 'Marketing Experience', 'Beginner (0-1 years)');
    await choose(page, 'Expected Monthly Referrals', '1-3 referrals per month');

    const submit = page.getByRole('button', { name: 'Submit Application' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await submit.click();

    await page.getByRole('heading', { level: 1, name: 'Application Submitted' }).waitFor();
    await page.getByText(email).waitFor();

    const mail = await waitForMail(email, 'Verify your email');
    const link = new URL(linkIn(mail, '/verify-email'));
    await page.goto(`/verify-email${link.search}`);
    await page.getByText('Email Verified Successfully!').waitFor();

    await page.goto('/affiliate/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/affiliate/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' }).waitFor();
    await page.getByText('Pending', { exact: true }).first().waitFor();

    const profile = affiliateProfileSchema.parse(await (await context.request.get('/api/affiliate/profile')).json());
    expect(profile).toMatchObject({
      companyName: 'Kereru Referrals',
      contactName: 'Ana Kereru',
      contactEmail: email,
      status: 'pending',
      isDemo: false,
    });
    await context.close();
  });
});
