import AxeBuilder from '@axe-core/playwright';
import { useBrowser } from '../support/browser';
import { openRoute, report, specPublicRoutes } from './public-site';

type Impact = 'critical' | 'serious' | 'moderate' | 'minor';
const impacts: Impact[] = ['critical', 'serious', 'moderate', 'minor'];

interface Finding {
  path: string;
  id: string;
  impact: Impact;
  nodes: number;
  help: string;
}

describe('accessibility of the public pages', () => {
  const { context } = useBrowser();

  it('has no serious or critical axe violation on any public page', async () => {
    const page = await context().newPage();
    const findings: Finding[] = [];
    const scanned: string[] = [];

    // The section indexes (/solutions, /legal) are the router's own, beyond spec 2.1's list.
    for (const path of [...specPublicRoutes, '/forgot-password', '/solutions', '/legal']) {
      const { exists } = await openRoute(page, path);
      if (!exists) continue; // a route of a later issue; public-routes.e2e-spec.ts reports it
      scanned.push(path);
      const results = await new AxeBuilder({ page }).analyze();
      for (const violation of results.violations) {
        findings.push({
          path,
          id: violation.id,
          impact: (violation.impact ?? 'minor') as Impact,
          nodes: violation.nodes.length,
          help: violation.help,
        });
      }
    }

    report(`axe: scanned ${scanned.length} pages: ${scanned.join(', ')}`);
    for (const impact of impacts) {
      const found = findings.filter((finding) => finding.impact === impact);
      report(`axe: ${impact}: ${found.length} violation(s)`);
      for (const finding of found) {
        report(`  ${finding.path}  ${finding.id} (${finding.nodes} node(s)): ${finding.help}`);
      }
    }
    expect(findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical')).toEqual([]);
    await page.close();
    // Every public page in one test: a budget for all of them, not one page's.
  }, 300_000);

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
