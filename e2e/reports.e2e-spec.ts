import { reportMessages } from '@app/contracts';
import { seriousViolations } from './support/axe';
import { choose, newPage, useBrowser } from './support/browser';
import { signInNewVerifiedUser } from './support/session';
import { collectErrors } from './public/public-site';

describe('reports in the browser', () => {
  const { browser } = useBrowser();

  it('generates a financial report with live progress, downloads its PDF and CSV, and shows an AI analysis', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'reports');
    const errors = collectErrors(page);
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Reports', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();

    // Both fields are required (spec 8); nothing is sent without them.
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByText(reportMessages.selectBoth).waitFor();

    await choose(page, 'Report type', 'Financial');
    await choose(page, 'Time period', 'Last 30 days');
    const generated = page.waitForResponse(
      (response) => response.url().endsWith('/api/reports/generate') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Generate Report' }).click();
    expect((await generated).status()).toBe(201);

    // The worker renders it; the screen follows it to completion and shows its figures.
    const selected = page.getByRole('region', { name: 'Selected report' });
    await selected
      .getByRole('region', { name: 'Summary figures' })
      .getByText('Total volume')
      .waitFor({ timeout: 30_000 });
    const pdfLink = selected.getByRole('link', { name: /Download PDF/ });
    const href = await pdfLink.getAttribute('href');
    expect(href).toMatch(/^\/api\/reports\/download\/[0-9a-f-]{36}\?format=pdf$/);
    const pdf = await context.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await context.request.get(href!.replace('format=pdf', 'format=csv'));
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toMatch(/Total volume/i);

    await selected.getByRole('button', { name: 'AI Analysis' }).click();
    await selected.getByText('Built-in analyst').waitFor();

    // The recent list has it.
    await page
      .getByRole('button', { name: /View report: .*Financial/ })
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
