import { API_KEY_CACHE_MAX_MS, isApiKey, transactionPageSchema } from '@app/contracts';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { baseUrl, newPage, useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';

/** A program's call with the key, from outside the browser (no cookies). */
const transactionsWith = (key: string) =>
  fetch(`${baseUrl}/api/transactions`, { headers: { authorization: `Bearer ${key}` } });

async function openDeveloperApi(page: Page): Promise<void> {
  await page.goto('/settings?tab=api');
  await page.getByRole('tab', { name: 'Developer API', selected: true }).waitFor();
}

describe('API keys in the browser, used from a program through the gateway', () => {
  const { browser } = useBrowser();

  it('generates a key in Settings, calls GET /api/transactions with it, and a revoked key is refused within 5 s', async () => {
    const { context, page } = await newPage(browser());
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInNewVerifiedUser(context, 'developer-api');
    await openDeveloperApi(page);
    await page.getByText('No API keys yet').waitFor();

    // Generate: a live key with the read scope (the form's defaults are live and read).
    await page.getByRole('button', { name: 'Generate New Key' }).click();
    const form = page.getByRole('dialog', { name: 'Generate New Key' });
    await form.getByLabel('Key name', { exact: true }).fill('E2E reader');
    await form.getByRole('radio', { name: 'Live' }).check();
    await expect(form.getByRole('checkbox', { name: 'Read' }).isChecked()).resolves.toBe(true);
    await expect(form.getByRole('checkbox', { name: 'Write' }).isChecked()).resolves.toBe(false);
    await form.getByRole('button', { name: 'Generate Key' }).click();

    // The key, shown once: copied from the dialog with the spec's 'Copied' toast.
    const shown = page.getByRole('dialog', { name: 'Your new key: E2E reader' });
    await shown.getByText('Copy this key now. It will not be shown again.').waitFor();
    await shown.getByRole('button', { name: 'Copy api key' }).click();
    await page.getByRole('status').getByText('Copied', { exact: true }).waitFor();
    const key = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(isApiKey(key) && key.startsWith('mp_live_')).toBe(true);
    await expect(shown.getByTestId('new-api-key').innerText()).resolves.toBe(key);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    // Listed masked only: the prefix and the last 4, never the key.
    const item = page.getByRole('listitem').filter({ hasText: 'E2E reader' });
    await item.getByText(`mp_live_••••••••••••${key.slice(-4)}`).waitFor();
    await item.getByText('Live', { exact: true }).waitFor();
    expect(await page.getByText(key).count()).toBe(0);

    // A program with the key reads the owner's transactions.
    const allowed = await transactionsWith(key);
    expect(allowed.status).toBe(200);
    // The new user's own (empty) page of transactions: the key acts as its owner.
    expect(transactionPageSchema.parse(await allowed.json())).toEqual({ transactions: [], nextCursor: null });
    await page.reload();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'E2E reader' })
      .getByText(/Last used (?!never)/)
      .waitFor();

    // Revoke in the UI; within the gateway's cache bound (5 s) the key is refused.
    await page.getByRole('button', { name: 'Revoke E2E reader' }).click();
    await page.getByRole('dialog', { name: 'Revoke E2E reader?' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('API Key Revoked', { exact: true }).waitFor();
    const revokedAt = Date.now();
    let refusedAfter: number | undefined;
    let last = 0;
    while (refusedAfter === undefined && Date.now() - revokedAt <= API_KEY_CACHE_MAX_MS) {
      const sentAfter = Date.now() - revokedAt;
      last = (await transactionsWith(key)).status;
      if (last === 401) refusedAfter = sentAfter;
      else await new Promise((done) => setTimeout(done, 200));
    }
    expect({ last, refusedWithin5s: refusedAfter !== undefined }).toEqual({ last: 401, refusedWithin5s: true });
    await page.getByText('No API keys yet').waitFor();
    await context.close();
  });

  it('has no serious or critical axe violation on the tab, with the form open and with the key shown', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'developer-api-axe');
    await openDeveloperApi(page);
    await page.getByText('No API keys yet').waitFor();
    await page.getByRole('button', { name: 'Generate New Key' }).click();
    const form = page.getByRole('dialog', { name: 'Generate New Key' });
    await form.getByLabel('Key name', { exact: true }).fill('Axe check');
    const formFindings = await seriousViolations(page);

    await form.getByRole('button', { name: 'Generate Key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new key: Axe check' });
    await shown.getByTestId('new-api-key').waitFor();
    const shownFindings = await seriousViolations(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Revoke Axe check' }).waitFor();
    const listFindings = await seriousViolations(page);

    expect({ formFindings, shownFindings, listFindings }).toEqual({
      formFindings: [],
      shownFindings: [],
      listFindings: [],
    });
    await context.close();
  });
});
