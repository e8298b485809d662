import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deploymentRuleMessages, integrationSignatureHeader } from '@app/contracts';
import { signWebhook } from '@app/platform';
import type { Locator, Page } from 'playwright-core';
import { linkIn, uniqueEmail, waitForMail } from '../test-support';
import { baseUrl, choose, useBrowser } from './support/browser';
import { report } from './public/public-site';

/** The gateway places this address (trusted X-Forwarded-For) in New Zealand: tokenization is NZ/AU only. */
const NZ_ADDRESS = '130.216.1.1';
const password = 'Roast3d!Beans';
const processorName = 'Kauri web shop';
/** The one real sale the shop's processor reports: the report's volume is this and nothing else. */
const saleUsd = '123.45';
const shots = resolve(__dirname, '../.local/screenshots/newcomer');

const pdf = (text: string) => ({
  name: `${text}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`),
});
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The value a summary figure (antd Statistic) shows under this title. */
const figure = (scope: Locator, title: string | RegExp) =>
  scope.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');

async function signIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Issue 39's newcomer journey, in Chromium through the gateway of the test stack, as one new
 * merchant: every step is the web app's, except what a third party does (the mail sink's link, the
 * fake Stripe Identity's hosted page, the card field of the fake Stripe's stand-in for Stripe.js,
 * and the shop's processor posting one signed sale to the URL the app showed).
 */
