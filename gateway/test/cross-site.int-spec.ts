import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { CookieJar, rawRequest, startApp, startMailWorker, type RawReply } from '../../test-support';
import { expectErrorReply } from '../../test-support/error-reply';
import { AppModule as AffiliateModule } from '../../services/affiliate/src/app.module';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { AppModule as IntegrationsModule } from '../../services/integrations/src/app.module';
import { AppModule as ProfileModule } from '../../services/profile/src/app.module';
import { gatewayConfigSchema } from '../src/config';
import { buildGateway } from '../src/server';
import { verifiedAccount } from './gateway-in-front';

// What a page on another site can make the victim's browser send with the session cookies: a
// state-changing request with the site's Origin (or Sec-Fetch-Site: cross-site), or a
// "CORS-simple" text/plain or form body that needs no preflight. The gateway refuses them before
// anything reaches a service; our own pages, clients that are not browsers and the providers'
// signed webhooks pass.

const own = 'https://pay.example.test';
const evil = 'http://evil.example';
const crossSite = {
  error: 'FORBIDDEN',
  message: 'Cross-site request refused: changes are accepted only from the web app itself.',
};
const jsonOnly = {
  error: 'UNSUPPORTED_MEDIA_TYPE',
  message: 'Request body must be JSON (Content-Type: application/json).',
};

