import type { Page } from 'playwright-core';
import { query, uniqueEmail, waitForMail } from '../test-support';
import { choose, newPage, useBrowser } from './support/browser';

/** A field of the message form (the page also has sections titled Email and so on). */
const field = (page: Page, label: string) => page.locator('form').getByLabel(label, { exact: true });

const ticketsFor = (email: string) =>
  query<{ subject: string; category: string }>(
    'SELECT subject, category FROM chat_support.support_tickets WHERE email = $1',
    [email],
  );

describe('contact form in the browser', () => {
  const { browser } = useBrowser();

  it('sends a message: the ticket is stored, the fields clear and the acknowledgement arrives', async () => {
    const { context, page } = await newPage(browser());
    const email = uniqueEmail('contact');
    await page.goto('/contact');
    await field(page, 'Name').fill('Aroha Ngata');
    await field(page, 'Email').fill(email);
    await field(page, 'Company').fill('Kauri Coffee Roasters');
    await choose(page, 'Category', 'Compliance');
    await field(page, 'Subject').fill('AML screening thresholds');
    await field(page, 'Message').fill('Which transactions get enhanced due diligence?');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await page.getByText('Message Sent Successfully').waitFor();
    await expect(field(page, 'Email').inputValue()).resolves.toBe('');
    await expect(field(page, 'Message').inputValue()).resolves.toBe('');
    expect(await ticketsFor(email)).toEqual([{ subject: 'AML screening thresholds', category: 'compliance' }]);
    const mail = await waitForMail(email, 'We received your message');
    expect(mail.text).toContain('Category: Compliance');
    await context.close();
  });

  it('refuses to send with a required field empty, keeping what was typed', async () => {
    const { context, page } = await newPage(browser());
    const email = uniqueEmail('contact-missing');
    await page.goto('/contact');
    await field(page, 'Name').fill('Aroha Ngata');
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await page.getByText('Required Fields Missing').waitFor();
    await page.getByText('Please fill in all required fields.').first().waitFor();
    await expect(field(page, 'Email').inputValue()).resolves.toBe(email);
    expect(await ticketsFor(email)).toEqual([]);
    await context.close();
  });
});
