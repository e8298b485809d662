import { chatMessages, plans } from '@app/contracts';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { newPage, useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';
import { collectErrors } from './public/public-site';

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
