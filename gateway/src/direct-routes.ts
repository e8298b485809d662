import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';
import { type ApiCall, type ApiCalls, REQUEST_ID, type Refusal, requestIdOf, requestRefusal } from './api-calls';
import type { DurationHistogram } from './duration-histogram';
import type { ErrorBody } from '@app/contracts';
import { ErrorCode, messages } from './errors';
import { IdempotentForward } from './idempotency/idempotent-forward';
import { type CallLog, type ForwardedCall, type HeaderBase, HeaderList, headerBase, type Upstream } from './forward';
import { RouteMatcher, type Route } from './routes';

/**
 * The proxied API calls served straight on node:http's request and response, without Fastify's
 * request lifecycle (router, hooks, Request and Reply objects, a child logger per request): the
 * same checks in the same order (api-calls.ts), the same answers, headers, metrics and log lines
 * as the Fastify routes in server.ts give them. Anything else falls through to Fastify: other
 * paths (web app, API docs, health, 404 and 405), HEAD, URLs holding escapes, routes whose body
 * is read for a rate limit, and bodies that are not plainly JSON (Fastify's content-type checks).
 */

/** A route served directly, with its pool, its body limit and its metrics label. */
export interface DirectRoute extends Pick<Route, 'method' | 'path'> {
  route: Route;
  pool: Upstream;
  bodyLimit: number;
}

export interface DirectDeps {
  routes: DirectRoute[];
  calls: ApiCalls;
  /** The security headers every answer carries. */
  security: Readonly<Record<string, string>>;
  duration: DurationHistogram;
  /** Fastify's logger (app.log): request lines are its children's, with `reqId`, as Fastify's. */
  log: FastifyBaseLogger;
  trustProxy: boolean | string[];
}

/** A body Fastify would pass on as is (its catch-all parser): JSON, plainly typed. */
const plainJson = /^application\/json(?:\s*;\s*charset=utf-8)?$/i;

/** Serves matched API calls; `serve` answers false for a request it leaves to Fastify. */
export class DirectRoutes {
  private readonly matcher: RouteMatcher<DirectRoute>;
  private readonly trusted: (address: string, index: number) => boolean;
  /** The security headers, copied into each answer's HeaderList. */
  readonly security: HeaderBase;

  constructor(private readonly deps: DirectDeps) {
    this.matcher = new RouteMatcher(deps.routes);
    this.security = headerBase(deps.security);
    const { trustProxy } = deps;
    // Fastify's own reading of trustProxy (request.ip, request.host).
    this.trusted = trustProxy === true ? () => true : proxyAddr.compile(trustProxy === false ? [] : trustProxy);
  }

  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method!;
    const direct = this.matcher.match(method, req.url);
    if (!direct) return false;
    const headers = req.headers;
    // A keyed POST's body is read whole and its answer kept: Fastify's route serves it (server.ts).
    if (IdempotentForward.applies(direct.route, headers)) return false;
    let body: IncomingMessage | undefined;
    if (method !== 'GET') {
      const type = headers['content-type'];
      if (type === undefined) {
        const length = headers['content-length'];
        if (headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')) return false;
      } else if (plainJson.test(type)) {
        body = req;
      } else {
        return false;
      }
    }
    new DirectCall(this, this.deps, direct, req, res, this.ipOf(req), body).run();
    return true;
  }

  /** The client's address as Fastify's request.ip gives it with trustProxy. */
  private ipOf(req: IncomingMessage): string {
    const peer = req.socket.remoteAddress!;
    if (req.headers['x-forwarded-for'] === undefined || !this.trusted(peer, 0)) return peer;
    const addresses = proxyAddr.all(req, this.trusted);
    return addresses[addresses.length - 1]!;
  }

  /** Fastify's request.host with trustProxy (for the request log line). */
  hostOf(req: IncomingMessage): string {
    // node:http joins a repeated X-Forwarded-Host into one string.
    const forwarded = req.headers['x-forwarded-host'] as string | undefined;
    if (forwarded && this.trusted(req.socket.remoteAddress!, 0)) {
      const last = forwarded.lastIndexOf(',');
      return last === -1 ? forwarded.trim() : forwarded.slice(last + 1).trim();
    }
    return req.headers.host ?? '';
  }
}

/** A request's logger, made (pino's child with `reqId`, as Fastify's) only when a line is written. */
class RequestLog implements CallLog {
  private child?: FastifyBaseLogger;

  constructor(
    private readonly root: FastifyBaseLogger,
    private readonly id: string,
  ) {}

