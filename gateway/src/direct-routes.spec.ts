import { once } from 'node:events';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseConfig } from '@app/platform/config';
import { generateSigningKey, parseSigningKey, signAccessToken } from '@app/platform/tokens';
import type { FastifyInstance } from 'fastify';
import type Redis from 'ioredis';
import { gatewayConfigSchema } from './config';
import { messages } from './errors';
import { gatewayMetrics } from './internal-server';
import { buildGateway } from './server';

/** The part of Redis the gateway uses, in memory: the revocation MGET and the limiter's counters. */
function fakeRedis() {
  const counters = new Map<string, number>();
  return {
    async mget(keys: string[]) {
      return keys.map(() => null);
    },
    multi() {
      let count = 0;
      const chain = {
        incr(key: string) {
          count = (counters.get(key) ?? 0) + 1;
          counters.set(key, count);
          return chain;
        },
        expire: () => chain,
        exec: async () => [[null, count]],
      };
      return chain;
    },
  };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The header lines as received: names and values in turn. */
  rawHeaders: string[];
  body: string;
}

/** One request; a Content-Length over 0 is declared without sending the body (the gateway must answer first). */
function send(
  base: string,
  path: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, rawHeaders: res.rawHeaders, body }));
    });
    req.on('error', reject);
    if (headers['content-length'] && Number(headers['content-length']) > 0) req.flushHeaders();
    else req.end();
  });
}

describe('API calls served directly on node:http (direct-routes.ts)', () => {
  const keys = generateSigningKey('spec');
  let cookie: string;
  const received: { url: string; headers: IncomingHttpHeaders }[] = [];
  let service: Server;
  let gateway: FastifyInstance;
  let base: string;
  const metrics = gatewayMetrics();

  beforeAll(async () => {
    cookie = `access_token=${await signAccessToken(
      {
        id: '00000000-0000-4000-8000-000000000001',
        email: 'aroha@example.test',
        emailVerified: true,
        role: 'user',
        sessionId: '00000000-0000-4000-8000-000000000002',
      },
      parseSigningKey(keys.signingKey),
      900,
    )}`;
    service = createServer((req, res) => {
      received.push({ url: req.url!, headers: req.headers });
      // As the services answer: their own X-Request-Id (the gateway's, echoed), and here a header
      // the gateway sets too.
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-request-id': req.headers['x-request-id'],
        'x-frame-options': 'DENY',
      });
      res.end('{"ok":true}');
    });
    service.listen(0, '127.0.0.1');
    await once(service, 'listening');
    const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    const config = parseConfig(gatewayConfigSchema, {
      NODE_ENV: 'test',
      REDIS_URL: 'redis://127.0.0.1:6379/15',
      JWT_PUBLIC_KEYS: keys.publicKey,
      PROFILE_URL: serviceUrl,
      IDENTITY_URL: serviceUrl,
      RATE_LIMIT_LOGIN_PER_MINUTE: '1',
      WEB_DIST: '/nonexistent-web-dist',
    });
    gateway = await buildGateway({ config, redis: fakeRedis() as unknown as Redis, metrics });
    base = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway?.close();
    service?.close();
  });

  it('forwards a signed-in call with the security headers, the request id and the client address', async () => {
    const answer = await send(base, '/api/user/profile?tab=1', {
      headers: { cookie, 'x-request-id': 'req-42', 'x-user-id': 'forged' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('{"ok":true}');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const forwarded = received.at(-1)!;
    // A header both the gateway and the service set is written once, with the service's value.
    const lines = (name: string) =>
      answer.rawHeaders.filter((_, index) => index % 2 === 0 && answer.rawHeaders[index] === name);
    expect(lines('x-request-id')).toHaveLength(1);
    expect(answer.headers['x-request-id']).toBe('req-42');
    expect(lines('x-frame-options')).toHaveLength(1);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(forwarded.url).toBe('/api/user/profile?tab=1');
    expect(forwarded.headers['x-request-id']).toBe('req-42');
    expect(forwarded.headers['x-client-address']).toBe('127.0.0.1');
    expect(forwarded.headers['x-user-id']).toBeUndefined();
    expect(forwarded.headers.cookie).toBe(cookie);
    expect(await metrics.registry.metrics()).toMatch(
      /^gateway_request_duration_seconds_count\{route="\/api\/user\/profile",status="200"\} [1-9]/m,
    );
  });

  it('answers 401 without a session, with a fresh request id for an unusable one', async () => {
    const answer = await send(base, '/api/user/profile', { headers: { 'x-request-id': 'bad id!' } });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ error: 'UNAUTHENTICATED', message: messages.unauthenticated });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers['content-security-policy']).toBeDefined();
  });

  it('answers 400 to a query whose escapes do not decode, and to a ".." segment', async () => {
    const malformed = await send(base, '/api/user/profile?next=%zz', { headers: { cookie } });
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body).message).toBe(messages.malformedUrl);
    const traversal = await send(base, '/api/user/profile?next=%2e%2e/admin', { headers: { cookie } });
    expect(traversal.status).toBe(400);
    expect(JSON.parse(traversal.body).message).toBe(messages.pathTraversal);
  });

  it('answers 413 to a declared length over the limit before reading the body', async () => {
    const answer = await send(base, '/api/user/profile', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) },
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(messages.tooLarge);
  });

  it('refuses a cross-site change with 403', async () => {
    const answer = await send(base, '/api/user/profile', {
      method: 'PUT',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json', 'content-length': '0' },
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).message).toBe(messages.crossSite);
  });

  it('counts a rate limit: ratelimit-remaining, then 429 with retry-after', async () => {
    const first = await send(base, '/api/auth/login', { method: 'POST' });
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit-remaining']).toBe('0');
    const second = await send(base, '/api/auth/login', { method: 'POST' });
    expect(second.status).toBe(429);
    expect(second.headers['ratelimit-remaining']).toBe('0');
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(second.body)).toEqual({
      error: 'RATE_LIMITED',
      message: messages.rateLimited(Number(second.headers['retry-after'])),
    });
  });

  it('leaves other methods and paths to Fastify: 405, 404, a malformed path', async () => {
    const wrongMethod = await send(base, '/api/user/profile', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(JSON.parse(wrongMethod.body).message).toBe(messages.methodNotAllowed);
    const unknown = await send(base, '/api/user/nothing-here');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).message).toBe(messages.notFound);
    const malformedPath = await send(base, '/api/user/%zz');
    expect(malformedPath.status).toBe(400);
    expect(JSON.parse(malformedPath.body).message).toBe(messages.malformedUrl);
  });
});
