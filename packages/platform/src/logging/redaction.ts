/** What a redacted value reads as in a log line. */
export const REDACTED = '[redacted]';

/** Secrets that must never reach a log line (pino `redact` paths, gateway and services alike). */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.seed',
  '*.senderSeed',
];

/** A query parameter name kept in logs; anything else (an encoded name, a bare value) is redacted whole. */
const loggableName = /^[\w.[\]-]{1,64}$/;

/**
 * A URL as a log may keep it: the path, and the query's parameter names with every value
 * replaced, so links carrying tokens (`/reset-password?token=...`) leave no usable secret behind:
 * `/reset-password?token=[redacted]`. Works on paths and absolute URLs alike.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const params = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.includes('=') ? pair.slice(0, pair.indexOf('=')) : '';
      return loggableName.test(name) ? `${name}=${REDACTED}` : REDACTED;
    });
  return `${url.slice(0, start)}?${params.join('&')}`;
}

/** What a service's request line says of the request: pino-http's raw request (Express' or node:http's). */
interface LoggedRequest {
  id?: unknown;
  method?: string;
  url?: string;
  originalUrl?: string;
}

/**
 * A service's request line keeps the request id, the method and the URL without query values
 * (`redactUrl`), as the gateway's lines do; no headers: the gateway has logged the client's request
 * already, and the headers it forwards carry the client's address and agent, an integration's
 * signature and, on a browser's calls, the Referer (which may hold a token).
 */
export function loggedRequest(req: LoggedRequest): { id: unknown; method?: string; url?: string } {
  const url = req.originalUrl ?? req.url;
  return { id: req.id, method: req.method, url: url === undefined ? undefined : redactUrl(url) };
}

/** What a service's request line says of the answer: its status (pino-http adds the time taken). */
export function loggedResponse(res: { statusCode: number }): { statusCode: number } {
  return { statusCode: res.statusCode };
}
