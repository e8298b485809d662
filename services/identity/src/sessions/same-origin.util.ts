import type { IncomingHttpHeaders } from 'node:http';

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a GET navigation came from our own pages or from the user (typed, bookmarked), so that
 * a link or image on another site cannot act on it. Browsers since 2023 say so in
 * `Sec-Fetch-Site` (`same-origin`, or `none` for the user's own navigation; `same-site` and
 * `cross-site` are refused). Without it (an older browser), an `Origin` or `Referer` must be our
 * origin. With none of the three we cannot tell, and refuse: such a browser can still sign out
 * with the web app's button (a POST).
 */
export function isOwnNavigation(headers: IncomingHttpHeaders, ownOrigin: string): boolean {
  const site = single(headers['sec-fetch-site']);
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = single(headers.origin);
  if (origin !== undefined) return origin === ownOrigin;
  const referer = single(headers.referer);
  if (referer !== undefined) return originOf(referer) === ownOrigin;
  return false;
}
