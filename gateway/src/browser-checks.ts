import type { IncomingHttpHeaders } from 'node:http';
import { isCrossSite } from '@app/platform/request-origin';
import { ErrorCode, messages } from './errors';
import type { Route } from './routes';

const stateChanging = new Set<Route['method']>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `application/json` or `application/<anything>+json`, whatever the parameters (charset). */
export function isJsonContentType(header: string | undefined): boolean {
  const type = header?.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type ?? '');
}

/** `multipart/form-data`, whatever the parameters (boundary): what a browser's FormData upload sends. */
export function isMultipartFormData(header: string | undefined): boolean {
  return header?.split(';')[0]!.trim().toLowerCase() === 'multipart/form-data';
}

const hasBody = (headers: IncomingHttpHeaders): boolean =>
  Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;

/**
 * The origins of the address the browser itself used (the Host header): a page served from
 * http://127.0.0.1:8080 is its own origin even when PUBLIC_URL says localhost. Another site's
 * page cannot send our Host with its Origin, and a rebound name (evil.example pointing here)
 * carries none of our cookies.
 */
const originsOfHost = (headers: IncomingHttpHeaders): string[] =>
  headers.host ? [`http://${headers.host}`, `https://${headers.host}`] : [];

export interface Refusal {
  status: 403 | 415;
  error: ErrorCode;
  message: string;
}

/**
 * What a browser could send cross-site with the user's cookies, refused before anything is
 * forwarded: a state-changing request that its browser says came from another site (CSRF), or
 * whose body is not JSON (an HTML form or a CORS-simple `text/plain` fetch, which need no
 * preflight). An upload route also takes `multipart/form-data`, from our own pages only like the
 * rest. Provider webhooks are not browsers' and keep whatever their providers send.
 */
export function browserRefusal(
  route: Pick<Route, 'method' | 'webhook' | 'upload'>,
  headers: IncomingHttpHeaders,
  ownOrigins: readonly string[],
): Refusal | undefined {
  if (route.webhook || !stateChanging.has(route.method)) return undefined;
  if (isCrossSite(headers, [...ownOrigins, ...originsOfHost(headers)]))
    return { status: 403, error: ErrorCode.Forbidden, message: messages.crossSite };
  const type = headers['content-type'];
  if (!hasBody(headers) || isJsonContentType(type) || (route.upload && isMultipartFormData(type))) return undefined;
  const message = route.upload ? messages.jsonOrUpload : messages.jsonOnly;
  return { status: 415, error: ErrorCode.UnsupportedMediaType, message };
}