describe('a newcomer, from registration to a refused token deployment', () => {
  const { browser } = useBrowser();

  it('registers, verifies, passes KYC, subscribes by card, connects a processor, reports, and is refused a deploy after a failed check', async () => {
    mkdirSync(shots, { recursive: true });
    const context = await browser().newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'x-forwarded-for': NZ_ADDRESS },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    const shot = (name: string) => page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
    const started = Date.now();
    const step = (name: string) => report(`newcomer: ${name} at ${Date.now() - started} ms`);

    // 1. Registration through the wizard.
    const email = uniqueEmail('newcomer');
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
    await page.getByRole('checkbox', { name: /Terms/ }).check();
    await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await page.getByRole('checkbox', { name: /AML Policy/ }).check();
    await shot('01-register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/login?message=verify-email');
    await page.getByText('Registration Successful!').waitFor();

    // 2. The verification link from the mail, then signing in.
    const verifyMail = await waitForMail(email, 'Verify your email');
    await page.goto(`/verify-email${new URL(linkIn(verifyMail, '/verify-email')).search}`);
    await page.getByText('Email Verified Successfully!').waitFor();
    await page.waitForURL('**/login', { timeout: 10000 });
    await signIn(page, email);
    await page.waitForURL('**/dashboard');
    await page.getByText('KYC Pending', { exact: true }).waitFor();
    await shot('02-dashboard-new');
    step('registered and signed in');

    // 3. KYC on the provider's hosted page (the local fake of Stripe Identity).
    await page.getByRole('button', { name: 'Verify identity' }).click();
    await page.getByRole('heading', { level: 1, name: 'Verify your identity' }).waitFor();
    await page.getByLabel('Verified', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit verification' }).click();
    await page.waitForURL(/\/dashboard\?kyc=returned$/);
    await page.getByText('KYC Active', { exact: true }).waitFor({ timeout: 20000 });
    await shot('03-kyc-active');
    step('KYC verified');

    // 4. The plan that includes tokenization, paid by card in the card field of the stand-in Stripe.js.
    await page.goto('/payment?plan=pro&cycle=monthly');
    await page.getByRole('heading', { level: 1, name: 'Secure Checkout' }).waitFor();
    await page.getByTestId('summary-price').filter({ hasText: '$699/month' }).waitFor();
    await page.locator('form').getByLabel('Full Name', { exact: true }).fill('Aroha Ngata');
    await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date MM / YY', { exact: true }).fill('12 / 34');
    await page.getByLabel('CVC', { exact: true }).fill('123');
    await shot('04-checkout');
    await page.getByRole('button', { name: 'Pay $699' }).click();
    await page.getByText('Payment Successful', { exact: true }).waitFor();
    await page.waitForURL('**/dashboard');
    step('subscribed by card');

    // 5. A processor connected; its URL and secret are shown once, and the shop's processor uses them.
    await page.goto('/integrations');
    await page.getByRole('heading', { level: 1, name: 'Payment & POS Integrations' }).waitFor();
    const processors = page.getByRole('tabpanel', { name: 'Payment Processors' });
    await page.getByRole('button', { name: 'Add Processor' }).click();
    await processors.getByLabel('Processor Name', { exact: true }).fill(processorName);
    await processors.getByLabel('API Key', { exact: true }).fill('pk_live_newcomer_0001');
    await processors.getByRole('button', { name: 'Add Processor' }).click();
    await page.getByText('Payment Processor Added', { exact: true }).waitFor();
    const secrets = page.locator('.ant-alert').filter({ hasText: `${processorName} is connected` });
    const [webhookUrl, signingSecret] = await secrets.locator('pre code').allInnerTexts();
    expect(webhookUrl).toMatch(/\/api\/integrations\/webhooks\/[\w-]+$/);
    await shot('05-processor-connected');
    const sale = JSON.stringify({
      externalTransactionId: `newcomer-${Date.now()}`,
      amount: saleUsd,
      currency: 'USD',
      status: 'completed',
      paymentMethod: 'card',
      country: 'NZ',
      occurredAt: new Date().toISOString(),
    });
    const delivered = await context.request.post(webhookUrl, {
      headers: { 'Content-Type': 'application/json', [integrationSignatureHeader]: signWebhook(signingSecret, sale) },
      data: sale,
    });
    expect(delivered.ok()).toBe(true);
    await secrets.getByRole('button', { name: 'Done' }).click();

    // 6. The delivery guide's sample delivery, and its detail.
    const card = processors.getByTestId('processor-card').filter({ hasText: processorName });
    await card.getByText('Delivery guide').click();
    await card.getByRole('button', { name: 'Send sample delivery' }).click();
    const outcome = card.getByRole('status').filter({ hasText: 'Sample delivery recorded' });
    await outcome.waitFor();
    await shot('06-sample-delivery');
    await outcome.getByRole('button', { name: 'View transaction' }).click();
    const drawer = page.getByRole('dialog', { name: 'Transaction details' });
    await drawer.waitFor();
    await drawer.getByRole('region', { name: 'Event history' }).waitFor();
    await drawer.getByRole('region', { name: 'Webhooks sent' }).waitFor();
    await drawer.getByRole('region', { name: "Provider's fields" }).waitFor();
    await shot('07-transaction-details');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    step('processor connected, sample delivery opened');

    // 7. A financial report: its volume is the shop's one sale, the plan's fee a cost beside it.
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await choose(page, 'Report type', 'Financial');
    await choose(page, 'Time period', 'Last 30 days');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    const figures = page
      .getByRole('region', { name: 'Selected report' })
      .getByRole('region', { name: 'Summary figures' });
    await figures.getByText('Total volume').waitFor({ timeout: 30_000 });
    expect({
      volume: await figure(figures, 'Total volume').innerText(),
      count: await figure(figures, 'Transactions').innerText(),
      planPaid: await figure(figures, /^Subscription (fees|costs) paid/).innerText(),
    }).toEqual({ volume: `$${saleUsd}`, count: '1', planPaid: expect.stringMatching(/699/) });
    await shot('08-report');
    step('report generated');

    // 8. A property whose owner is on the sanctions list: the AML check fails and the deploy is refused.
    await page.goto('/tokenization');
    await page.getByRole('heading', { level: 1, name: 'Real Estate Tokenization' }).waitFor();
    await page.getByLabel('Property Address').fill('12 Queen Street, Auckland Central, Auckland 1010');
    await page.getByLabel('LINZ Title Reference').fill('NA123/45');
    await page.getByLabel('Registered Owner').fill('Usama Bin Ladin');
    await page.getByLabel('Current Value (NZD)').fill('1250000');
    await page.getByLabel('Token Price (NZD)').fill('1250');
    await page.getByLabel('Valuation Date').fill(isoDaysAgo(30));
    await page
      .getByLabel('Description')
      .fill('A three-storey commercial building on Queen Street with long-term retail tenants.');
    await page.getByLabel('Title Deed').setInputFiles(pdf('title-deed'));
    await page.getByLabel('Valuation Report').setInputFiles(pdf('valuation'));
    await page.getByLabel('Insurance Policy').setInputFiles(pdf('insurance'));
    await page.getByRole('button', { name: 'Submit Property' }).click();

    const proceed = page.getByRole('button', { name: 'Continue to Smart Contract' });
    await proceed.waitFor({ timeout: 30000 });
    const refusal = deploymentRuleMessages.checksNotPassed(['AML screening']);
    const blockers = page.getByRole('list', { name: 'Deployment conditions not met' });
    await expect(blockers.getByRole('listitem').allInnerTexts()).resolves.toEqual([refusal]);
    await page
      .getByRole('listitem', { name: 'AML screening' })
      .getByText(/^The owner matches the sanctions list entry BIN LADIN, Usama/)
      .waitFor();
    await expect(proceed.isDisabled()).resolves.toBe(true);
    await shot('09-deploy-refused');

    // The API refuses the same deploy, with the same reason, and records nothing.
    const propertyId = new URL(page.url()).searchParams.get('property');
    expect(propertyId).toBeTruthy();
    const deploy = await context.request.post(`/api/tokenization/properties/${propertyId}/contract`, {
      data: { tokenName: 'Queen Street Tower', totalSupply: 1000, blockchain: 'polygon' },
    });
    expect({ status: deploy.status(), message: ((await deploy.json()) as { message: string }).message }).toEqual({
      status: 409,
      message: refusal,
    });
    const property = (await (await context.request.get(`/api/tokenization/properties/${propertyId}`)).json()) as {
      contract: unknown;
    };
    expect(property.contract).toBeNull();
    step('deploy refused');

    // 9. The mail sink holds the plan's receipt and the KYC result for this user.
    const receipt = await waitForMail(email, 'Receipt: ');
    expect(receipt.subject).toMatch(/^Receipt: 699\.00 USD for the Enterprise plus Tokenization plan\b/);
    expect(receipt.text).toContain('paid by card');
    await waitForMail(email, 'Your identity is verified');
    step('receipt and KYC result mailed');
    await context.close();
  }, 180_000);
});
