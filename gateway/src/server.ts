import { randomUUID } from 'node:crypto';
import { RateLimiter } from '@app/platform/redis';
import { injectTraceContext } from '@app/platform/telemetry';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { registerApiDocs } from './api-docs';
import { ApiKeyCheckUnavailable, ApiKeyResolver, apiKeyOf } from './api-keys';
import { browserRefusal } from './browser-checks';
import { CLIENT_ADDRESS_HEADER, plainAddress } from './client-address';
import type { GatewayConfig } from './config';
import { parseCookies } from './cookies';
import { ErrorCode, messages, sendError } from './errors';
import { Upstream as UpstreamPool, upstreamRequestHeaders } from './forward';
import { gatewayMetrics, type GatewayMetrics } from './internal-server';
import { clientKey } from './rate-limiter';
import { isKnownPath, routeTable, upstreamUrls, type RateLimit, type Route, type Upstream } from './routes';
import { gatewaySecurityHeaders } from './security-headers';
import { SessionCheckUnavailable, SessionVerifier } from './session';
import { registerWebApp, serveIndex } from './web-app';

const REQUEST_ID = 'x-request-id';
/** How long a proxied stream may go without a byte before the gateway drops it. */
const STREAM_SILENCE_MS = 60_000;
const validRequestId = /^[\w.:-]{1,100}$/;

