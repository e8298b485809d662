import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { baseUrl, useBrowser } from '../support/browser';
import { collectErrors, notFoundTitle, openRoute, pendingRoutes, report, specPublicRoutes } from './public-site';

// The public site in one walk, one visit per page, every check on each visit: the crawl of the
// internal links from /, then spec 2.1's routes the links did not reach, and the router's own
// section indexes. Each test below judges what the walk saw.

type Impact = 'critical' | 'serious' | 'moderate' | 'minor';
const impacts: Impact[] = ['critical', 'serious', 'moderate', 'minor'];

interface Finding {
  path: string;
  id: string;
  impact: Impact;
  nodes: number;
  help: string;
}

interface Visit {
  url: string;
  from: string;
  heading: string;
  exists: boolean;
  /** The path the browser ended on (a guard may send a signed-out visitor elsewhere). */
  landed: string;
  /** Spec routes and section indexes only: the landmarks, the console and axe. */
  judged?: { h1: number; main: number; banner: number; footer: number; nav: number; errors: string[] };
}

/** The section indexes (/solutions, /legal) are the router's own, beyond spec 2.1's list. */
const judgedPaths = new Set<string>([...specPublicRoutes, '/forgot-password', '/solutions', '/legal']);

/** An internal link as path + query (no hash), or undefined for mailto:, tel:, #anchors and other sites. */
function internalTarget(href: string, origin: string): string | undefined {
  if (href.startsWith('//')) return undefined;
  if (!href.startsWith('/') && !href.startsWith(origin)) return undefined;
  const url = new URL(href, origin);
  return url.origin === origin ? `${url.pathname}${url.search}` : undefined;
}

describe('the public site, one visit per page', () => {
  const { context } = useBrowser();
  const origin = new URL(baseUrl).origin;
  const crawled: Visit[] = [];
  const judged = new Map<string, Visit>();
  const findings: Finding[] = [];

  async function visit(page: Page, errors: string[], url: string, from: string): Promise<Visit> {
    const path = new URL(url, origin).pathname;
    const before = errors.length;
    const { heading, exists } = await openRoute(page, url);
    const seen: Visit = { url, from, heading, exists, landed: new URL(page.url()).pathname };
    if (!judgedPaths.has(url) || judged.has(url)) return seen;
    judged.set(url, seen);
    if (!exists) return seen;
    seen.judged = {
      h1: await page.locator('h1').count(),
      main: await page.getByRole('main').count(),
      banner: await page.getByRole('banner').count(),
      footer: await page.getByRole('contentinfo').count(),
      nav: await page.getByRole('navigation').count(),
      errors: [],
    };
    for (const violation of (await new AxeBuilder({ page }).analyze()).violations) {
      findings.push({
        path,
        id: violation.id,
        impact: (violation.impact ?? 'minor') as Impact,
        nodes: violation.nodes.length,
        help: violation.help,
      });
    }
    // What the console said while the page was open and judged.
    seen.judged.errors = errors.slice(before);
    return seen;
  }

  beforeAll(async () => {
    const page = await context().newPage();
    const errors = collectErrors(page);
    const queue = [{ url: '/', from: '(start)' }];
    const seen = new Set(['/']);
    while (queue.length > 0) {
      const next = queue.shift()!;
      const done = await visit(page, errors, next.url, next.from);
      crawled.push(done);
      // A missing page, or a guarded one that sent a signed-out visitor to /, links nowhere new.
      if (!done.exists || done.landed !== new URL(next.url, origin).pathname) continue;
      const hrefs = await page.$$eval('a[href]', (links) => links.map((link) => link.getAttribute('href') ?? ''));
      for (const href of hrefs) {
        const target = internalTarget(href, origin);
        // /api/ links (sign-out) are server endpoints, not pages.
        if (!target || target.startsWith('/api/') || seen.has(target)) continue;
        seen.add(target);
        queue.push({ url: target, from: next.url });
      }
    }
    for (const path of judgedPaths) if (!judged.has(path)) await visit(page, errors, path, '(spec 2.1)');
    await page.close();
    // Every public page, each visited once: a budget for the walk, not one page's.
  }, 300_000);

  it('renders one h1, the landmarks and no console error on every route that exists', () => {
    const pendingMet: string[] = [];
    for (const path of specPublicRoutes) {
      const seen = judged.get(path)!;
      if (!seen.exists) {
        // Only the routes that later issues build may still be missing.
        expect({ path, heading: seen.heading }).toEqual({
          path,
          heading: pendingRoutes.includes(path) ? notFoundTitle : 'a page',
        });
        pendingMet.push(path);
        continue;
      }
      expect({ path, url: seen.landed }).toEqual({ path, url: path });
      const { h1, main, banner, footer, nav, errors } = seen.judged!;
      expect({ path, h1, main, banner, footer, nav: nav > 0, errors }).toEqual({
        path,
        h1: 1,
        main: 1,
        banner: 1,
        footer: 1,
        nav: true,
        errors: [],
      });
    }
    report(`public routes not built yet (pending, later issues): ${pendingMet.join(', ') || 'none'}`);
  });

  it("shows '404 Page Not Found' for an unknown path", async () => {
    const page = await context().newPage();
    const { heading, exists } = await openRoute(page, '/no-such-page/anywhere');
    expect(exists).toBe(false);
    expect(heading).toBe(notFoundTitle);
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await page.close();
  });

  it('resolves every internal link reachable from / (pending routes of later issues aside)', () => {
    const resolved = crawled.filter((seen) => seen.exists).map((seen) => seen.url);
    const missing = crawled.filter((seen) => !seen.exists);
    const pendingMet = missing.filter((seen) => pendingRoutes.includes(new URL(seen.url, origin).pathname));
    const broken = missing.filter((seen) => !pendingMet.includes(seen));
    report(`crawl: ${resolved.length} internal links resolved: ${resolved.join(', ')}`);
    report(
      `crawl: pending routes met (later issues): ${
        pendingMet.map((seen) => `${seen.url} (linked from ${seen.from})`).join(', ') || 'none'
      }`,
    );
    if (broken.length > 0) {
      report(`crawl: BROKEN links: ${broken.map((seen) => `${seen.url} (linked from ${seen.from})`).join(', ')}`);
    }
    expect(broken.map(({ url, from }) => ({ url, from }))).toEqual([]);
    expect(resolved.length).toBeGreaterThan(15);
  });

  it('has no serious or critical axe violation on any public page', () => {
    const scanned = [...judged.values()].filter((seen) => seen.exists).map((seen) => seen.url);
    report(`axe: scanned ${scanned.length} pages: ${scanned.join(', ')}`);
    for (const impact of impacts) {
      const found = findings.filter((finding) => finding.impact === impact);
      report(`axe: ${impact}: ${found.length} violation(s)`);
      for (const finding of found) {
        report(`  ${finding.path}  ${finding.id} (${finding.nodes} node(s)): ${finding.help}`);
      }
    }
    expect(findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical')).toEqual([]);
  });
});
