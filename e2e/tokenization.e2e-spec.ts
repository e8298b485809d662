import { tokenizationMessages, type InvestmentView, type PropertyView } from '@app/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitFor } from '../test-support';
import { seriousViolations } from './support/axe';
import { baseUrl, useBrowser } from './support/browser';
import { report } from './public/public-site';
import { signInNewVerifiedUser } from './support/session';

const fakeStripe = process.env.E2E_FAKE_STRIPE_URL ?? 'http://127.0.0.1:12112';
const evmNode = process.env.E2E_EVM_NODE_URL ?? 'http://127.0.0.1:18545';
/** Addresses the gateway trusts in X-Forwarded-For from loopback (TRUST_PROXY), placed by GeoLite2. */
const NZ_ADDRESS = '130.216.1.1';
const US_ADDRESS = '8.8.8.8';
/** Hardhat's account #1: the investor's own wallet on the local chain. */
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** A browser context whose requests reach the gateway as if from `address` (through a trusted proxy). */
async function contextFrom(browser: Browser, address: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  return { context, page };
}

const pdf = (text: string) => ({
  name: `${text}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`),
});
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The ERC-20 balance of `holder` on the local chain (balanceOf(address)). */
async function balanceOf(token: string, holder: string): Promise<bigint> {
  const reply = await fetch(evmNode, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to: token, data: `0x70a08231${holder.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest'],
    }),
  });
  return BigInt(((await reply.json()) as { result: string }).result);
}

describe('tokenization: a property from submission to a wholesale investor holding its tokens', () => {
  const { browser } = useBrowser();

  it('is refused from the United States with the restriction message', async () => {
    const { context, page } = await contextFrom(browser(), US_ADDRESS);
    await signInNewVerifiedUser(context, 'tokenize-us');
    const reply = await context.request.get('/api/tokenization/properties');
    expect(reply.status()).toBe(403);
    expect(((await reply.json()) as { message: string }).message).toBe(
      tokenizationMessages.restricted('United States'),
    );
    await page.goto('/tokenization');
    await page.getByText(tokenizationMessages.restricted('United States')).waitFor();
    await page.getByText('NZ/AU Only').first().waitFor();
    await context.close();
  });

  it('from New Zealand: submit with documents, watch the checks pass, deploy, invest as a verified wholesale investor', async () => {
    const { context, page } = await contextFrom(browser(), NZ_ADDRESS);
    await signInNewVerifiedUser(context, 'tokenize-nz');

    // Identity verified on the provider's hosted page (the local fake of Stripe Identity).
    const started = await context.request.post('/api/kyc/verification', { data: { returnTo: 'dashboard' } });
    expect(started.status()).toBe(201);
    await page.goto(((await started.json()) as { url: string }).url);
    await page.getByLabel('Verified', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit verification' }).click();
    await page.waitForURL(/\/dashboard/);
    await page.getByText('KYC Active', { exact: true }).waitFor({ timeout: 20000 });

    // Deploying needs a plan with tokenization: subscribed by card, with Stripe.js from the fake Stripe.
    await page.goto('/payment?plan=pro&cycle=monthly');
    await page.locator('form').getByLabel('Full Name', { exact: true }).fill('Aroha Ngata');
    await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date MM / YY', { exact: true }).fill('12 / 34');
    await page.getByLabel('CVC', { exact: true }).fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByText('Payment Successful', { exact: true }).waitFor();
    await page.waitForURL('**/dashboard');

    // Step 1: the property and its documents.
    await page.goto('/tokenization');
    await page.getByRole('heading', { level: 1, name: 'Real Estate Tokenization' }).waitFor();
    await page.getByLabel('Property Address').fill('12 Queen Street, Auckland Central, Auckland 1010');
    await page.getByLabel('LINZ Title Reference').fill('NA123/45');
    await page.getByLabel('Registered Owner').fill('Queen Street Holdings Limited');
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

    // Step 2: the checks run on the server, one after another, and pass.
    const checksStarted = Date.now();
    await page.getByRole('button', { name: 'Continue to Smart Contract' }).waitFor({ timeout: 30000 });
    report(`tokenization: compliance checks passed ${Date.now() - checksStarted} ms after submitting`);
    const propertyId = new URL(page.url()).searchParams.get('property')!;
    const checked = (await (
      await context.request.get(`/api/tokenization/properties/${propertyId}`)
    ).json()) as PropertyView;
    expect(checked.compliance).toMatchObject({ riskScore: 100, overallStatus: 'passed' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue to Smart Contract' }).click();

    // Step 3: deploy the token on the local chain.
    await page.getByLabel('Token Name').fill('Queen Street Tower');
    await page.getByLabel('Token Symbol').fill('QST');
    await page.getByLabel('Decimals').fill('0');
    await page.getByLabel('Compliance Oracle').fill('Platform compliance oracle');
    await page.getByRole('button', { name: 'Deploy Contract' }).click();
    await page.getByText('Token contract deployed').waitFor({ timeout: 60000 });
    const deployed = (await (
      await context.request.get(`/api/tokenization/properties/${propertyId}`)
    ).json()) as PropertyView;
    expect(deployed.contract).toMatchObject({ status: 'deployed', chainId: 31337 });
    await page.getByText(deployed.contract!.contractAddress!).first().waitFor();
    await page.getByRole('button', { name: 'Continue to Investment Portal' }).click();

    // Step 4: declare wholesale status, invest, pay by card (the fake Stripe settles it), tokens minted.
    await page.getByLabel('Wholesale investor basis').click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(/^Eligible investor/)
      .click();
    await page.getByRole('textbox', { name: /Certificate confirmed by/ }).fill('Jane Adviser');
    await page.getByLabel('Their profession').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Chartered accountant', { exact: true }).click();
    await page.getByLabel('Certificate signed on').fill(isoDaysAgo(10));
    await page.getByRole('checkbox', { name: /I declare that I am a wholesale investor/ }).check();
    await page.getByRole('button', { name: 'Save Declaration' }).click();

    await page.getByLabel('Investment Amount (NZD)').fill('25000');
    await page.getByLabel('Wallet Address').fill(WALLET);
    await page.getByRole('button', { name: /^Invest / }).click();
    const investment = await waitFor(
      async () => {
        const list = (await (await context.request.get('/api/tokenization/investments')).json()) as {
          investments: InvestmentView[];
        };
        return list.investments[0];
      },
      15000,
      'the investment',
    );
    expect(investment).toMatchObject({
      status: 'awaiting_payment',
      tokensReceived: '20',
      amount: '25000.00',
      fee: '625.00',
    });
    // The investment is listed once stored; its PaymentIntent is created right after.
    const intent = await waitFor(
      async () => {
        const intents = (await (await fetch(`${fakeStripe}/__fake/payment_intents`)).json()) as {
          data: { id: string; metadata: Record<string, string> }[];
        };
        return intents.data.find((pi) => pi.metadata.reference === investment.id);
      },
      15000,
      "the investment's PaymentIntent",
    );
    // Paid in the page, with the card field of the fake Stripe's stand-in for Stripe.js.
    await page.getByText(/^Pay by .* or this reservation lapses/).waitFor();
    await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date MM / YY', { exact: true }).fill('12 / 34');
    await page.getByLabel('CVC', { exact: true }).fill('123');
    await page.getByRole('button', { name: /^Pay NZ\$25,625\.00$/ }).click();

    await page.getByRole('button', { name: 'Tokenize Another Property' }).waitFor({ timeout: 60000 });
    await page.getByText('Tokenization Complete').waitFor();
    const paidIntents = (await (await fetch(`${fakeStripe}/__fake/payment_intents`)).json()) as {
      data: { id: string; status: string }[];
    };
    expect(paidIntents.data.find((pi) => pi.id === intent.id)?.status).toBe('succeeded');
    // The contract's 90-day lock-up: the minted tokens are frozen on chain until it ends.
    await page.getByText('Locked up until').waitFor();
    const completed = (await (
      await context.request.get(`/api/tokenization/investments/${investment.id}`)
    ).json()) as InvestmentView;
    expect(completed).toMatchObject({
      status: 'completed',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    // The investor's balance on chain is what the investment says it received.
    expect(await balanceOf(deployed.contract!.contractAddress!, WALLET)).toBe(BigInt(completed.tokensReceived));
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