export interface GatewayDeps {
  config: GatewayConfig;
  redis: Redis;
  logger?: boolean | object;
  /** Request durations; main.ts serves them on the internal port (buildInternalServer). */
  metrics?: GatewayMetrics;
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

/** Whether every %-escape of a URL decodes (the proxy and the services decode them). */
function isDecodable(url: string): boolean {
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

/** Headers a client may not smuggle to a service. */
const strippedHeaders: ReadonlySet<string> = new Set(['x-user-id', 'x-user-email', 'x-forwarded-host']);

export async function buildGateway({
  config,
  redis,
  logger = false,
  metrics = gatewayMetrics(),
}: GatewayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // The router refuses a path it cannot decode before any hook runs.
    frameworkErrors: (_error, _request, reply) =>
      sendError(reply, 400, ErrorCode.ValidationFailed, messages.malformedUrl),
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID];
      return typeof given === 'string' && validRequestId.test(given) ? given : randomUUID();
    },
  });
  const sessions = new SessionVerifier(config.JWT_PUBLIC_KEYS, config.TOKEN_CACHE_MS, redis);
  const limiter = new RateLimiter(redis);
  const apiKeys = new ApiKeyResolver(config.IDENTITY_URL, config.API_KEY_CACHE_MS);
  /** The access token identity minted for a request's API key: forwarded in the key's place. */
  const keyTokens = new WeakMap<FastifyRequest, string>();

  // Set before any route scope is registered: a scope keeps the error handler it was created with.
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) return sendError(reply, 413, ErrorCode.PayloadTooLarge, messages.tooLarge);
    if (status >= 400 && status < 500)
      return sendError(reply, status, ErrorCode.ValidationFailed, (error as Error).message);
    app.log.error(error);
    return sendError(reply, 500, ErrorCode.Internal, 'Something went wrong. Please try again.');
  });

  // Bodies pass through untouched: the owning service parses and validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  const security = gatewaySecurityHeaders(config.NODE_ENV === 'production');
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(security);
    reply.header(REQUEST_ID, request.id);
    // The route's limit: BODY_LIMIT_BYTES, or an upload route's own (routeOptions.bodyLimit).
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > request.routeOptions.bodyLimit) {
      return sendError(reply, 413, ErrorCode.PayloadTooLarge, messages.tooLarge);
    }
    if (!isDecodable(request.url)) return sendError(reply, 400, ErrorCode.ValidationFailed, messages.malformedUrl);
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.duration.observe(
      { route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  // The web app's own origin: the only one a browser may send state-changing requests from.
  const ownOrigins = [new URL(config.PUBLIC_URL).origin];
  const upstreams = upstreamUrls(config);
  // One connection pool per service for its calls, and one more for its streams (if it has any).
  const routeGroups = new Map<string, { upstream: Upstream; stream: boolean; routes: Route[] }>();
  for (const route of routeTable(config)) {
    const key = `${route.upstream}${route.stream ? ':stream' : ''}`;
    const group = routeGroups.get(key) ?? { upstream: route.upstream, stream: !!route.stream, routes: [] };
    group.routes.push(route);
    routeGroups.set(key, group);
  }

  const pools: UpstreamPool[] = [];
  app.addHook('onClose', async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });
  for (const { upstream, stream, routes } of routeGroups.values()) {
    // A stream's service sends a keep-alive every 20 s: one silent for a minute is gone, and the
    // browser reconnects. Streams get a connection each (no cap beyond the process's sockets).
    const pool = new UpstreamPool(upstreams[upstream], { stream, bodyTimeout: STREAM_SILENCE_MS });
    pools.push(pool);
    await app.register(async (scope) => {
      for (const route of routes) {
        await scope.register(async (routeScope) => {
          // A limit keyed by a body field needs the JSON body in hand; it is forwarded as received.
          if (route.bodyRateLimit) {
            routeScope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
              done(null, body),
            );
          }
          routeScope.route({
            method: route.method,
            url: route.path,
            bodyLimit: route.upload?.maxBytes,
            // Before the body is read: nothing of a refused request is forwarded.
            onRequest: async (request, reply) => {
              const refusal = browserRefusal(route, request.headers, ownOrigins);
              if (refusal) return sendError(reply, refusal.status, refusal.error, refusal.message);
              // An upload's limit is checked against its declared length: one streamed without a
              // length (chunked) could run past it once forwarding has begun.
              const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
              if (route.upload && length === undefined && chunked !== undefined) {
                return sendError(reply, 411, ErrorCode.ValidationFailed, messages.lengthRequired);
              }
            },
            preHandler: async (request, reply) => guard(route, request, reply),
            handler: (request, reply) => forward(pool, request, reply),
          });
        });
      }
    });
  }

  async function guard(route: Route, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    for (const [index, limit] of route.rateLimits.entries()) {
      const bucket = index === 0 ? route.path : `${route.path}#${index}`;
      if (!(await withinLimit(reply, bucket, request.ip, limit))) return reply;
    }
    const bodyKey = route.bodyRateLimit && bodyFieldOf(request.body, route.bodyRateLimit.field);
    if (route.bodyRateLimit && bodyKey) {
      const bucket = `${route.path}:${route.bodyRateLimit.field}`;
      if (!(await withinLimit(reply, bucket, bodyKey, route.bodyRateLimit))) return reply;
    }
    if (!route.session) return;
    const key = apiKeyOf(request.headers.authorization);
    if (key) return keyGuard(route, key, request, reply);
    // Signature (cached briefly) and the revocation list (asked every time): a signed-out token is refused at once.
    let user;
    try {
      user = await sessions.userOf(parseCookies(request.headers.cookie), request.headers.authorization);
    } catch (error) {
      if (!(error instanceof SessionCheckUnavailable)) throw error;
      request.log.error({ err: error }, 'session revocation list unreadable');
      return sendError(reply, 503, ErrorCode.ServiceUnavailable, messages.unavailable);
    }
    if (!user) return sendError(reply, 401, ErrorCode.Unauthenticated, messages.unauthenticated);
    if (route.verifiedEmail && !user.emailVerified) {
      return sendError(reply, 403, ErrorCode.EmailNotVerified, messages.unverified);
    }
  }

  /**
   * A program's call with an API key: only on routes whose descriptor allows keys, within the
   * key's own rate limit, with the scope the route needs, never money moved with a test key. The
   * service then sees the key's owner as for a session: identity's access token for the key (its
   * session id is the key's, so a revoked key's token is refused at once here and by the service).
   */
  async function keyGuard(route: Route, key: string, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    if (!route.apiKey) return sendError(reply, 403, ErrorCode.Forbidden, messages.apiKeyNotAccepted);
    let user;
    let resolution;
    try {
      resolution = await apiKeys.resolve(key);
      user = resolution && (await sessions.userOf({}, `Bearer ${resolution.token}`));
    } catch (error) {
      if (!(error instanceof ApiKeyCheckUnavailable || error instanceof SessionCheckUnavailable)) throw error;
      request.log.error({ err: error }, 'API key could not be checked');
      return sendError(reply, 503, ErrorCode.ServiceUnavailable, messages.unavailable);
    }
    if (!resolution || !user) return sendError(reply, 401, ErrorCode.Unauthenticated, messages.invalidApiKey);
    const perKey = { max: config.RATE_LIMIT_API_KEY_PER_MINUTE, windowSeconds: 60 };
    if (!(await withinLimit(reply, 'api-key', resolution.keyId, perKey))) return reply;
    if (!resolution.scopes.includes(route.apiKey)) {
      return sendError(reply, 403, ErrorCode.Forbidden, messages.apiKeyScope(route.apiKey));
    }
    if (route.movesMoney && resolution.mode === 'test') {
      return sendError(reply, 403, ErrorCode.Forbidden, messages.testKeyMovesMoney);
    }
    if (route.verifiedEmail && !user.emailVerified) {
      return sendError(reply, 403, ErrorCode.EmailNotVerified, messages.unverified);
    }
    keyTokens.set(request, resolution.token);
  }

  async function withinLimit(reply: FastifyReply, bucket: string, client: string, limit: RateLimit): Promise<boolean> {
    const decision = await limiter.hit(bucket, clientKey(client), limit.max, limit.windowSeconds);
    reply.header('ratelimit-remaining', decision.remaining);
    if (decision.allowed) return true;
    reply.header('retry-after', decision.retryAfterSeconds);
    sendError(reply, 429, ErrorCode.RateLimited, messages.rateLimited(decision.retryAfterSeconds));
    return false;
  }

  function forward(pool: UpstreamPool, request: FastifyRequest, reply: FastifyReply): void {
    if (stepsOut(request.url)) {
      sendError(reply, 400, ErrorCode.ValidationFailed, messages.pathTraversal);
      return;
    }
    const headers = upstreamRequestHeaders(request.headers, strippedHeaders);
    headers[REQUEST_ID] = request.id;
    // A key's call goes on as its owner's: identity's token in the key's place, no cookies beside it.
    const keyToken = keyTokens.get(request);
    if (keyToken) {
      headers.authorization = `Bearer ${keyToken}`;
      delete headers.cookie;
    }
    // The client's address as the gateway judged it (TRUST_PROXY), in place of any the client sent.
    headers[CLIENT_ADDRESS_HEADER] = plainAddress(request.ip);
    // The service's spans join the gateway's trace.
    injectTraceContext(headers);
    // A body read for a rate-limit key goes on byte for byte; any other is streamed as it arrives.
    const body = request.body as Buffer | NodeJS.ReadableStream | undefined;
    pool.forward(request, reply, headers, body, (replyOnError) =>
      sendError(replyOnError, 503, ErrorCode.ServiceUnavailable, messages.unavailable),
    );
  }

  registerApiDocs(app);

  // The public port keeps only liveness; /health/ready and /metrics: buildInternalServer (METRICS_PORT).
  app.get('/health/live', async () => ({ status: 'ok' }));

  const servesWeb = await registerWebApp(app, config.WEB_DIST);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/')) {
      const known = isKnownPath(routeTable(config), path);
      return known
        ? sendError(reply, 405, ErrorCode.NotFound, messages.methodNotAllowed)
        : sendError(reply, 404, ErrorCode.NotFound, messages.notFound);
    }
    if (servesWeb && (request.method === 'GET' || request.method === 'HEAD')) return serveIndex(reply);
    return sendError(reply, 404, ErrorCode.NotFound, 'Not found');
  });
  return app;
}
