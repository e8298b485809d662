import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { API_KEY_SCOPES_HEADER } from '@app/contracts';
import { RateLimiter } from '@app/platform/redis';
import { injectTraceContext } from '@app/platform/telemetry';
import type Redis from 'ioredis';
import { ApiKeyCheckUnavailable, ApiKeyResolver, apiKeyOf } from './api-keys';
import { browserRefusal } from './browser-checks';
import { CLIENT_ADDRESS_HEADER, plainAddress } from './client-address';
import type { GatewayConfig } from './config';
import { ErrorCode, messages } from './errors';
import { upstreamRequestHeaders } from './forward';
import { clientKey } from './rate-limiter';
import type { RateLimit, Route } from './routes';
import { SessionCheckUnavailable, SessionVerifier } from './session';

/**
 * What the gateway checks of a proxied API call and how it forwards it, the same for both ways a
 * call is served: through Fastify (server.ts) and directly on node:http's request and response
 * (direct-routes.ts). Each check answers a refusal (status, code, message) or nothing.
 */

export const REQUEST_ID = 'x-request-id';
const validRequestId = /^[\w.:-]{1,100}$/;

/** A request's id: the client's X-Request-Id when it is a sane one, a new UUID otherwise. */
export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const given = req.headers[REQUEST_ID];
  return typeof given === 'string' && validRequestId.test(given) ? given : randomUUID();
}

export interface Refusal {
  status: number;
  error: ErrorCode;
  message: string;
}

