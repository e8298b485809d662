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

/** A parsed query (Express' req.query) with its values replaced: only the names remain. */
export function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  return Object.fromEntries(Object.keys(query).map((name) => [name, REDACTED]));
}

interface SerializedRequest {
  url?: string;
  query?: unknown;
  headers?: Record<string, unknown>;
}

/**
 * pino-http's serialized request without query values: in the URL, the parsed query and the
 * Referer (a page such as `/reset-password?token=...` may be the referrer). A copy: the live
 * request's headers are never touched.
 */
export function redactRequest<T extends SerializedRequest>(req: T): T {
  const referer = req.headers?.referer;
  return {
    ...req,
    ...(typeof req.url === 'string' ? { url: redactUrl(req.url) } : {}),
    ...(req.query === undefined ? {} : { query: redactQuery(req.query) }),
    ...(typeof referer === 'string' ? { headers: { ...req.headers, referer: redactUrl(referer) } } : {}),
  };
}
