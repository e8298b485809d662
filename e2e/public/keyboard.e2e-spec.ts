// The page functions below run in the browser.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser';
import { openRoute, report } from './public-site';

/** The public pages with a form (accessibility.e2e-spec.ts also submits the contact form by keyboard). */
const formPages = ['/login', '/forgot-password', '/register', '/affiliate/login', '/affiliate/register', '/contact'];

/**
 * The controls a keyboard user must be able to reach in the page's first form, named by id (or
 * name, or text). A radio group is one tab stop, so it is named by its group.
 */
function formControls(page: Page): Promise<string[]> {
  return page
    .locator('form')
    .first()
    .evaluate((form) => {
      const controls = form.querySelectorAll<HTMLElement>(
        'input:not([type=hidden]), select, textarea, button, a[href], [role=switch], [tabindex="0"]',
      );
      // Every control is a stop of its own (two password fields have two "Show characters" buttons),
      // except a radio group's options: one stop for the group.
      const names: string[] = [];
      for (const control of controls) {
        const box = control.getBoundingClientRect();
        const disabled = (control as HTMLInputElement).disabled || control.getAttribute('aria-disabled') === 'true';
        if (box.width === 0 || box.height === 0 || disabled || control.tabIndex < 0) continue;
        const input = control as HTMLInputElement;
        if (input.type === 'radio') {
          if (!names.includes(`radio:${input.name}`)) names.push(`radio:${input.name}`);
          continue;
        }
        names.push(control.id || input.name || control.getAttribute('aria-label') || control.textContent?.trim() || '');
      }
      return names;
    });
}

/** Focuses the form's first field, presses Tab until focus leaves the form, and names each stop. */
async function tabStops(page: Page, limit: number): Promise<string[]> {
  const form = page.locator('form').first();
  await form.locator('input:not([type=hidden]), textarea').first().focus();
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    const stop = await form.evaluate((formElement) => {
      const active = formElement.ownerDocument.activeElement as HTMLInputElement | null;
      if (!active || !formElement.contains(active)) return undefined;
      if (active.type === 'radio') return `radio:${active.name}`;
      return active.id || active.name || active.getAttribute('aria-label') || active.textContent?.trim() || '';
    });
    if (stop === undefined) break;
    stops.push(stop);
    await page.keyboard.press('Tab');
  }
  return stops;
}

describe('keyboard use of the public forms', () => {
  const { context } = useBrowser();

  it.each(formPages)('reaches every control of the form on %s with Tab, in order', async (path) => {
    const page = await context().newPage();
    await openRoute(page, path);
    const controls = await formControls(page);
    const stops = await tabStops(page, controls.length + 10);
    report(`keyboard ${path}: ${stops.length} tab stops: ${stops.join(' > ')}`);

    expect(controls.length).toBeGreaterThan(1);
    expect(stops).toEqual(controls);
    await page.close();
  });

  it.each(['/login', '/forgot-password', '/register', '/affiliate/login'])(
    'submits the empty form on %s with Enter and shows what is missing, sending nothing',
    async (path) => {
      const page = await context().newPage();
      const posts: string[] = [];
      page.on('request', (request) => {
        // Page views (spec 2.1: every route change) are not the form's.
        if (
          request.method() === 'POST' &&
          request.url().includes('/api/') &&
          !request.url().includes('/api/analytics/events')
        ) {
          posts.push(request.url());
        }
      });
      await openRoute(page, path);
      await page.locator('form').first().locator('input:not([type=hidden])').first().focus();
      await page.keyboard.press('Enter');
      await page.locator('.ant-form-item-explain-error').first().waitFor();
      expect(posts).toEqual([]);
      await page.close();
    },
  );

  it('signs in with the keyboard alone: type, Tab, type, Enter', async () => {
    const page = await context().newPage();
    await openRoute(page, '/login');
    await page.locator('form').first().locator('input').first().focus();
    await page.keyboard.type('nobody@kauri.example');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith('/api/auth/login')),
      page.keyboard.press('Enter'),
    ]);
    expect(response.status()).toBe(401);
    await page.getByText('Login Failed').first().waitFor();
    await page.close();
  });
});