/** Whether every %-escape of a URL decodes (the proxy and the services decode them). */
export function isDecodable(url: string): boolean {
  if (!url.includes('%')) return true;
  try {
    decodeURIComponent(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a URL (query included) holds a `..` segment once decoded: a path a service might resolve
 * outside the one routed to it. Only URLs holding `..` or an escaped dot are decoded.
 */
export function stepsOut(url: string): boolean {
  if (!url.includes('..') && !/%2e/i.test(url)) return false;
  const decoded = decodeURIComponent(url);
  return decoded === '..' || decoded.includes('/..') || decoded.includes('../');
}

const tooLarge: Refusal = { status: 413, error: ErrorCode.PayloadTooLarge, message: messages.tooLarge };
const malformedUrl: Refusal = { status: 400, error: ErrorCode.ValidationFailed, message: messages.malformedUrl };
const lengthRequired: Refusal = { status: 411, error: ErrorCode.ValidationFailed, message: messages.lengthRequired };
const pathTraversal: Refusal = { status: 400, error: ErrorCode.ValidationFailed, message: messages.pathTraversal };
const unavailable: Refusal = { status: 503, error: ErrorCode.ServiceUnavailable, message: messages.unavailable };
const unauthenticated: Refusal = { status: 401, error: ErrorCode.Unauthenticated, message: messages.unauthenticated };
const unverified: Refusal = { status: 403, error: ErrorCode.EmailNotVerified, message: messages.unverified };

/**
 * Every request's first checks, before its route's: a declared length over the route's limit
 * (`bodyLimit`: BODY_LIMIT_BYTES, or an upload route's own), a URL whose escapes do not decode.
 */
export function requestRefusal(headers: IncomingHttpHeaders, url: string, bodyLimit: number): Refusal | undefined {
  const length = headers['content-length'];
  if (length !== undefined && Number(length) > bodyLimit) return tooLarge;
  if (!isDecodable(url)) return malformedUrl;
  return undefined;
}

/** A body field as a rate-limit key (lower-cased), when the body is JSON holding it as a string. */
function bodyFieldOf(body: unknown, field: string): string | undefined {
  if (!Buffer.isBuffer(body)) return undefined;
  try {
    const value = (JSON.parse(body.toString('utf8')) as Record<string, unknown> | null)?.[field];
    return typeof value === 'string' && value.trim() ? value.trim().toLowerCase().slice(0, 254) : undefined;
  } catch {
    return undefined;
  }
}

/** Headers a client may not smuggle to a service. */
const strippedHeaders: ReadonlySet<string> = new Set([
  'x-user-id',
  'x-user-email',
  'x-forwarded-host',
  API_KEY_SCOPES_HEADER,
]);

/** One API call as the guard sees it, whichever way it is served. */
export interface ApiCall {
  readonly headers: IncomingHttpHeaders;
  /** The client's address as judged with TRUST_PROXY. */
  readonly ip: string;
  /** The body, when the route's body rate limit needed it read (a Buffer). */
  readonly body?: unknown;
  /** Sets a header of the answer (rate-limit headers), whatever the answer turns out to be. */
  setHeader(name: string, value: string | number): void;
  logError(error: unknown, message: string): void;
  /** Set by the guard: identity's access token for the call's API key, forwarded in its place. */
  keyToken?: string;
  /** Set by the guard: the account calling, by session or API key (the same for both: idempotency keys). */
  callerId?: string;
}

export class ApiCalls {
  private readonly sessions: SessionVerifier;
  private readonly limiter: RateLimiter;
  /** The RateLimit-Remaining each call's answer shows so far. */
  private readonly rateLimitShown = new WeakMap<ApiCall, number>();
  private readonly apiKeys: ApiKeyResolver;
  /** The scopes of each call's API key, sent on with it (API_KEY_SCOPES_HEADER). */
  private readonly keyScopes = new WeakMap<ApiCall, readonly string[]>();
  /** The web app's own origin: the only one a browser may send state-changing requests from. */
  private readonly ownOrigins: string[];

  constructor(
    private readonly config: GatewayConfig,
    redis: Redis,
  ) {
    this.sessions = new SessionVerifier(config.JWT_PUBLIC_KEYS, config.TOKEN_CACHE_MS, redis);
    this.limiter = new RateLimiter(redis);
    this.apiKeys = new ApiKeyResolver(config.IDENTITY_URL, config.API_KEY_CACHE_MS);
    this.ownOrigins = [new URL(config.PUBLIC_URL).origin];
  }

  /**
   * A route's checks before its body is read (nothing of a refused request is forwarded): the
   * browser checks, and an upload's declared length (one streamed without a length, chunked,
   * could run past its limit once forwarding has begun).
   */
  routeRefusal(route: Route, headers: IncomingHttpHeaders): Refusal | undefined {
    const refusal = browserRefusal(route, headers, this.ownOrigins);
    if (refusal) return refusal;
    if (route.upload && headers['content-length'] === undefined && headers['transfer-encoding'] !== undefined) {
      return lengthRequired;
    }
    return undefined;
  }

  /** The rate limits, then the session or API key the route needs. */
  async guard(route: Route, call: ApiCall): Promise<Refusal | undefined> {
    const limits = route.rateLimits;
    for (let index = 0; index < limits.length; index++) {
      const bucket = index === 0 ? route.path : `${route.path}#${index}`;
      const refusal = await this.withinLimit(call, bucket, call.ip, limits[index]!);
      if (refusal) return refusal;
    }
    const bodyKey = route.bodyRateLimit && bodyFieldOf(call.body, route.bodyRateLimit.field);
    if (route.bodyRateLimit && bodyKey) {
      const bucket = `${route.path}:${route.bodyRateLimit.field}`;
      const refusal = await this.withinLimit(call, bucket, bodyKey, route.bodyRateLimit);
      if (refusal) return refusal;
    }
    if (!route.session) return undefined;
    const { cookie, authorization } = call.headers;
    const key = apiKeyOf(authorization);
    if (key) return this.keyGuard(route, key, call);
    // Signature (cached briefly) and the revocation list (asked every time): a signed-out token is refused at once.
    let user;
    try {
      user = await this.sessions.userOfHeaders(cookie, authorization);
    } catch (error) {
      if (!(error instanceof SessionCheckUnavailable)) throw error;
      call.logError(error, 'session revocation list unreadable');
      return unavailable;
    }
    if (!user) return unauthenticated;
    if (route.verifiedEmail && !user.emailVerified) return unverified;
    call.callerId = user.id;
    return undefined;
  }

  /**
   * A program's call with an API key: only on routes whose descriptor allows keys, within the
   * key's own rate limit, with the scope the route needs, never money moved with a test key. The
   * service then sees the key's owner as for a session: identity's access token for the key (its
   * session id is the key's, so a revoked key's token is refused at once here and by the service).
   */
  private async keyGuard(route: Route, key: string, call: ApiCall): Promise<Refusal | undefined> {
    if (!route.apiKey) return { status: 403, error: ErrorCode.Forbidden, message: messages.apiKeyNotAccepted };
    let user;
    let resolution;
    try {
      resolution = await this.apiKeys.resolve(key);
      user = resolution && (await this.sessions.userOf({}, `Bearer ${resolution.token}`));
    } catch (error) {
      if (!(error instanceof ApiKeyCheckUnavailable || error instanceof SessionCheckUnavailable)) throw error;
      call.logError(error, 'API key could not be checked');
      return unavailable;
    }
    if (!resolution || !user) return { status: 401, error: ErrorCode.Unauthenticated, message: messages.invalidApiKey };
    const perKey = { max: this.config.RATE_LIMIT_API_KEY_PER_MINUTE, windowSeconds: 60 };
    const limited = await this.withinLimit(call, 'api-key', resolution.keyId, perKey);
    if (limited) return limited;
    if (!resolution.scopes.includes(route.apiKey)) {
      return { status: 403, error: ErrorCode.Forbidden, message: messages.apiKeyScope(route.apiKey) };
    }
    if (route.movesMoney && resolution.mode === 'test') {
      return { status: 403, error: ErrorCode.Forbidden, message: messages.testKeyMovesMoney };
    }
    if (route.verifiedEmail && !user.emailVerified) return unverified;
    call.keyToken = resolution.token;
    this.keyScopes.set(call, resolution.scopes);
    call.callerId = user.id;
    return undefined;
  }

  private async withinLimit(
    call: ApiCall,
    bucket: string,
    client: string,
    limit: RateLimit,
  ): Promise<Refusal | undefined> {
    const decision = await this.limiter.hit(bucket, clientKey(client), limit.max, limit.windowSeconds);
    // RateLimit-* of the limit closest to running out (a call can count against several), and
    // always of the one that refused: its size, what is left and the seconds until its window ends.
    const shown = this.rateLimitShown.get(call);
    if (!decision.allowed || shown === undefined || decision.remaining <= shown) {
      this.rateLimitShown.set(call, decision.remaining);
      call.setHeader('ratelimit-limit', limit.max);
      call.setHeader('ratelimit-remaining', decision.remaining);
      call.setHeader('ratelimit-reset', decision.retryAfterSeconds);
    }
    if (decision.allowed) return undefined;
    call.setHeader('retry-after', decision.retryAfterSeconds);
    return {
      status: 429,
      error: ErrorCode.RateLimited,
      message: messages.rateLimited(decision.retryAfterSeconds),
    };
  }

  /** A `..` segment in the URL, refused before forwarding. */
  forwardRefusal(url: string): Refusal | undefined {
    return stepsOut(url) ? pathTraversal : undefined;
  }

  /** The headers a service receives with a call. */
  upstreamHeaders(call: ApiCall, requestId: string): Record<string, string | string[]> {
    const headers = upstreamRequestHeaders(call.headers, strippedHeaders);
    headers[REQUEST_ID] = requestId;
    // A key's call goes on as its owner's: identity's token in the key's place, no cookies beside it.
    // The key's scopes go along, for the checks that depend on the body (a webhook endpoint's URL).
    if (call.keyToken) {
      headers.authorization = `Bearer ${call.keyToken}`;
      headers[API_KEY_SCOPES_HEADER] = (this.keyScopes.get(call) ?? []).join(',');
      delete headers.cookie;
    }
    // The client's address as the gateway judged it (TRUST_PROXY), in place of any the client sent.
    headers[CLIENT_ADDRESS_HEADER] = plainAddress(call.ip);
    // The service's spans join the gateway's trace.
    injectTraceContext(headers);
    return headers;
  }
}