describe('gateway: cross-site requests and non-JSON bodies are refused before any service sees them', () => {
  let identity: INestApplication;
  let mailWorker: INestApplicationContext;
  let services: INestApplication[];
  let gateway: FastifyInstance;
  let redis: Redis;
  let url: string;
  let identityUrl: string;
  /** Billing's place: answers 200 to anything and counts what reached it. */
  let billingStub: Server;
  const atBilling: { path: string; contentType?: string; body: string }[] = [];

  beforeAll(async () => {
    billingStub = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        atBilling.push({
          path: request.url ?? '',
          contentType: request.headers['content-type'],
          body: Buffer.concat(chunks).toString(),
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((listening) => billingStub.listen(0, '127.0.0.1', listening));
    const [identityApp, profileApp, integrationsApp, affiliateApp] = await Promise.all([
      startApp(IdentityModule),
      startApp(ProfileModule),
      startApp(IntegrationsModule),
      startApp(AffiliateModule),
    ]);
    mailWorker = await startMailWorker();
    identity = identityApp.app;
    identityUrl = identityApp.url;
    services = [profileApp.app, integrationsApp.app, affiliateApp.app];
    const config = parseConfig(gatewayConfigSchema, {
      ...process.env,
      PUBLIC_URL: `${own}/`,
      IDENTITY_URL: identityApp.url,
      PROFILE_URL: profileApp.url,
      INTEGRATIONS_URL: integrationsApp.url,
      AFFILIATE_URL: affiliateApp.url,
      BILLING_URL: `http://127.0.0.1:${(billingStub.address() as AddressInfo).port}`,
    });
    redis = new Redis(redisOptions(config.REDIS_URL));
    gateway = await buildGateway({ config, redis });
    url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.quit();
    await new Promise((closed) => billingStub?.close(closed));
    await Promise.all((services ?? []).map((app) => app.close()));
    await mailWorker?.close();
    await identity?.close();
  });

  /** A verified user signed in through the gateway: the session lives in the jar's cookies. */
  async function signedIn(): Promise<CookieJar> {
    const body = await verifiedAccount(identityUrl);
    const jar = new CookieJar();
    const login = await jar.fetch(`${url}/api/auth/login`, {
      method: 'POST',
      json: { email: body.email, password: body.password },
    });
    expect(login.status).toBe(200);
    return jar;
  }

  /** A request as a browser page would send it, with the jar's cookies. */
  const send = (
    jar: CookieJar,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<RawReply> => rawRequest(`${url}${path}`, method, { headers: { cookie: jar.header(), ...headers }, body });
  const asJson = { 'content-type': 'application/json' };
  const fromOwnPage = { ...asJson, origin: own, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };
  const read = async (jar: CookieJar, path: string) => (await send(jar, 'GET', path, {})).body;

  it('PUT /api/user/profile from another site is refused 403 and changes nothing; from our own page it saves', async () => {
    const jar = await signedIn();
    const before = await read(jar, '/api/user/profile');
    const change = JSON.stringify({ companyName: 'Hijacked Ltd' });

    for (const headers of [
      { ...asJson, origin: evil },
      { ...asJson, origin: evil, 'sec-fetch-site': 'cross-site' },
      { ...asJson, 'sec-fetch-site': 'cross-site' },
      { ...asJson, 'sec-fetch-site': 'same-site' },
      { ...asJson, origin: 'null' },
      { ...asJson, origin: `${own}.evil.example` },
    ]) {
      expectErrorReply(await send(jar, 'PUT', '/api/user/profile', headers, change), { status: 403, ...crossSite });
    }
    expect(await read(jar, '/api/user/profile')).toEqual(before);

    const saved = await send(jar, 'PUT', '/api/user/profile', fromOwnPage, change);
    expect(saved.status).toBe(200);
    expect(await read(jar, '/api/user/profile')).toMatchObject({ companyName: 'Hijacked Ltd' });
  });

  it('POST /api/integrations/payment-processors from another site creates nothing; our own page and a script without a browser do', async () => {
    const jar = await signedIn();
    const processor = (name: string) =>
      JSON.stringify({ processorType: 'stripe', processorName: name, apiKey: 'sk_test_attacker_key_123456' });
    const path = '/api/integrations/payment-processors';

    expectErrorReply(await send(jar, 'POST', path, { ...asJson, origin: evil }, processor('evil')), {
      status: 403,
      ...crossSite,
    });
    expectErrorReply(await send(jar, 'POST', path, { ...asJson, 'sec-fetch-site': 'cross-site' }, processor('evil')), {
      status: 403,
      ...crossSite,
    });
    expect(await read(jar, path)).toEqual([]);

    expect((await send(jar, 'POST', path, fromOwnPage, processor('own page'))).status).toBe(201);
    // curl or a server: no Origin, no Sec-Fetch-Site, so no browser that could carry a victim's cookies.
    const scripted = await send(
      jar,
      'POST',
      path,
      { 'content-type': 'application/json; charset=utf-8' },
      processor('script'),
    );
    expect(scripted.status).toBe(201);
    expect(((await read(jar, path)) as { processorName: string }[]).map((p) => p.processorName).sort()).toEqual([
      'own page',
      'script',
    ]);
  });

  it('a CORS-simple text/plain or form POST /api/affiliate/create-demo is refused and creates no affiliate', async () => {
    const jar = await signedIn();
    const path = '/api/affiliate/create-demo';
    // What <form method=post> or fetch(..., { mode: 'no-cors', body: 'x' }) sends, without a preflight.
    expectErrorReply(await send(jar, 'POST', path, { 'content-type': 'text/plain;charset=UTF-8' }, '{}'), {
      status: 415,
      ...jsonOnly,
    });
    expectErrorReply(await send(jar, 'POST', path, { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'), {
      status: 415,
      ...jsonOnly,
    });
    expectErrorReply(await send(jar, 'POST', path, { 'content-type': 'multipart/form-data; boundary=x' }, '--x--'), {
      status: 415,
      ...jsonOnly,
    });
    expectErrorReply(await send(jar, 'POST', path, { 'content-type': 'text/plain', origin: evil }, '{}'), {
      status: 403,
      ...crossSite,
    });
    expect((await send(jar, 'GET', '/api/affiliate/profile', {})).status).toBe(404);

    // Our own page's text/plain is refused too: a route that expects JSON gets JSON.
    expectErrorReply(
      await send(jar, 'PUT', '/api/user/profile', { 'content-type': 'text/plain', origin: own }, '{"companyName":"x"}'),
      { status: 415, ...jsonOnly },
    );
  });

  it('never forwards a refused request; provider webhooks pass whatever they carry', async () => {
    const jar = await signedIn();
    const before = atBilling.length;
    const refused = await send(
      jar,
      'POST',
      '/api/create-subscription',
      { ...asJson, origin: evil },
      '{"planId":"pro"}',
    );
    expectErrorReply(refused, { status: 403, ...crossSite });
    expect(atBilling.length).toBe(before);

    // Stripe signs the raw bytes and sends no Origin; whatever the headers, a webhook is forwarded as sent.
    const payload = '{ "id": "evt_1",\n "type": "ping" }';
    const deliveries: Record<string, string>[] = [
      { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': 't=1,v1=abc' },
      { 'content-type': 'text/plain', origin: evil },
    ];
    for (const headers of deliveries) {
      const delivered = await rawRequest(`${url}/api/webhooks/stripe`, 'POST', { headers, body: payload });
      expect([delivered.status, delivered.body]).toEqual([200, { received: true }]);
      expect(atBilling.at(-1)).toEqual({
        path: '/api/webhooks/stripe',
        contentType: headers['content-type'],
        body: payload,
      });
    }
  });
});
