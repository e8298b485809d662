import type { OutgoingHttpHeader } from 'node:http';
import { isWebRoute } from '@app/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { ApiCalls, type ApiCall, type Refusal, REQUEST_ID, requestIdOf, requestRefusal } from './api-calls';
import { registerApiDocs } from './api-docs';
import type { GatewayConfig } from './config';
import { DirectRoutes, serverWithDirectRoutes, type DirectRoute } from './direct-routes';
import { ErrorCode, messages, sendError } from './errors';
import { HeaderList, headerBase, Upstream as UpstreamPool, type ForwardedCall } from './forward';
import { IdempotentForward } from './idempotency/idempotent-forward';
import { gatewayMetrics, type GatewayMetrics } from './internal-server';
import { isKnownPath, routeTable, upstreamUrls, type Route, type Upstream } from './routes';
import { gatewaySecurityHeaders } from './security-headers';
import { registerWebApp, serveIndex } from './web-app';

/** How long a proxied stream may go without a byte before the gateway drops it. */
const STREAM_SILENCE_MS = 60_000;

export interface GatewayDeps {
  config: GatewayConfig;
  redis: Redis;
  logger?: boolean | object;
  /** Request durations; main.ts serves them on the internal port (buildInternalServer). */
  metrics?: GatewayMetrics;
}

/** A call served by Fastify, as the guard and the forwarding see it. */
class FastifyCall implements ApiCall, ForwardedCall {
  keyToken?: string;
  callerId?: string;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {}

  get headers() {
    return this.request.headers;
  }
  get ip() {
    return this.request.ip;
  }
  get body() {
    return this.request.body;
  }
  get req() {
    return this.request.raw;
  }
  get res() {
    return this.reply.raw;
  }
  get log() {
    return this.request.log;
  }
  setHeader(name: string, value: string | number): void {
    this.reply.header(name, value);
  }
  logError(error: unknown, message: string): void {
    this.request.log.error({ err: error }, message);
  }
  begin(): HeaderList {
    const out = new HeaderList(headerBase(this.reply.getHeaders() as Record<string, OutgoingHttpHeader>));
    this.reply.hijack();
    return out;
  }
  fail(): void {
    sendError(this.reply, 503, ErrorCode.ServiceUnavailable, messages.unavailable);
  }
  /** Fastify counts and logs the answer itself (onResponse). */
  done(): void {}
}

const refuse = (reply: FastifyReply, { status, error, message }: Refusal) => sendError(reply, status, error, message);

export async function buildGateway({
  config,
  redis,
  logger = false,
  metrics = gatewayMetrics(),
}: GatewayDeps): Promise<FastifyInstance> {
  /** The API calls served without Fastify's lifecycle (direct-routes.ts), once the routes are known. */
  let direct: DirectRoutes | undefined;
  const app = Fastify({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    serverFactory: serverWithDirectRoutes(() => direct),
    // The router refuses a path it cannot decode before any hook runs.
    frameworkErrors: (_error, _request, reply) =>
      sendError(reply, 400, ErrorCode.ValidationFailed, messages.malformedUrl),
    genReqId: requestIdOf,
  });
  const calls = new ApiCalls(config, redis);
  const idempotency = new IdempotentForward(redis, config.IDEMPOTENCY_KEY_TTL_SECONDS, config.BODY_LIMIT_BYTES);
  /** The guard's view of each request Fastify serves. */
  const fastifyCalls = new WeakMap<FastifyRequest, FastifyCall>();

  // Set before any route scope is registered: a scope keeps the error handler it was created with.
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) return sendError(reply, 413, ErrorCode.PayloadTooLarge, messages.tooLarge);
    if (status >= 400 && status < 500)
      return sendError(reply, status, ErrorCode.ValidationFailed, (error as Error).message);
    app.log.error(error);
    return sendError(reply, 500, ErrorCode.Internal, messages.internal);
  });

  // Bodies pass through untouched: the owning service parses and validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  const security = gatewaySecurityHeaders(config.NODE_ENV === 'production', config.STRIPE_JS_URL);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(security);
    reply.header(REQUEST_ID, request.id);
    // The route's limit: BODY_LIMIT_BYTES, or an upload route's own (routeOptions.bodyLimit).
    const refusal = requestRefusal(request.headers, request.url, request.routeOptions.bodyLimit);
    if (refusal) return refuse(reply, refusal);
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.duration.observe(request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });

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
  const directRoutes: DirectRoute[] = [];
  app.addHook('onClose', async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });
  for (const { upstream, stream, routes } of routeGroups.values()) {
    // A stream's service sends a keep-alive every 20 s: one silent for a minute is gone, and the
    // browser reconnects. Streams get a connection each (no cap beyond the process's sockets).
    const pool = new UpstreamPool(upstreams[upstream], { stream, bodyTimeout: STREAM_SILENCE_MS });
    pools.push(pool);
    for (const route of routes) {
      // A limit keyed by a body field needs the JSON body in hand: those stay with Fastify.
      if (!route.bodyRateLimit) {
        const bodyLimit = route.upload?.maxBytes ?? config.BODY_LIMIT_BYTES;
        directRoutes.push({ method: route.method, path: route.path, route, pool, bodyLimit });
      }
    }
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
              const refusal =
                calls.routeRefusal(route, request.headers) ?? IdempotentForward.headerRefusal(route, request.headers);
              if (refusal) return refuse(reply, refusal);
            },
            preHandler: async (request, reply) => {
              const call = new FastifyCall(request, reply);
              fastifyCalls.set(request, call);
              const refusal = await calls.guard(route, call);
              if (refusal) return refuse(reply, refusal);
            },
            handler: (request, reply) => {
              const refusal = calls.forwardRefusal(request.url);
              if (refusal) return void refuse(reply, refusal);
              const call = fastifyCalls.get(request) ?? new FastifyCall(request, reply);
              // A body read for a rate-limit key goes on byte for byte; any other is streamed as it arrives.
              const body = request.body as Buffer | NodeJS.ReadableStream | undefined;
              const headers = calls.upstreamHeaders(call, request.id);
              if (IdempotentForward.applies(route, request.headers)) {
                // Read whole, run once per key, its answer kept for retries (gateway/src/idempotency).
                const send = (watched: ForwardedCall, bytes: Buffer | undefined) =>
                  pool.forward(watched, headers, bytes);
                return void idempotency.forward(route, call, reply, body, send).catch((error: unknown) => {
                  request.log.error({ err: error }, 'keyed request failed');
                  if (!reply.sent) sendError(reply, 500, ErrorCode.Internal, messages.internal);
                });
              }
              pool.forward(call, headers, body);
            },
          });
        });
      }
    });
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
    // The app's page for every page path: 200 for a path its router knows, 404 (its not-found screen) for any other.
    if (servesWeb && (request.method === 'GET' || request.method === 'HEAD'))
      return serveIndex(reply.code(isWebRoute(path ?? '') ? 200 : 404));
    return sendError(reply, 404, ErrorCode.NotFound, 'Not found');
  });

  // Until closing starts: then every request goes through Fastify, which answers as it closes.
  const served = new DirectRoutes({
    routes: directRoutes,
    calls,
    security,
    duration: metrics.duration,
    log: app.log,
    trustProxy: config.TRUST_PROXY,
  });
  direct = served;
  app.addHook('preClose', async () => {
    direct = undefined;
  });
  return app;
}
