import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { chatMessages, plans, type SupportQueueResponse } from '@app/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { newPage, useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';
import { collectErrors } from './public/public-site';

// The chat widget and the support console in one file, so they run one after the other: the
// console's test needs its own escalation to be the oldest urgent chat in the queue, and the
// widget's fraud test escalates one too (e2e files run two at a time).

/** The prices of the paid plans as the help content writes them ("$29"), not followed by another digit. */
const planPrice = new RegExp(
  plans
    .filter((plan) => plan.monthlyPrice > 0)
    .map((plan) => `\\$${plan.monthlyPrice.toLocaleString('en-US')}(?![\\d,])`)
    .join('|'),
);

async function openChat(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
  await page.getByRole('button', { name: 'Open support chat' }).click();
  const panel = page.getByRole('dialog', { name: 'AI Support Assistant' });
  await panel.waitFor();
  return { panel, input: panel.getByRole('textbox', { name: 'Message' }) };
}

describe('the support chat widget in the browser', () => {
  const { browser } = useBrowser();

  it('answers a question about plan prices with a real plan price, and cites where it came from', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'chat-widget');
    const errors = collectErrors(page);
    const { panel, input } = await openChat(page);
    await panel.getByText(/account questions, transaction issues, platform features and analytics/).waitFor();

    await input.fill('How much do your plans cost per month?');
    await input.press('Enter');
    const log = panel.getByRole('log', { name: 'Chat messages' });
    await log.getByText(planPrice).first().waitFor();
    expect(await log.getByRole('link', { name: /Plans and pricing/ }).count()).toBeGreaterThan(0);
    expect(await input.inputValue()).toBe('');

    // The open panel passes axe too; Escape closes it and gives the focus back to the button.
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    const launcher = page.getByRole('button', { name: 'Open support chat' });
    expect(await launcher.evaluate((element) => element === document.activeElement)).toBe(true);

    // Another signed-in page in the same tab continues the same conversation.
    await page.goto('/transactions');
    await launcher.click();
    await page.getByRole('dialog', { name: 'AI Support Assistant' }).getByText(planPrice).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("a message about fraud is escalated: 'Support Team Notified'", async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'chat-widget-fraud');
    const { panel, input } = await openChat(page);
    const escalated = page.waitForResponse(
      (response) => response.url().endsWith('/api/chat/escalate') && response.request().method() === 'POST',
    );

    await input.fill('I think there is fraud on my account, someone took money');
    await input.press('Enter');
    expect((await escalated).status()).toBe(201);
    await page.getByText(chatMessages.escalatedTitle, { exact: true }).waitFor();
    await page.getByText(chatMessages.escalated, { exact: true }).waitFor();
    await panel.getByText(/notified our human support team/).waitFor();
    await context.close();
  }, 60_000);
});

const run = promisify(execFile);
const root = resolve(__dirname, '..');

/** The documented command (README, docs/architecture.md) gives the account the support role. */
async function grantSupportRole(context: BrowserContext, email: string): Promise<void> {
  await run('npm', ['run', '-s', 'grant-admin', '-w', 'services/identity', '--', email, '--role', 'support'], {
    cwd: root,
    env: process.env,
  });
  // The role is in the next access token.
  const refreshed = await context.request.post('/api/auth/refresh');
  if (!refreshed.ok()) throw new Error(`refresh: ${refreshed.status()}`);
}

describe('the support team works an escalated chat while the merchant watches', () => {
  const { browser } = useBrowser();

  it("a merchant's 'fraud' message reaches the top of the agent's queue within 5 s; the agent's reply appears in the open widget without a reload", async () => {
    const agent = await newPage(browser());
    const merchant = await newPage(browser());
    const agentEmail = await signInNewVerifiedUser(agent.context, 'support-agent');
    await grantSupportRole(agent.context, agentEmail);
    await signInNewVerifiedUser(merchant.context, 'support-merchant');
    const agentErrors = collectErrors(agent.page);
    const merchantErrors = collectErrors(merchant.page);

    // Escalations earlier specs left waiting are claimed first: the new one is then the oldest urgent chat.
    const waiting = (await (
      await agent.context.request.get('/api/support/queue?status=pending&limit=200')
    ).json()) as SupportQueueResponse;
    for (const item of waiting.items.filter((entry) => entry.kind === 'chat')) {
      await agent.context.request.post(`/api/support/conversations/${item.id}/claim`);
    }

    await agent.page.goto('/support');
    await agent.page.getByRole('heading', { level: 1, name: 'Support Console' }).waitFor();

    await merchant.page.goto('/dashboard');
    await merchant.page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
    await merchant.page.getByRole('button', { name: 'Open support chat' }).click();
    const panel = merchant.page.getByRole('dialog', { name: 'AI Support Assistant' });
    const input = panel.getByRole('textbox', { name: 'Message' });
    const message = `I think there is fraud on my card, order ${randomUUID().slice(0, 8)}`;
    await input.fill(message);
    await input.press('Enter');
    await merchant.page.getByText(chatMessages.escalatedTitle, { exact: true }).waitFor();
    const notifiedAt = Date.now();

    // The queue is read again every 2 s: the chat is on top within 5 s of the toast.
    const firstRow = agent.page.locator('.ant-table-tbody tr.ant-table-row').first();
    await firstRow.getByText(message).waitFor({ timeout: 5_000 });
    expect(Date.now() - notifiedAt).toBeLessThan(5_000);
    expect(await firstRow.getByText('urgent', { exact: false }).count()).toBeGreaterThan(0);

    await firstRow.getByRole('button', { name: message }).click();
    // The conversation with what the widget sent and the account as chat-support knows it.
    const conversation = agent.page.getByRole('region', { name: 'Conversation' });
    await conversation.getByRole('heading', { name: 'User context' }).waitFor();
    await conversation.getByRole('heading', { name: 'Account' }).waitFor();
    expect(await conversation.getByText(message).count()).toBeGreaterThan(0);
    await conversation.getByRole('button', { name: 'Claim', exact: true }).click();
    await merchant.page.getByText('A support agent is with you').waitFor();
    const reply = `We have frozen the card and are looking into order ${message.slice(-8)}.`;
    const replyBox = conversation.getByRole('textbox', { name: 'Reply' });
    await replyBox.fill(reply);
    await replyBox.press('Enter');

    // The merchant's panel was never reloaded: the reply arrives on the live stream.
    const log = panel.getByRole('log', { name: 'Chat messages' });
    await log.getByText(reply).waitFor({ timeout: 10_000 });
    expect(await log.getByText('Support team', { exact: true }).count()).toBe(1);

    expect(await seriousViolations(agent.page)).toEqual([]);
    expect(agentErrors).toEqual([]);
    expect(merchantErrors).toEqual([]);
    await agent.context.close();
    await merchant.context.close();
  }, 90_000);
});
