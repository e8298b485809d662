import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { affiliateMessages, ErrorCode, kycRequiredMessage, type AffiliateProfile } from '@app/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { validAffiliateApplication, waitFor } from '../test-support';
import { seriousViolations } from './support/axe';
import { newPage, useBrowser } from './support/browser';
import { report } from './public/public-site';
import { signInNewVerifiedUser } from './support/session';

const run = promisify(execFile);
const root = resolve(__dirname, '..');

/** An ops account: the documented command gives it the admin role, which its next access token carries. */
async function signInAdmin(context: BrowserContext): Promise<void> {
  const email = await signInNewVerifiedUser(context, 'kyc-ops');
  await run('npm', ['run', '-s', 'grant-admin', '-w', 'services/identity', '--', email, '--role', 'admin'], {
    cwd: root,
    env: process.env,
  });
  const refreshed = await context.request.post('/api/auth/refresh');
  if (!refreshed.ok()) throw new Error(`refresh: ${refreshed.status()}`);
}

/** On the provider's hosted page (the local fake of Stripe Identity): the user completes the check. */
async function completeOnProvider(page: Page, outcome: 'Verified' | 'Failed', failureCode?: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Verify your identity' }).waitFor();
  await page.getByLabel(outcome, { exact: true }).check();
  if (failureCode) await page.getByLabel('Failure reason').selectOption(failureCode);
  await page.getByRole('button', { name: 'Submit verification' }).click();
}

describe('KYC: identity verification through the provider, and the operations it gates', () => {
  const { browser } = useBrowser();

  it("a new merchant is refused a payout, verifies on the provider's page, and the dashboard switches to 'KYC Active' within seconds", async () => {
    const ops = await newPage(browser());
    const merchant = await newPage(browser());
    await signInAdmin(ops.context);
    await signInNewVerifiedUser(merchant.context, 'kyc-merchant');

    // The merchant is an approved affiliate (ops approved the application) with nothing verified yet.
    const applied = await merchant.context.request.post('/api/affiliate/register', {
      data: validAffiliateApplication(),
    });
    expect(applied.status()).toBe(201);
    const profile = (await applied.json()) as AffiliateProfile;
    const approved = await ops.context.request.post(`/api/affiliate/admin/applications/${profile.id}/status`, {
      data: { status: 'approved' },
    });
    expect(approved.status()).toBe(200);

    // A payout request before verification gets the gate's message, and creates nothing.
    const refused = await merchant.context.request.post('/api/affiliate/request-payout');
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: ErrorCode.KycRequired, message: kycRequiredMessage('payout') });
    const payouts = await merchant.context.request.get('/api/affiliate/payouts');
    expect(await payouts.json()).toEqual([]);

    const { page } = merchant;
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
    await page.getByText('KYC Pending', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Verify identity' }).click();

    await completeOnProvider(page, 'Verified');
    // Back on the dashboard: the provider's webhooks move the indicator without a reload.
    await page.waitForURL(/\/dashboard\?kyc=returned$/);
    const started = Date.now();
    await page.getByText('KYC Active', { exact: true }).waitFor({ timeout: 15000 });
    const tookMs = Date.now() - started;
    report(`kyc: 'KYC Active' on the dashboard ${tookMs} ms after the provider sent the user back`);
    expect(tookMs).toBeLessThan(15000);
    await expect(page.getByRole('button', { name: 'Verify identity' }).count()).resolves.toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The gate opens: the same request now meets the payout's own rule (the balance is $0).
    // (The affiliate service learns of the verification from identity's event, within moments.)
    const answer = await waitFor(
      async () => {
        const reply = await merchant.context.request.post('/api/affiliate/request-payout');
        const body = (await reply.json()) as { error: string; message: string };
        return body.error === ErrorCode.KycRequired ? null : { status: reply.status(), body };
      },
      15000,
      'the payout gate to open',
    );
    expect(answer).toEqual({
      status: 400,
      body: { error: ErrorCode.ValidationFailed, message: affiliateMessages.payoutBelowMinimum },
    });

    // Ops see who verified what and when.
    await ops.page.goto('/admin/kyc');
    await ops.page.getByText('Jenny Rosen').first().waitFor();
    await ops.context.close();
    await merchant.context.close();
  });

  it("a failed verification shows the provider's reason in Settings, and a retry succeeds", async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'kyc-retry');

    await page.goto('/settings?tab=verification');
    await page.getByRole('tab', { name: 'Verification', selected: true }).waitFor();
    // The country comes from the business's profile (New Zealand), which asks for an NZBN. (The
    // Business tab has an NZBN of its own, kept by the profile: this is the verification's.)
    const verification = page.getByRole('tabpanel', { name: 'Verification' });
    await verification.getByLabel('NZBN').fill('9429041000015');
    await page.getByRole('button', { name: 'Start verification' }).click();
    // The browser checks the format first, with the server's rule and message.
    await page.getByText('NZBN must be the 13-digit New Zealand Business Number').waitFor();
    await verification.getByLabel('NZBN').fill('9429041000014');
    await page.getByRole('button', { name: 'Start verification' }).click();

    await completeOnProvider(page, 'Failed', 'document_expired');
    await page.waitForURL(/\/settings\?tab=verification&kyc=returned$/);
    await page.getByText('The document is expired.').first().waitFor({ timeout: 15000 });
    await page.getByText('KYC Action Required').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Retry verification' }).click();
    await completeOnProvider(page, 'Verified');
    await page.waitForURL(/\/settings\?tab=verification&kyc=returned$/);
    await page.getByText('Your identity is verified').waitFor({ timeout: 15000 });
    await page.getByText('Jenny Rosen').first().waitFor();
    await expect(page.getByRole('button', { name: 'Start verification' }).count()).resolves.toBe(0);

    const status = await context.request.get('/api/kyc/status');
    expect(await status.json()).toMatchObject({
      kycStatus: 'verified',
      verification: { status: 'verified', business: { country: 'New Zealand', nzbn: '9429041000014' } },
    });
    await context.close();
  });
});
