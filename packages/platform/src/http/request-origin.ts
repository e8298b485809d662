import type { IncomingHttpHeaders } from 'node:http';

/**
 * Where a request came from as its browser tells it: `own` (a page of the web app, or the user's
 * own navigation), `foreign` (another site), `unknown` (no browser signal: curl, a server, an old
 * browser). Judged on headers a page cannot set (`Origin`, `Sec-Fetch-Site`, `Referer`), so a
 * script on another site cannot pass for us; a client that is not a browser can say anything,
 * but carries no victim's cookies.
 */
export type RequestSite = 'own' | 'foreign' | 'unknown';

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Any sign of another site wins: `Sec-Fetch-Site: cross-site|same-site` (browsers since 2023), or
 * an `Origin` that is not one of `ownOrigins` (`null` included: sandboxed frames, privacy
 * redirects). Otherwise `Sec-Fetch-Site: same-origin|none` (`none`: typed, bookmarked) or our own
 * `Origin` is `own`; without either, a `Referer` decides (older browsers); with none of the
 * three, `unknown`.
 */
export function requestSite(headers: IncomingHttpHeaders, ownOrigins: readonly string[]): RequestSite {
  const site = single(headers['sec-fetch-site']);
  const origin = single(headers.origin);
  if (site === 'cross-site' || site === 'same-site') return 'foreign';
  if (origin !== undefined) return ownOrigins.includes(origin) ? 'own' : 'foreign';
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? 'own' : 'foreign';
  const referer = single(headers.referer);
  if (referer !== undefined) return ownOrigins.includes(originOf(referer) ?? '') ? 'own' : 'foreign';
  return 'unknown';
}

/**
 * Whether a GET navigation came from our own pages or from the user (typed, bookmarked), so that
 * a link or image on another site cannot act on it. With no browser signal we cannot tell, and
 * refuse: such a browser can still act with the web app's button (a POST).
 */
export const isOwnNavigation = (headers: IncomingHttpHeaders, ownOrigin: string): boolean =>
  requestSite(headers, [ownOrigin]) === 'own';

/**
 * Whether a state-changing request may be a cross-site request forgery: a browser says it came
 * from another site. Requests with no browser signal pass (they cannot carry a victim's cookies).
 */
export const isCrossSite = (headers: IncomingHttpHeaders, ownOrigins: readonly string[]): boolean =>
  requestSite(headers, ownOrigins) === 'foreign';
