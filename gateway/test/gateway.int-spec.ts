import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { INestApplication } from '@nestjs/common';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import {
  accessCookie,
  accessToken,
  bodyOf,
  CookieJar,
  impostorKey,
  rawRequest,
  roomInMinuteWindow,
  startApp,
  uniqueEmail,
  validRegistration,
} from '../../test-support';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { AppModule as ChatSupportModule } from '../../services/chat-support/src/app.module';
import { AppModule as ProfileModule } from '../../services/profile/src/app.module';
import { gatewayConfigSchema } from '../src/config';
import { buildGateway } from '../src/server';

const appScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('gateway: routing, sessions, limits and the web app', () => {
  let identity: INestApplication;
  let profile: INestApplication;
  let chatSupport: INestApplication;
  let gateway: FastifyInstance;
  let redis: Redis;
  let url: string;
  let config: ReturnType<typeof parseConfig<typeof gatewayConfigSchema>>;

  beforeAll(async () => {
    const identityApp = await startApp(IdentityModule);
    const profileApp = await startApp(ProfileModule);
    const chatSupportApp = await startApp(ChatSupportModule);
    chatSupport = chatSupportApp.app;
    identity = identityApp.app;
    profile = profileApp.app;
    const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>app shell</title>');
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'assets', 'app-1234.js'), appScript);
    writeFileSync(join(web, 'assets', 'app-1234.js.gz'), gzipSync(appScript));
    config = parseConfig(gatewayConfigSchema, {
      ...process.env,
      IDENTITY_URL: identityApp.url,
      PROFILE_URL: profileApp.url,
      CHAT_SUPPORT_URL: chatSupportApp.url,
      RATE_LIMIT_CONTACT_PER_EMAIL_PER_HOUR: '2',
      WEB_DIST: web,
      RATE_LIMIT_LOGIN_PER_MINUTE: '3',
    });
    redis = new Redis(redisOptions(config.REDIS_URL));
    // Limits are per hour; earlier runs' counters in the test database must not leak in.
    const stale = await redis.keys('ratelimit:*');
    if (stale.length) await redis.del(...stale);
    gateway = await buildGateway({ config, redis });
    url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.quit();
    await chatSupport?.close();
    await profile?.close();
    await identity?.close();
  });

  const token = (emailVerified: boolean, id = '00000000-0000-4000-8000-000000000001') =>
    accessToken({ id, email: 'someone@example.test', emailVerified, role: 'user' });

  it('answers unknown API paths and methods in the error shape', async () => {
    const missing = await fetch(`${url}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await bodyOf(missing)).toEqual({ error: 'NOT_FOUND', message: 'No such API endpoint.' });
    const wrongMethod = await fetch(`${url}/api/auth/login`);
    expect(wrongMethod.status).toBe(405);
  });

  it('needs a session for the profile, and a verified e-mail: 401, then 403 EMAIL_NOT_VERIFIED, then through', async () => {
    expect((await fetch(`${url}/api/user/profile`)).status).toBe(401);
    const forged = await fetch(`${url}/api/user/profile`, {
      headers: {
        cookie: accessCookie({ id: 'x', email: 'x', emailVerified: true, role: 'user' }, { key: impostorKey }),
      },
    });
    expect(forged.status).toBe(401);

    const unverified = await fetch(`${url}/api/user/profile`, { headers: { cookie: `access_token=${token(false)}` } });
    expect(unverified.status).toBe(403);
    expect(await bodyOf(unverified)).toEqual({
      error: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your email address to continue.',
    });

    const verified = await fetch(`${url}/api/user/profile`, { headers: { cookie: `access_token=${token(true)}` } });
    expect(verified.status).toBe(200);
    expect(Object.keys(await bodyOf(verified))).toHaveLength(21); // spec 3.5's 19, the NZBN and GST registration
  });

  it('registers through the gateway and signs in with the cookies it passes back', async () => {
    const jar = new CookieJar();
    const body = validRegistration();
    expect((await jar.fetch(`${url}/api/auth/register`, { method: 'POST', json: body })).status).toBe(201);
    const login = await jar.fetch(`${url}/api/auth/login`, {
      method: 'POST',
      json: { email: body.email, password: body.password },
    });
    expect(login.status).toBe(200);
    const me = await jar.fetch(`${url}/api/auth/me`);
    expect(await bodyOf(me)).toMatchObject({ email: body.email, emailVerified: false });
    // Unverified: the gateway keeps the profile closed.
    expect((await jar.fetch(`${url}/api/user/profile`)).status).toBe(403);
  });

  it('limits sign-in attempts per client in Redis: the fourth in a minute gets 429 with Retry-After', async () => {
    // A fresh account each run: identity also throttles failures per account (sessions.int-spec.ts).
    const email = uniqueEmail('limit');
    const attempt = () =>
      fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Wrong-pass1!' }),
      });
    const earlier = await redis.keys('ratelimit:/api/auth/login:*');
    if (earlier.length) await redis.del(...earlier);
    // The windows are fixed minutes: 10 s left in one is ample for these few calls, so a loaded
    // machine cannot spread them over two windows.
    await roomInMinuteWindow(10_000);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401]);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await bodyOf(limited)).error).toBe('RATE_LIMITED');
  });

  it('limits contact messages per e-mail address, whatever the client address, and forwards the body intact', async () => {
    const send = (email: string) =>
      fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ana', email, subject: 'Hello', message: 'A question about pricing.' }),
      });
    const email = `limited.${Date.now()}@example.test`;
    expect((await send(email)).status).toBe(201);
    expect((await send(email.toUpperCase())).status).toBe(201);
    const third = await send(email);
    expect(third.status).toBe(429);
    expect((await bodyOf(third)).error).toBe('RATE_LIMITED');
    expect((await send(`other.${email}`)).status).toBe(201);
  });

  it.each([
    ['malformed JSON', '{"businessName": ', 'application/json', 400, 'MALFORMED_BODY'],
    ['an array', '[]', 'application/json', 400, 'VALIDATION_FAILED'],
    [
      'wrong types',
      JSON.stringify({ ...validRegistration(), termsAccepted: 'yes' }),
      'application/json',
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown field',
      JSON.stringify({ ...validRegistration(), isAdmin: true }),
      'application/json',
      400,
      'VALIDATION_FAILED',
    ],
    // Not JSON where JSON is expected: the gateway refuses it (a CORS-simple body, no preflight).
    ['plain text', 'hello', 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('refuses %s on register with a 4xx in the error shape', async (_case, body, type, status, code) => {
    const response = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    expect(response.status).toBe(status);
    expect(await bodyOf(response)).toMatchObject({ error: code, message: expect.any(String) });
  });

  it.each([
    ['a broken escape in the query', 'POST', '/api/auth/login?next=%%41'],
    ['a broken escape in the path', 'GET', '/api/affiliate/referral-codes/%E0%A4%A'],
    ['an escaped path traversal', 'GET', '/api/affiliate/referral-codes/%2e%2e%2fadmin'],
  ])('refuses %s with a 400 in the error shape, not a 500', async (_case, method, path) => {
    const response = await rawRequest(`${url}${path}`, method, {
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('refuses a 1 MB body before it reaches a service, declared or streamed', async () => {
    const big = JSON.stringify({ businessName: 'x'.repeat(1024 * 1024) });
    const declared = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect((await bodyOf(declared)).error).toBe('PAYLOAD_TOO_LARGE');
    const streamed = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('propagates request ids and sets security headers', async () => {
    const given = await fetch(`${url}/api/auth/me`, { headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
    const generated = await fetch(`${url}/api/auth/me`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(generated.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the web app shell for client routes but never for API paths', async () => {
    const page = await fetch(`${url}/settings`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('app shell');
    expect((await fetch(`${url}/api/settings`)).status).toBe(404);
  });

  it('serves built assets pre-compressed and cached for a year', async () => {
    const asset = await rawRequest(`${url}/assets/app-1234.js`, 'GET', { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.vary).toContain('accept-encoding');
    expect(Number(asset.headers['content-length'] ?? asset.text.length)).toBeLessThan(appScript.length);
    const plain = await rawRequest(`${url}/assets/app-1234.js`, 'GET');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(appScript);
  });

  it('answers 503 in the error shape when a service is down', async () => {
    const down = await buildGateway({
      config: { ...config, PROFILE_URL: 'http://127.0.0.1:9' },
      redis,
    });
    const downUrl = await down.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${downUrl}/api/user/profile`, {
        headers: { cookie: `access_token=${token(true)}` },
      });
      expect(response.status).toBe(503);
      expect((await bodyOf(response)).error).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await down.close();
    }
  });
});
