import {
  createdProcessorSchema,
  integrationSignatureHeader,
  integrationWebhookPath,
  type TransactionDelivery,
} from '@app/contracts';
import { signWebhook } from '@app/platform';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { newPage, useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';

/** Creates a processor and reports each transaction through its signed webhook, as the processor would. */
async function reportTransactions(context: BrowserContext, deliveries: TransactionDelivery[]): Promise<void> {
  const created = await context.request.post('/api/integrations/payment-processors', {
    data: { processorType: 'stripe', processorName: 'E2E dashboard shop', apiKey: 'pk_live_e2e_dashboard_0001' },
  });
  if (!created.ok()) throw new Error(`processor: ${created.status()} ${await created.text()}`);
  const processor = createdProcessorSchema.parse(await created.json());
  for (const delivery of deliveries) {
    const body = JSON.stringify(delivery);
    const answer = await context.request.post(integrationWebhookPath(processor.id), {
      headers: {
        'Content-Type': 'application/json',
        [integrationSignatureHeader]: signWebhook(processor.signingSecret, body),
      },
      data: body,
    });
    if (!answer.ok()) throw new Error(`delivery: ${answer.status()} ${await answer.text()}`);
  }
}

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Reloads until the text appears: the transactions reach analytics through Kafka. */
async function reloadUntilVisible(page: Page, text: string, timeoutMs = 45000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
    try {
      await page.getByText(text, { exact: true }).waitFor({ timeout: 3000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await page.reload();
  }
}

describe('dashboard in the browser, through the gateway', () => {
  const { browser } = useBrowser();

  it("shows this month's completed volume of the transactions a processor reported", async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'dashboard');

    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
    await page.getByText('$0.00 completed in', { exact: false }).waitFor();
    await page.getByText('No transactions yet.').first().waitFor();

    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
    const run = Date.now();
    const reported: Pick<TransactionDelivery, 'amount' | 'status' | 'occurredAt'>[] = [
      { amount: '1200.50', status: 'completed', occurredAt: now.toISOString() },
      { amount: '99.49', status: 'completed', occurredAt: now.toISOString() },
      { amount: '500.00', status: 'pending', occurredAt: now.toISOString() },
      { amount: '40.00', status: 'failed', occurredAt: now.toISOString() },
      { amount: '800.00', status: 'completed', occurredAt: lastMonth.toISOString() },
    ];
    const deliveries: TransactionDelivery[] = reported.map((delivery, index) => ({
      ...delivery,
      externalTransactionId: `e2e-dashboard-${run}-${index}`,
      currency: 'USD',
      paymentMethod: 'card',
      country: 'NZ',
    }));
    await reportTransactions(context, deliveries);

    const month = now.toISOString().slice(0, 7);
    const expectedCents = deliveries
      .filter((d) => d.status === 'completed' && new Date(d.occurredAt).toISOString().slice(0, 7) === month)
      .reduce((sum, d) => sum + Math.round(Number(d.amount) * 100), 0);
    const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(now);
    await reloadUntilVisible(page, `${usd(expectedCents)} completed in ${monthName}`);

    // Every transaction is listed (newest first), whatever its status.
    const live = page.locator('.ant-card').filter({ hasText: 'Live Transaction Monitoring' });
    await live.getByRole('row').nth(deliveries.length).waitFor();
    await expect(live.getByRole('row').count()).resolves.toBe(deliveries.length + 1);
    const recent = page.locator('.ant-card').filter({ hasText: 'Recent Activity' });
    await expect(recent.getByRole('listitem').count()).resolves.toBe(deliveries.length);
    await context.close();
  });

  it('closes the mobile menu on navigation and has no serious axe violation on the signed-in screens', async () => {
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 390, height: 844 });
    await signInNewVerifiedUser(context, 'dashboard-mobile');
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/api/logout');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Risk Analytics' }).waitFor();
    await drawer.getByRole('link', { name: 'Transactions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Transaction Management' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });

    const findings: Record<string, string[]> = {};
    await page.setViewportSize({ width: 1280, height: 900 });
    // A new user: each screen is checked in its loaded, empty state.
    for (const [path, title, loaded] of [
      ['/dashboard', 'Dashboard Overview', 'No transactions yet.'],
      ['/transactions', 'Transaction Management', /^No transactions yet/],
      ['/compliance', 'Compliance & Security', 'No AML screening records yet.'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText(loaded).first().waitFor();
      await page.locator('.ant-skeleton').first().waitFor({ state: 'detached' });
      findings[path] = await seriousViolations(page);
    }
    expect(findings).toEqual({ '/dashboard': [], '/transactions': [], '/compliance': [] });
    await context.close();
  });
});
