import type { z } from 'zod';

/**
 * One HTTP route of the public API, described once. The gateway's route table, the web app's and
 * the SDK's calls and the OpenAPI document (docs/openapi.json) are built from these; each service's
 * route-coverage test checks that what its Nest app serves is exactly what is described here.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The service that owns a route (the gateway forwards the call there). */
export type ServiceName =
  | 'identity'
  | 'profile'
  | 'chat-support'
  | 'billing'
  | 'integrations'
  | 'affiliate'
  | 'analytics'
  | 'crypto-escrow'
  | 'reports-ai'
  | 'tokenization';

/**
 * Who may call a route.
 * - `public`: anyone (a session, if any, is passed along).
 * - `session`: a signed-in user, verified e-mail or not (e.g. to resend the verification mail).
 * - `verified`: a signed-in user with a verified e-mail (403 EMAIL_NOT_VERIFIED otherwise).
 * - `support`: verified, with the role `support` or `admin` (403 FORBIDDEN otherwise).
 * - `admin`: verified, with the role `admin`.
 * - `webhook`: a provider that signs the raw bytes (Stripe, Coinbase, a processor); no browser
 *   checks, the body streamed through untouched for the service to verify.
 * - `internal`: service to service only (e.g. the gateway resolving an API key); the gateway never
 *   exposes it and the public reference leaves it out.
 */
export type RouteAccess = 'public' | 'session' | 'verified' | 'support' | 'admin' | 'webhook' | 'internal';

/**
 * The scope an API key needs for a route; a route without one refuses API keys. `webhooks`: the
 * routes that redirect a merchant's events or hand out a webhook signing secret (off by default).
 */
export type ApiKeyScope = 'read' | 'write' | 'webhooks';

/** A gateway setting (GatewayConfig) holding a limit's count per window. */
export type RateLimitSetting =
  | 'RATE_LIMIT_LOGIN_PER_MINUTE'
  | 'RATE_LIMIT_REGISTER_PER_HOUR'
  | 'RATE_LIMIT_SEND_VERIFICATION_PER_HOUR'
  | 'RATE_LIMIT_KYC_START_PER_HOUR'
  | 'RATE_LIMIT_CONTACT_PER_HOUR'
  | 'RATE_LIMIT_CONTACT_PER_EMAIL_PER_HOUR'
  | 'RATE_LIMIT_ANALYTICS_EVENTS_PER_MINUTE'
  | 'RATE_LIMIT_CRYPTO_WEBHOOK_PER_MINUTE'
  | 'RATE_LIMIT_REPORTS_PER_MINUTE'
  | 'RATE_LIMIT_TOKENIZATION_UPLOAD_PER_HOUR'
  | 'RATE_LIMIT_API_KEY_MANAGEMENT_PER_HOUR'
  | 'RATE_LIMIT_WEBHOOK_ENDPOINTS_PER_HOUR';

export interface RouteRateLimit {
  /** The setting holding how many calls a window allows. */
  setting: RateLimitSetting;
  windowSeconds: number;
  /** Counted per value of this JSON body field (e.g. the e-mail) instead of per client address. */
  bodyField?: string;
}

export interface RouteDescriptor {
  /** Unique and stable: the OpenAPI operationId and the SDK's method name. */
  id: string;
  method: HttpMethod;
  /** Starts with /api/; `:name` segments are path parameters. */
  path: string;
  service: ServiceName;
  /** One line for the reference (docs/openapi.json, /api/docs). */
  summary: string;
  /** The reference's section. */
  tag: string;
  access: RouteAccess;
  /** API keys with this scope may call the route (sessions always may, if `access` lets them). */
  apiKey?: ApiKeyScope;
  /** Moves money (a charge, an escrow, a payout, a payment): test API keys are refused with 403. */
  movesMoney?: boolean;
  /** Per client address, each limit apart (all must allow the call). */
  rateLimits?: readonly RouteRateLimit[];
  query?: z.ZodType;
  /** The JSON body (or, for an upload, the multipart fields). */
  body?: z.ZodType;
  /** The success answer's body; absent for a 204, a file or a stream. */
  response?: z.ZodType;
  /** The success status when not 200. */
  status?: 201 | 202 | 204 | 302;
  /** What a success answer carries when it is not JSON. */
  produces?: 'application/pdf' | 'text/event-stream' | 'application/octet-stream' | 'text/html';
  /** A long-lived server-sent-events stream: forwarded over its own upstream connections. */
  stream?: boolean;
  /** A browser's file upload: `multipart/form-data` up to `maxBytes` (the length declared up front). */
  upload?: { maxBytes: number };
}

/** Fills `:name` segments with the given values, each %-encoded. */
export function routePath(route: Pick<RouteDescriptor, 'path'>, params: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** The `:name` parameters of a route's path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
}

/** `route` helper: keeps each descriptor's literal type (for typed calls) while checking its shape. */
export const route = <const R extends RouteDescriptor>(descriptor: R): R => descriptor;

/** The request header naming a retry-safe POST (docs/developer-platform.md, "Idempotency"). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * The POSTs that accept an Idempotency-Key: those a signed-in member or an API key makes to create
 * or move something. Not public ones (sign-in, registration: no caller to key them by), provider
 * webhooks (deduplicated by their event ids), internal calls, streams or uploads.
 */
export const acceptsIdempotencyKey = (
  route: Pick<RouteDescriptor, 'method' | 'access' | 'stream' | 'upload'>,
): boolean =>
  route.method === 'POST' &&
  route.access !== 'public' &&
  route.access !== 'webhook' &&
  route.access !== 'internal' &&
  !route.stream &&
  !route.upload;
