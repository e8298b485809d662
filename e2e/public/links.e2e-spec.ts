import { baseUrl, useBrowser } from '../support/browser';
import { openRoute, pendingRoutes, report } from './public-site';

interface Visit {
  url: string;
  from: string;
}

/** An internal link as path + query (no hash), or undefined for mailto:, tel:, #anchors and other sites. */
function internalTarget(href: string, origin: string): string | undefined {
  if (href.startsWith('//')) return undefined;
  if (!href.startsWith('/') && !href.startsWith(origin)) return undefined;
  const url = new URL(href, origin);
  return url.origin === origin ? `${url.pathname}${url.search}` : undefined;
}

describe('links of the public site', () => {
  const { context } = useBrowser();

  it('resolves every internal link reachable from / (pending routes of later issues aside)', async () => {
    const origin = new URL(baseUrl).origin;
    const page = await context().newPage();
    const queue: Visit[] = [{ url: '/', from: '(start)' }];
    const seen = new Set(['/']);
    const resolved: string[] = [];
    const broken: Visit[] = [];
    const pendingMet = new Map<string, string>();

    while (queue.length > 0) {
      const visit = queue.shift()!;
      const path = new URL(visit.url, origin).pathname;
      const { exists } = await openRoute(page, visit.url);
      if (!exists) {
        if (pendingRoutes.includes(path)) {
          if (!pendingMet.has(path)) pendingMet.set(path, visit.from);
        } else {
          broken.push(visit);
        }
        continue;
      }
      resolved.push(visit.url);

      // A guarded page that sent a signed-out visitor to / has resolved; / is crawled on its own.
      if (new URL(page.url()).pathname !== path) continue;

      const hrefs = await page.$$eval('a[href]', (links) => links.map((link) => link.getAttribute('href') ?? ''));
      for (const href of hrefs) {
        const target = internalTarget(href, origin);
        // /api/ links (sign-out) are server endpoints, not pages.
        if (!target || target.startsWith('/api/') || seen.has(target)) continue;
        seen.add(target);
        queue.push({ url: target, from: visit.url });
      }
    }

    report(`crawl: ${resolved.length} internal links resolved: ${resolved.join(', ')}`);
    report(
      `crawl: pending routes met (later issues): ${
        [...pendingMet].map(([path, from]) => `${path} (linked from ${from})`).join(', ') || 'none'
      }`,
    );
    if (broken.length > 0) {
      report(`crawl: BROKEN links: ${broken.map((visit) => `${visit.url} (linked from ${visit.from})`).join(', ')}`);
    }
    expect(broken).toEqual([]);
    expect(resolved.length).toBeGreaterThan(15);
    await page.close();
  });
});