  enabled(level: 'info' | 'warn' | 'error'): boolean {
    // Fastify's logger when logging is off (`logger: false`) has no levels: nothing is written.
    return (this.root as FastifyBaseLogger & Partial<Pick<Logger, 'isLevelEnabled'>>).isLevelEnabled?.(level) ?? false;
  }

  logger(): FastifyBaseLogger {
    return (this.child ??= this.root.child({ reqId: this.id }));
  }

  info(fields: object, message: string): void {
    if (this.enabled('info')) this.logger().info(fields, message);
  }

  warn(fields: object, message: string): void {
    if (this.enabled('warn')) this.logger().warn(fields, message);
  }

  error(fields: object, message: string): void {
    if (this.enabled('error')) this.logger().error(fields, message);
  }
}

class DirectCall implements ApiCall, ForwardedCall {
  readonly headers: IncomingMessage['headers'];
  readonly log: RequestLog;
  keyToken?: string;
  private readonly id: string;
  private readonly started = performance.now();
  /** The answer's headers so far: security headers, request id, rate limit. */
  private readonly out: HeaderList;

  constructor(
    private readonly owner: DirectRoutes,
    private readonly deps: DirectDeps,
    private readonly direct: DirectRoute,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly ip: string,
    readonly body: IncomingMessage | undefined,
  ) {
    this.headers = req.headers;
    this.id = requestIdOf(req);
    this.log = new RequestLog(deps.log, this.id);
    this.out = new HeaderList(owner.security);
    this.out.set(REQUEST_ID, this.id);
  }

  run(): void {
    const { req, res, direct, deps, log } = this;
    if (log.enabled('info')) {
      const request = {
        method: req.method,
        url: req.url,
        host: this.owner.hostOf(req),
        ip: this.ip,
        socket: req.socket,
      };
      log.logger().info({ req: request }, 'incoming request');
    }
    const refusal =
      requestRefusal(this.headers, req.url!, direct.bodyLimit) ?? deps.calls.routeRefusal(direct.route, this.headers);
    if (refusal) return this.refuse(refusal);
    deps.calls
      .guard(direct.route, this)
      .then((denied) => (denied ? this.refuse(denied) : this.forward()))
      .catch((error: unknown) => {
        // As Fastify's error handler (server.ts): logged on the root logger, answered 500.
        deps.log.error(error);
        if (!res.headersSent) this.answer(500, ErrorCode.Internal, messages.internal);
      });
  }

  private forward(): void {
    const refusal = this.deps.calls.forwardRefusal(this.req.url!);
    if (refusal) return this.refuse(refusal);
    const headers = this.deps.calls.upstreamHeaders(this, this.id);
    this.direct.pool.forward(this, headers, this.body);
  }

  setHeader(name: string, value: string | number): void {
    this.out.set(name, value);
  }

  logError(error: unknown, message: string): void {
    this.log.error({ err: error }, message);
  }

  begin(): HeaderList {
    return this.out;
  }

  fail(): void {
    this.answer(503, ErrorCode.ServiceUnavailable, messages.unavailable);
  }

  private refuse({ status, error, message }: Refusal): void {
    this.answer(status, error, message);
  }

  /** A JSON error answer, as errors.ts's sendError gives it through Fastify. */
  private answer(status: number, error: ErrorCode, message: string): void {
    const body: ErrorBody = { error, message };
    const text = JSON.stringify(body);
    const out = this.out;
    out.set('content-type', 'application/json; charset=utf-8');
    out.set('content-length', Buffer.byteLength(text));
    this.res.writeHead(status, out.raw);
    this.res.end(text, () => this.done());
  }

  /** The answer has been written in full ('finish'): counted and logged as Fastify's onResponse would. */
  done(): void {
    const elapsed = performance.now() - this.started;
    const status = this.res.statusCode;
    this.deps.duration.observe(this.direct.path, status, elapsed / 1000);
    if (this.log.enabled('info')) {
      this.log.logger().info({ res: { statusCode: status }, responseTime: elapsed }, 'request completed');
    }
  }
}

/**
 * Fastify's serverFactory: node:http's server as Fastify makes it (its timeouts), whose requests
 * go first to `direct()` (once the gateway has built it), then to Fastify.
 */
export function serverWithDirectRoutes(
  direct: () => DirectRoutes | undefined,
): NonNullable<FastifyServerOptions['serverFactory']> {
  return (handler, serverOptions) => {
    // Fastify's options with its defaults filled in.
    const options = serverOptions as {
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number | null;
    };
    const server = createServer((req, res) => {
      const routes = direct();
      if (!routes?.serve(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
