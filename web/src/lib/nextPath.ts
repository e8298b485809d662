/**
 * Sign-in and back (issue 39): a guarded page visited signed out sends the visitor to
 * /login?next=<the page>, and signing in returns there. Only a path of this site is followed:
 * relative, starting with one "/", no backslash or control character (browsers read "/\evil" and
 * "//evil" as another host), and still on this origin once resolved; anything else goes to the dashboard.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/dashboard'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return fallback;
  const origin = window.location.origin;
  const resolved = new URL(next, origin);
  if (resolved.origin !== origin || resolved.pathname === '/login') return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The sign-in page that returns to `path` (pathname, query and hash of the page asked for). */
export const loginPathFor = (path: string): string => `/login?next=${encodeURIComponent(path)}`;
