import { errorBodySchema, routeById, routePath, type ErrorBody, type RouteDescriptor } from '@app/contracts';
import { z } from 'zod';

/**
 * A non-success HTTP answer. `message` follows spec 7 ("401: response text");
 * `body` is the parsed `{ error, message, details }` when the server sent one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: ErrorBody | undefined;

  constructor(status: number, statusText: string, responseText: string) {
    super(`${status}: ${responseText || statusText}`);
    this.status = status;
    this.body = parseErrorBody(responseText);
  }

  get code(): string | undefined {
    return this.body?.error;
  }

  /** The server's human text, shown where the spec says "server's error". */
  get serverMessage(): string | undefined {
    return this.body?.message || undefined;
  }

  get details(): NonNullable<ErrorBody['details']> {
    return this.body?.details ?? [];
  }
}

function parseErrorBody(text: string): ErrorBody | undefined {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON, or as multipart/form-data when it is a FormData. */
  body?: unknown;
}

const refreshRoute = routeById('refreshSession');
/** Calls that must never trigger a session refresh (they are how a session is made or renewed). */
const noRefreshPaths = new Set<string>([routeById('login').path, refreshRoute.path]);

function send(path: string, { method = 'GET', body }: RequestOptions): Promise<Response> {
  // A FormData body goes as multipart/form-data: the browser writes that content type with its boundary.
  if (body instanceof FormData) {
    return fetch(path, { method, credentials: 'include', headers: { Accept: 'application/json' }, body });
  }
  const hasBody = body !== undefined;
  return fetch(path, {
    method,
    credentials: 'include',
    headers: hasBody
      ? { Accept: 'application/json', 'Content-Type': 'application/json' }
      : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}

let refreshInFlight: Promise<boolean> | undefined;

/** Renews the 15-minute access cookie; concurrent 401s share one refresh call. */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= send(routePath(refreshRoute), { method: refreshRoute.method })
    .then(
      (response) => response.ok,
      () => false,
    )
    .finally(() => {
      refreshInFlight = undefined;
    });
  return refreshInFlight;
}

/**
 * Sends one JSON call with the session cookies and parses the answer with `schema`.
 * On a 401 it refreshes the session once and retries the call once.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  let response = await send(path, options);
  const pathname = path.split('?')[0] ?? path;
  if (response.status === 401 && !noRefreshPaths.has(pathname) && (await refreshSession())) {
    response = await send(path, options);
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return schema.parse(text ? JSON.parse(text) : undefined);
}

export interface CallOptions {
  /** Values of the route's `:name` segments. */
  params?: Record<string, string>;
  /** Query string values; undefined and empty ones are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

/**
 * A described route's URL: its path with the parameters' values, then the query. For what the
 * browser fetches itself (a download link, an event stream); calls go through `callRoute`.
 */
export function routeUrl(
  route: Pick<RouteDescriptor, 'path'>,
  { params, query }: Pick<CallOptions, 'params' | 'query'> = {},
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  // toString, not `size`: Safari before 17 has no URLSearchParams.size and would drop the query.
  const text = search.toString();
  return routePath(route, params) + (text ? `?${text}` : '');
}

/**
 * Calls a described route (packages/contracts, http/routes): its method and path from the
 * descriptor, the answer parsed with its response schema (a route without one answers nothing).
 */
export function callRoute<R extends RouteDescriptor>(
  route: R,
  { params, query, body }: CallOptions = {},
): Promise<R['response'] extends z.ZodType ? z.output<R['response']> : void> {
  return apiRequest(routeUrl(route, { params, query }), route.response ?? z.unknown().transform(() => undefined), {
    method: route.method,
    body,
  }) as never;
}
