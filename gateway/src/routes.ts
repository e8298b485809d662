import {
  acceptsIdempotencyKey,
  apiRoutes,
  type ApiKeyScope,
  type RouteDescriptor,
  type ServiceName,
} from '@app/contracts';
import type { GatewayConfig } from './config';

export type Upstream = ServiceName;

export interface RateLimit {
  /** Requests allowed per window and client address. */
  max: number;
  windowSeconds: number;
}

/** A limit keyed by a field of the JSON body (e.g. the e-mail), besides the client address. */
export interface BodyRateLimit extends RateLimit {
  field: string;
}

/** A described route (packages/contracts, http/routes) as the gateway applies it, limits resolved from config. */
export interface Route {
  id: string;
  method: RouteDescriptor['method'];
  path: string;
  upstream: Upstream;
  /** Needs a valid session (or an API key, where `apiKey` allows one). */
  session?: boolean;
  /** With a session, also needs a verified e-mail (403 EMAIL_NOT_VERIFIED otherwise). */
  verifiedEmail?: boolean;
  /** API keys with this scope may call it (`Authorization: Bearer mp_…`). */
  apiKey?: ApiKeyScope;
  /** Test API keys are refused (403). */
  movesMoney?: boolean;
  rateLimits: RateLimit[];
  bodyRateLimit?: BodyRateLimit;
  /**
   * Called by a provider (Stripe, Coinbase Commerce, a processor), which signs the raw bytes: exempt
   * from the browser checks (origin, JSON-only), the body streamed through as the provider sent it.
   */
  webhook?: boolean;
  /**
   * A long-lived stream (server-sent events): forwarded over its own upstream connections, as many
   * as there are open streams, so open streams never wait for or hold up the service's other calls.
   */
  stream?: boolean;
  /**
   * A browser's file upload: besides JSON it takes `multipart/form-data` (still from our own pages
   * only), up to `maxBytes` instead of BODY_LIMIT_BYTES. The limit is checked against the declared
   * Content-Length before anything is read; a body streamed without one is refused (411).
   */
  upload?: { maxBytes: number };
  /** Takes an Idempotency-Key (`acceptsIdempotencyKey`; gateway/src/idempotency). */
  idempotent?: boolean;
}

/**
 * The gateway's table: every described route but the internal ones, what the gateway checks first
 * taken from its access (roles are the service's to check: the gateway only knows signed-in and
 * verified), its limits read from the config settings the descriptor names.
 */
export function routeTable(config: GatewayConfig, routes: readonly RouteDescriptor[] = apiRoutes): Route[] {
  return routes
    .filter((route) => route.access !== 'internal')
    .map((route): Route => {
      const limits = route.rateLimits ?? [];
      const bodyLimit = limits.find((limit) => limit.bodyField);
      return {
        id: route.id,
        method: route.method,
        path: route.path,
        upstream: route.service,
        session: !['public', 'webhook'].includes(route.access),
        verifiedEmail: ['verified', 'support', 'admin'].includes(route.access),
        apiKey: route.apiKey,
        movesMoney: route.movesMoney,
        rateLimits: limits
          .filter((limit) => !limit.bodyField)
          .map(({ setting, windowSeconds }) => ({ max: config[setting], windowSeconds })),
        bodyRateLimit: bodyLimit && {
          field: bodyLimit.bodyField!,
          max: config[bodyLimit.setting],
          windowSeconds: bodyLimit.windowSeconds,
        },
        webhook: route.access === 'webhook',
        stream: route.stream,
        upload: route.upload,
        idempotent: acceptsIdempotencyKey(route),
      };
    });
}

/** Whether a request path is one of the routes' paths (`:name` segments match any one segment). */
export function isKnownPath(routes: Route[], path: string): boolean {
  const segments = path.split('/');
  return routes.some((route) => {
    const pattern = route.path.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index]))
    );
  });
}

export const upstreamUrls = (config: GatewayConfig): Record<Upstream, string> => ({
  identity: config.IDENTITY_URL,
  profile: config.PROFILE_URL,
  'chat-support': config.CHAT_SUPPORT_URL,
  billing: config.BILLING_URL,
  integrations: config.INTEGRATIONS_URL,
  affiliate: config.AFFILIATE_URL,
  analytics: config.ANALYTICS_URL,
  'crypto-escrow': config.CRYPTO_ESCROW_URL,
  'reports-ai': config.REPORTS_AI_URL,
  tokenization: config.TOKENIZATION_URL,
});

/** A path the matcher decides on: plain characters only (no escapes, `;`, `#` or spaces), from `/`. */
const plainPath = /^\/[\w\-.~!$&'()*+,=:@/]*$/;
/** The router's longest `:name` value (Fastify's maxParamLength). */
const MAX_PARAM_LENGTH = 100;

/**
 * Finds the route of a request's method and path (the query left out) as Fastify's router would:
 * a route without parameters matched as is; a `:name` segment matches any one non-empty segment
 * (up to 100 characters), and where two templates match, the one whose first differing segment is
 * literal wins. Undecided (undefined): no route, and any path holding an escape or another
 * character the router would treat specially: the caller leaves those to Fastify.
 */
export class RouteMatcher<R extends Pick<Route, 'method' | 'path'>> {
  private readonly literal = new Map<string, R>();
  /** By method and segment count: the templates with parameters (null: a parameter segment). */
  private readonly templates = new Map<string, { parts: (string | null)[]; route: R }[]>();

  constructor(routes: readonly R[]) {
    for (const route of routes) {
      const parts = route.path.split('/');
      if (!parts.some((part) => part.startsWith(':'))) {
        this.literal.set(`${route.method} ${route.path}`, route);
        continue;
      }
      const key = `${route.method} ${parts.length}`;
      const list = this.templates.get(key) ?? [];
      list.push({ parts: parts.map((part) => (part.startsWith(':') ? null : part)), route });
      this.templates.set(key, list);
    }
  }

  match(method: string | undefined, url: string | undefined): R | undefined {
    if (!method || !url) return undefined;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const literal = this.literal.get(`${method} ${path}`);
    if (literal) return literal;
    if (!plainPath.test(path)) return undefined;
    const segments = path.split('/');
    const candidates = this.templates.get(`${method} ${segments.length}`);
    if (!candidates) return undefined;
    let best: (string | null)[] | undefined;
    let found: R | undefined;
    for (const { parts, route } of candidates) {
      if (!matches(parts, segments)) continue;
      if (!best || moreLiteral(parts, best)) {
        best = parts;
        found = route;
      }
    }
    return found;
  }
}

function matches(parts: readonly (string | null)[], segments: readonly string[]): boolean {
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index];
    const segment = segments[index]!;
    if (part === null ? segment === '' || segment.length > MAX_PARAM_LENGTH : part !== segment) return false;
  }
  return true;
}

/** Whether `a` has a literal segment where `b` first has a parameter. */
function moreLiteral(a: readonly (string | null)[], b: readonly (string | null)[]): boolean {
  for (let index = 0; index < a.length; index++) {
    if ((a[index] === null) !== (b[index] === null)) return a[index] !== null;
  }
  return false;
}
