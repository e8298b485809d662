import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@app/platform/tokens';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import {
  bodyOf,
  CookieJar,
  rawRequest,
  roomInMinuteWindow,
  startApp,
  startMailWorker,
  validRegistration,
  waitForMail,
} from '../../test-support';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { signInThrottleKey } from '../../services/identity/src/auth/sign-in-throttle';
import { AppModule as ProfileModule } from '../../services/profile/src/app.module';
import { gatewayConfigSchema } from '../src/config';
import { buildGateway } from '../src/server';
import { verifiedAccount } from './gateway-in-front';

const lockMessage =
  'This account is temporarily locked after too many failed sign-in attempts. Please try again in 15 minutes or reset your password.';

describe('gateway: sign-out ends the session everywhere; failed sign-ins lock the account', () => {
  let identity: INestApplication;
  let mailWorker: INestApplicationContext;
  let profile: INestApplication;
  let gateway: FastifyInstance;
  /** A second gateway whose profile upstream is a stub that answers 200 to anything: what it refuses, the gateway refused. */
  let stubbedGateway: FastifyInstance;
  let stub: Server;
  let stubHits = 0;
  let stubbedUrl: string;
  let redis: Redis;
  let identityUrl: string;
  let profileUrl: string;
  let url: string;

  beforeAll(async () => {
    let identityApp, profileApp;
    [identityApp, profileApp, mailWorker] = await Promise.all([
      startApp(IdentityModule),
      startApp(ProfileModule),
      startMailWorker(),
    ]);
    ({ app: identity, url: identityUrl } = identityApp);
    ({ app: profile, url: profileUrl } = profileApp);
    const config = parseConfig(gatewayConfigSchema, {
      ...process.env,
      IDENTITY_URL: identityUrl,
      PROFILE_URL: profileUrl,
      RATE_LIMIT_LOGIN_PER_MINUTE: '3',
    });
    redis = new Redis(redisOptions(config.REDIS_URL));
    gateway = await buildGateway({ config, redis });
    url = await gateway.listen({ port: 0, host: '127.0.0.1' });

    stub = createServer((_request, response) => {
      stubHits += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"stub":true}');
    });
    await new Promise<void>((listening) => stub.listen(0, '127.0.0.1', listening));
    const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    stubbedGateway = await buildGateway({ config: { ...config, PROFILE_URL: stubUrl }, redis });
    stubbedUrl = await stubbedGateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await stubbedGateway?.close();
    await new Promise((closed) => stub?.close(closed));
    await gateway?.close();
    await redis?.quit();
    await profile?.close();
    await mailWorker?.close();
    await identity?.close();
  });

  const verifiedUser = () => verifiedAccount(identityUrl);

  /** Signs in through the gateway from its own client address. */
  async function signIn(user: { email: string; password: string }): Promise<CookieJar> {
    const jar = new CookieJar();
    const login = await jar.fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'x-forwarded-for': randomAddress() },
      json: user,
    });
    expect(login.status).toBe(200);
    return jar;
  }

  const randomAddress = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const profileVia = (base: string, access: string) =>
    fetch(`${base}/api/user/profile`, { headers: { cookie: `${ACCESS_COOKIE}=${access}` } });
  const refreshVia = (refresh: string) =>
    fetch(`${url}/api/auth/refresh`, { method: 'POST', headers: { cookie: `${REFRESH_COOKIE}=${refresh}` } });

  it('refuses the signed-out access token within a second, at the gateway and at a service, and the refresh token', async () => {
    const jar = await signIn(await verifiedUser());
    const access = jar.get(ACCESS_COOKIE)!;
    const refresh = jar.get(REFRESH_COOKIE)!;
    // Verified (and now in the gateways' 10 s token cache) and accepted by the service itself.
    expect((await profileVia(url, access)).status).toBe(200);
    expect((await profileVia(stubbedUrl, access)).status).toBe(200);
    expect((await profileVia(profileUrl, access)).status).toBe(200);
    const hitsBefore = stubHits;

    const out = await jar.fetch(`${url}/api/auth/logout`, { method: 'POST' });
    expect(out.status).toBe(200);
    const signedOutAt = Date.now();

    const [atGateway, atStubbedGateway, atService] = await Promise.all([
      profileVia(url, access),
      profileVia(stubbedUrl, access),
      profileVia(profileUrl, access),
    ]);
    expect(Date.now() - signedOutAt).toBeLessThan(1000);
    expect(atGateway.status).toBe(401);
    expect(await bodyOf(atGateway)).toEqual({ error: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    // The gateway refused it itself, cached signature or not: the upstream never saw the request.
    expect(atStubbedGateway.status).toBe(401);
    expect(stubHits).toBe(hitsBefore);
    // And the service refuses it on its own (a caller that got past the gateway).
    expect(atService.status).toBe(401);
    expect((await refreshVia(refresh)).status).toBe(401);
  });

  it('a cross-site GET /api/logout does not sign out; our own page does', async () => {
    const jar = await signIn(await verifiedUser());
    const access = jar.get(ACCESS_COOKIE)!;
    const navigate = (headers: Record<string, string>) =>
      rawRequest(`${url}/api/logout`, 'GET', { headers: { ...headers, cookie: `${ACCESS_COOKIE}=${access}` } });

    const crossSite = await navigate({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' });
    expect(crossSite.status).toBe(302);
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    expect((await profileVia(url, access)).status).toBe(200);
    const rotated = await jar.fetch(`${url}/api/auth/refresh`, { method: 'POST' });
    expect(rotated.status).toBe(200);

    const own = await navigate({ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' });
    expect(own.status).toBe(302);
    expect((await profileVia(url, access)).status).toBe(401);
    expect((await jar.fetch(`${url}/api/auth/refresh`, { method: 'POST' })).status).toBe(401);
  });

  it('40 wrong passwords from 40 addresses lock the account; the owner is mailed; the lock ends', async () => {
    const user = await verifiedUser();
    const attempt = (password: string, address: string) =>
      fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: user.email, password }),
      });
    const statuses = [];
    for (let i = 0; i < 40; i++) statuses.push((await attempt('Wrong-pass1!', `203.0.113.${i + 1}`)).status);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    // From the 6th on, an attempt inside the wait (1, 2, 4 ... s) is refused 429 and counts as a
    // failure too; one that comes after the wait (a loaded machine is slow) is checked: 401. Either
    // way the 10th attempt locks the account, and everything after it is 429.
    expect(statuses.slice(5, 10).every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.slice(10)).toEqual(Array(30).fill(429));

    const right = await attempt(user.password, '203.0.113.200');
    expect(right.status).toBe(429);
    expect(await bodyOf(right)).toEqual({ error: 'RATE_LIMITED', message: lockMessage });
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(14 * 60);

    const mail = await waitForMail(user.email, 'Your account was temporarily locked');
    expect(mail.text).toContain('locked for the next 15 minutes');

    // Fifteen minutes pass.
    await redis.hset(signInThrottleKey(user.email), 'l', Date.now() - 1);
    expect((await attempt(user.password, '203.0.113.201')).status).toBe(200);
  });

  it('counts IPv6 clients per /64: addresses of one /64 share the sign-in limit, the next /64 does not', async () => {
    // The limit is per fixed minute: start early in one, so the attempts cannot straddle two.
    await roomInMinuteWindow(10_000);
    const [third, fourth] = [randomBytes(2).readUInt16BE(), randomBytes(2).readUInt16BE()];
    const subnet = (last: number) => `2001:db8:${third.toString(16)}:${last.toString(16)}`;
    const attempt = (address: string) =>
      fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: validRegistration().email, password: 'Wrong-pass1!' }),
      });
    const statuses = [];
    for (const host of ['::1', ':a:b:c:d', ':ffff:ffff:ffff:fffe', '::2']) {
      statuses.push((await attempt(`${subnet(fourth)}${host}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const neighbour = `${subnet((fourth + 1) % 0x10000)}::1`;
    expect((await attempt(neighbour)).status).toBe(401);
  });
});
