import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deadLetterPath, MAX_UPLOAD_BYTES } from '@app/contracts';
import { redisOptions } from '@app/platform/redis';
import Redis from 'ioredis';
import { accessCookie, rawRequest, uniqueEmail } from '../../test-support';
import { expectErrorReply } from '../../test-support/error-reply';
import { startGateway, type StartedGateway } from './gateway-in-front';

// The /api/tokenization routes in front of a stub of the service that records what reaches it:
// a session and a verified e-mail for every call, the client's address as the gateway judged it
// (never the client's own claim), and the upload, the one route that takes multipart bodies up to
// its own limit while every other route keeps the JSON-only 100 KiB rule.

const UPLOAD_LIMIT = 3;
const crossSite = {
  error: 'FORBIDDEN',
  message: 'Cross-site request refused: changes are accepted only from the web app itself.',
};

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe('gateway: tokenization routes, the client address and uploads', () => {
  let stub: Server;
  const received: Received[] = [];
  let gateway: StartedGateway;
  let redis: Redis;
  let url: string;
  let ownPage: Record<string, string>;

  beforeAll(async () => {
    // tokenization's place: answers 200 to anything and keeps what reached it, bytes included.
    stub = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks),
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((listening) => stub.listen(0, '127.0.0.1', listening));
    gateway = await startGateway({
      TOKENIZATION_URL: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
      RATE_LIMIT_TOKENIZATION_UPLOAD_PER_HOUR: String(UPLOAD_LIMIT),
      TRUST_PROXY: 'loopback',
    });
    ({ url } = gateway);
    // A page of the web app as the browser sent it: our own origin (the address it used).
    ownPage = { origin: new URL(url).origin, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };
    redis = new Redis(redisOptions(gateway.config.REDIS_URL));
  });

  beforeEach(async () => {
    const keys = await redis.keys('ratelimit:/api/tokenization/*');
    if (keys.length) await redis.del(...keys);
  });

  afterAll(async () => {
    await redis?.quit();
    await gateway?.close();
    await new Promise((closed) => stub?.close(closed));
  });

  const cookieOf = (emailVerified: boolean, role: 'user' | 'admin' = 'user') =>
    accessCookie({ id: randomUUID(), email: uniqueEmail('gw-tokenization'), emailVerified, role });
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer) =>
    rawRequest(`${url}${path}`, method, { headers, body });
  const asJson = { 'content-type': 'application/json' };

  /** A multipart/form-data body as a browser's FormData sends it: a text field and one file. */
  function multipart(file: Buffer): { type: string; body: Buffer } {
    const boundary = `----formdata-${randomUUID()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="address"\r\n\r\n12 Queen Street, Auckland\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="titleDeed"; filename="title.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { type: `multipart/form-data; boundary=${boundary}`, body };
  }

  it('needs a session and a verified e-mail for every call, and forwards nothing without', async () => {
    const id = randomUUID();
    const routes: [string, string][] = [
      ['GET', '/api/tokenization/eligibility'],
      ['POST', '/api/tokenization/upload'],
      ['GET', '/api/tokenization/properties'],
      ['GET', `/api/tokenization/properties/${id}`],
      ['GET', `/api/tokenization/properties/${id}/documents/${randomUUID()}`],
      ['POST', `/api/tokenization/properties/${id}/compliance-check`],
      ['POST', `/api/tokenization/properties/${id}/contract`],
      ['GET', '/api/tokenization/summary'],
      ['GET', '/api/tokenization/wholesale-declaration'],
      ['PUT', '/api/tokenization/wholesale-declaration'],
      ['POST', `/api/tokenization/properties/${id}/investments`],
      ['GET', '/api/tokenization/investments'],
      ['GET', `/api/tokenization/investments/${id}`],
    ];
    const before = received.length;
    for (const [method, path] of routes) {
      const body = method === 'GET' ? undefined : '{}';
      const headers = method === 'GET' ? {} : asJson;
      expect([method, path, (await send(method, path, headers, body)).status]).toEqual([method, path, 401]);
      const unverified = await send(method, path, { ...headers, cookie: cookieOf(false) }, body);
      expect([method, path, unverified.status]).toEqual([method, path, 403]);
    }
    expect(received.length).toBe(before);

    const verified = cookieOf(true);
    for (const [method, path] of routes) {
      const body = method === 'GET' ? undefined : '{}';
      const reached = await send(method, path, { ...(method === 'GET' ? {} : asJson), cookie: verified }, body);
      expect([method, path, reached.status]).toEqual([method, path, 200]);
      expect(received.at(-1)).toMatchObject({ method, path });
    }
    expect((await send('DELETE', `/api/tokenization/properties/${id}`, { cookie: verified })).status).toBe(405);
  });

  it("forwards the client's address as the gateway judged it, never the one a client claims", async () => {
    const cookie = cookieOf(true);
    const addressAtService = async (headers: Record<string, string>) => {
      expect((await send('GET', '/api/tokenization/eligibility', { cookie, ...headers })).status).toBe(200);
      return received.at(-1)!.headers['x-client-address'];
    };
    expect(await addressAtService({})).toBe('127.0.0.1');
    expect(await addressAtService({ 'x-client-address': '130.216.1.1' })).toBe('127.0.0.1');
    // A trusted proxy (loopback) in front: the address it says it forwarded for.
    expect(await addressAtService({ 'x-forwarded-for': '130.216.1.1' })).toBe('130.216.1.1');
    expect(await addressAtService({ 'x-forwarded-for': '8.8.8.8', 'x-client-address': '130.216.1.1' })).toBe('8.8.8.8');
    // An untrusted hop in the chain is the client: what it put before itself counts for nothing.
    expect(await addressAtService({ 'x-forwarded-for': '130.216.1.1, 8.8.8.8' })).toBe('8.8.8.8');

    // Provider webhooks carry it too (no session there).
    const delivery = await send(
      'POST',
      '/api/webhooks/stripe-tokenization',
      { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc', 'x-client-address': '130.216.1.1' },
      '{"id":"evt_1"}',
    );
    expect(delivery.status).toBe(200);
    expect(received.at(-1)).toMatchObject({
      path: '/api/webhooks/stripe-tokenization',
      headers: { 'x-client-address': '127.0.0.1', 'stripe-signature': 't=1,v1=abc' },
      body: Buffer.from('{"id":"evt_1"}'),
    });
  });

  it('forwards a 2 MB multipart upload from our own page byte for byte', async () => {
    const file = randomBytes(2 * 1024 * 1024);
    const { type, body } = multipart(file);
    const uploaded = await send(
      'POST',
      '/api/tokenization/upload',
      { ...ownPage, cookie: cookieOf(true), 'content-type': type },
      body,
    );
    expect([uploaded.status, uploaded.body]).toEqual([200, { received: true }]);
    const atService = received.at(-1)!;
    expect(atService).toMatchObject({ method: 'POST', path: '/api/tokenization/upload' });
    expect(atService.headers['content-type']).toBe(type);
    expect(atService.body.length).toBe(body.length);
    expect(createHash('sha256').update(atService.body).digest('hex')).toBe(
      createHash('sha256').update(body).digest('hex'),
    );
  });

  it('refuses an upload over its limit (413) or of no declared size (411); nothing reaches the service', async () => {
    const cookie = cookieOf(true);
    const before = received.length;
    const { type, body } = multipart(Buffer.alloc(MAX_UPLOAD_BYTES));
    expect(body.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
    const tooLarge = await send('POST', '/api/tokenization/upload', { ...ownPage, cookie, 'content-type': type }, body);
    expectErrorReply(tooLarge, { status: 413, error: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });

    // Streamed without a Content-Length (chunked), its size is unknown until it has been forwarded.
    const chunked = await fetch(`${url}/api/tokenization/upload`, {
      method: 'POST',
      headers: { ...ownPage, cookie, 'content-type': type },
      body: new Blob([new Uint8Array(multipart(Buffer.alloc(1024)).body)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(411);
    expect(await chunked.json()).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'An upload must declare its size (Content-Length).',
    });
    expect(received.length).toBe(before);

    // Every other route keeps the JSON body limit (100 KiB).
    const contract = `/api/tokenization/properties/${randomUUID()}/contract`;
    const big = JSON.stringify({ name: 'x'.repeat(200 * 1024) });
    expect((await send('POST', contract, { ...ownPage, ...asJson, cookie }, big)).status).toBe(413);
    expect(received.length).toBe(before);
  });

  it('takes multipart on the upload route only, and never from another site', async () => {
    const cookie = cookieOf(true);
    const before = received.length;
    const { type, body } = multipart(randomBytes(1024));

    const contract = `/api/tokenization/properties/${randomUUID()}/contract`;
    expectErrorReply(await send('POST', contract, { ...ownPage, cookie, 'content-type': type }, body), {
      status: 415,
      error: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Request body must be JSON (Content-Type: application/json).',
    });
    expectErrorReply(
      await send('POST', '/api/tokenization/upload', { ...ownPage, cookie, 'content-type': 'text/plain' }, 'title'),
      {
        status: 415,
        error: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Request body must be JSON or an upload (Content-Type: multipart/form-data).',
      },
    );
    // What a form on another site would post with the user's cookies.
    const otherSites: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const from of otherSites) {
      const refused = await send('POST', '/api/tokenization/upload', { ...from, cookie, 'content-type': type }, body);
      expectErrorReply(refused, { status: 403, ...crossSite });
    }
    expect(received.length).toBe(before);
  });

  it('limits uploads per client address per hour: 429 with Retry-After, other calls unaffected', async () => {
    const upload = () => send('POST', '/api/tokenization/upload', asJson, '{}');
    const statuses = [];
    for (let i = 0; i < UPLOAD_LIMIT; i++) statuses.push((await upload()).status);
    expect(statuses).toEqual(Array(UPLOAD_LIMIT).fill(401));
    const limited = await upload();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((limited.body as { error: string }).error).toBe('RATE_LIMITED');
    expect((await send('GET', '/api/tokenization/properties')).status).toBe(401);
  });

  it("routes tokenization's dead letters to ops: signed in at the gateway, the admin role at the service", async () => {
    const path = deadLetterPath('tokenization');
    expect((await send('GET', path)).status).toBe(401);
    expect((await send('GET', `${path}?status=all`, { cookie: cookieOf(true, 'admin') })).status).toBe(200);
    expect(received.at(-1)).toMatchObject({ method: 'GET', path: `${path}?status=all` });
    expect((await send('POST', `${path}/${randomUUID()}/replay`, { cookie: cookieOf(true, 'admin') })).status).toBe(
      200,
    );
  });
});
