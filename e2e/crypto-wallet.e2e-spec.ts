import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { newPage, useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';

// The test profile's doubles of Coinbase Commerce and the XRP Ledger (scripts/launch.mjs).
const fakeCoinbase = process.env.E2E_FAKE_COINBASE_URL ?? 'http://127.0.0.1:12122';
const fakeRippled = process.env.E2E_FAKE_RIPPLED_URL ?? 'http://127.0.0.1:12132';
/** The fake ledger's genesis account: a funded destination for payments and escrows. */
const destination = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

async function fake(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
}

const toast = (page: Page, title: string) => page.locator('.ant-notification').getByText(title, { exact: true });
const tabPanel = (page: Page, name: string) => page.getByRole('tabpanel', { name });

async function openWallet(page: Page, path = '/crypto-wallet'): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Crypto Wallet' }).waitFor();
}

describe('crypto wallet in the browser, through the gateway', () => {
  const { browser } = useBrowser();

  it('takes a quick crypto payment from Pending to Confirmed', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'crypto-charge');
    await openWallet(page, '/wallet');
    const status = page.getByTestId('payment-status');
    await expect(status.innerText()).resolves.toBe('Pending');

    await page.getByRole('radio', { name: /Ethereum \(ETH\)/ }).check();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/crypto/coinbase/charge') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create Payment' }).click();
    const charge = (await (await created).json()) as { providerChargeId: string; code: string };
    await toast(page, 'Payment Created').waitFor();
    await expect(status.innerText()).resolves.toBe('Processing');
    await page.getByText(charge.code, { exact: true }).waitFor();
    await page.getByRole('img', { name: 'QR code of the eth address' }).waitFor();
    await expect(
      page.getByRole('link', { name: 'Open the Coinbase payment page' }).getAttribute('href'),
    ).resolves.toMatch(/^http/);
    expect(await seriousViolations(page)).toEqual([]);

    // The payer pays: Coinbase confirms; the next 10-second poll shows it.
    await fake(`${fakeCoinbase}/__fake/charges/${charge.providerChargeId}/resolve`, {
      status: 'COMPLETED',
      cryptoCurrency: 'ETH',
    });
    await toast(page, 'Payment Confirmed').waitFor({ timeout: 30_000 });
    await expect(status.innerText()).resolves.toBe('Confirmed');
  }, 90_000);

  it('generates a wallet, shows the seed once, sends XRP and runs an escrow to completion', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'crypto-wallet');
    await openWallet(page);

    await page.getByRole('button', { name: 'Generate XRP Wallet' }).click();
    const seed = await page.getByTestId('wallet-seed').innerText();
    expect(seed).toMatch(/^s\w+$/);
    await page.getByText('Save your seed now').waitFor();
    await page.getByText('(not activated)', { exact: false }).waitFor();
    // The seed lives in page memory only.
    const stored = await page.evaluate<string>(
      'JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie',
    );
    expect(stored).not.toContain(seed);
    await page.getByRole('button', { name: 'I Have Saved My Seed' }).click();
    expect(await page.getByText(seed).count()).toBe(0);

    await page.getByRole('tab', { name: 'Receive' }).click();
    const address = await tabPanel(page, 'Receive').locator('code').first().innerText();
    expect(address).toMatch(/^r\w{24,34}$/);
    await tabPanel(page, 'Receive').getByRole('img', { name: 'QR code of the xrp address' }).waitFor();

    // Someone pays 1000 XRP in; the balance is read from the ledger.
    await fake(`${fakeRippled}/__fake/fund`, { address, xrp: 1000 });
    await page.getByRole('tab', { name: 'Portfolio' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page
      .getByTestId('xrp-balance')
      .getByText(/^1,000(\.0+)? XRP$/)
      .waitFor();

    await page.getByRole('tab', { name: 'Send' }).click();
    const send = tabPanel(page, 'Send');
    await expect(send.getByRole('button', { name: 'Send XRP' }).isDisabled()).resolves.toBe(true);
    await send.getByLabel('Amount (XRP)').fill('25');
    await send.getByLabel('Amount (XRP)').press('Enter');
    await toast(page, 'Missing Information').waitFor();
    await send.getByLabel('Destination Address').fill(destination);
    await send.getByText('25.00001 XRP').waitFor();
    await send.getByRole('button', { name: 'Send XRP' }).click();
    await toast(page, 'Payment Sent').waitFor();

    await page.getByRole('tab', { name: 'Escrow' }).click();
    const escrow = tabPanel(page, 'Escrow');
    await escrow.getByLabel('Destination Address').fill(destination);
    await escrow.getByLabel('Release After (days)').fill('1');
    await escrow.getByLabel('Auto Cancel After (days)').fill('2');
    await escrow.getByRole('button', { name: 'Create Escrow' }).click();
    await escrow.getByRole('heading', { name: 'Escrow Created' }).waitFor({ timeout: 30_000 });
    await escrow.getByText('Waiting for release date').waitFor();

    // Before the release date the ledger refuses the finish.
    await escrow.getByRole('button', { name: 'Finish Escrow' }).click();
    await toast(page, 'Escrow Finish Failed').waitFor();
    await page.getByText('Failed to finish escrow. Check conditions and try again.').waitFor();

    await fake(`${fakeRippled}/__fake/advance`, { seconds: 86_400 + 60 });
    await escrow.getByRole('button', { name: 'Finish Escrow' }).click();
    await escrow.getByText('Escrow Completed').waitFor({ timeout: 30_000 });
    await escrow.getByText('Finished', { exact: true }).waitFor();

    // 1000 - 25 sent - 100 escrowed, less the fees the ledger charged.
    await page.getByRole('tab', { name: 'Portfolio' }).click();
    await page
      .getByTestId('xrp-balance')
      .getByText(/^874\.99/)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});
