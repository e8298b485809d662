import { useBrowser } from '../support/browser';
import { openRoute } from './public-site';

// Axe judges every public page in public-site.e2e-spec.ts, on the walk's one visit to each.
describe('accessibility of the public pages', () => {
  const { context } = useBrowser();

  it('lets a keyboard user move through the contact form with Tab and submit it with Enter', async () => {
    const page = await context().newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/contact')) posts.push(request.url());
    });
    await openRoute(page, '/contact');

    // antd names the fields after the form: #contact_name, #contact_email, ...
    const focusedField = () =>
      page
        .locator('input, textarea')
        .evaluateAll((fields) =>
          fields.find((field) => field === field.ownerDocument.activeElement)?.id.replace('contact_', ''),
        );

    await page.locator('#contact_name').focus();
    await page.keyboard.type('Aroha Ngata');
    for (const next of ['email', 'company', 'category', 'subject']) {
      await page.keyboard.press('Tab');
      expect(await focusedField()).toBe(next);
      if (next === 'email') await page.keyboard.type('aroha@kauri.example');
    }
    await page.keyboard.type('Keyboard only');
    // The message is still empty: Enter submits, and the form refuses without sending.
    await page.keyboard.press('Enter');
    await page.getByText('Required Fields Missing').waitFor();
    expect(posts).toEqual([]);
    expect(await page.locator('#contact_subject').inputValue()).toBe('Keyboard only');
    await page.close();
  });
});
