import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { CookieJar, rawRequest, startApp, startMailWorker, waitFor } from '../../test-support';
import { AppModule as AnalyticsModule } from '../../services/analytics/src/app.module';
import { AppModule as CryptoModule } from '../../services/crypto-escrow/src/app.module';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { gatewayConfigSchema } from '../src/config';
import { buildGateway } from '../src/server';
import { verifiedAccount } from './gateway-in-front';

// Issue 20: programs call the API with `Authorization: Bearer <API key>` on the routes whose
// descriptor allows keys; the service sees the key's owner as for a session.

describe('gateway: API keys', () => {
  let identity: INestApplication;
  let mailWorker: INestApplicationContext;
  let analytics: INestApplication;
  let crypto: INestApplication;
  let gateway: FastifyInstance;
  let redis: Redis;
  let url: string;
  let jar: CookieJar;

  beforeAll(async () => {
    let identityApp, analyticsApp, cryptoApp;
    [identityApp, analyticsApp, cryptoApp, mailWorker] = await Promise.all([
      startApp(IdentityModule),
      startApp(AnalyticsModule),
      startApp(CryptoModule),
      startMailWorker(),
    ]);
    ({ app: identity } = identityApp);
    ({ app: analytics } = analyticsApp);
    ({ app: crypto } = cryptoApp);
    const config = parseConfig(gatewayConfigSchema, {
      ...process.env,
      IDENTITY_URL: identityApp.url,
      ANALYTICS_URL: analyticsApp.url,
      CRYPTO_ESCROW_URL: cryptoApp.url,
      RATE_LIMIT_API_KEY_PER_MINUTE: '25',
      RATE_LIMIT_API_KEY_MANAGEMENT_PER_HOUR: '1000',
    });
    redis = new Redis(redisOptions(config.REDIS_URL));
    gateway = await buildGateway({ config, redis });
    url = await gateway.listen({ port: 0, host: '127.0.0.1' });

    const account = await verifiedAccount(identityApp.url);
    jar = new CookieJar();
    const login = await jar.fetch(`${url}/api/auth/login`, { method: 'POST', json: account });
    expect(login.status).toBe(200);
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.quit();
    await Promise.all([identity?.close(), analytics?.close(), crypto?.close(), mailWorker?.close()]);
  });

  const createKey = async (
    mode: 'live' | 'test',
    scopes: ('read' | 'write')[],
  ): Promise<{ id: string; secret: string }> => {
    const created = await jar.fetch(`${url}/api/developer/api-keys`, {
      method: 'POST',
      json: { name: `${mode} ${scopes.join('+')}`, mode, scopes },
    });
    expect(created.status).toBe(201);
    return (await created.json()) as { id: string; secret: string };
  };
  const withKey = (key: string, method: string, path: string, body?: unknown) =>
    rawRequest(`${url}${path}`, method, {
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it("reads the owner's data with a key, and only where the route allows keys", async () => {
    const { secret } = await createKey('live', ['read']);
    const transactions = await withKey(secret, 'GET', '/api/transactions');
    expect(transactions.status).toBe(200);
    expect(transactions.body).toMatchObject({ transactions: [], nextCursor: null });

    // Managing keys, KYC and the like need a person signed in.
    for (const path of ['/api/developer/api-keys', '/api/kyc/status']) {
      const refused = await withKey(secret, 'GET', path);
      expect([path, refused.status, refused.body]).toEqual([
        path,
        403,
        { error: 'FORBIDDEN', message: 'API keys cannot be used on this endpoint.' },
      ]);
    }
  });

  it('refuses an unknown key, a missing scope and money moved with a test key', async () => {
    const unknown = await withKey(`mp_live_${'Z'.repeat(32)}`, 'GET', '/api/transactions');
    expect([unknown.status, unknown.body]).toEqual([
      401,
      { error: 'UNAUTHENTICATED', message: 'Invalid API key: it is unknown, revoked or expired.' },
    ]);

    const readOnly = await createKey('live', ['read']);
    const charge = { amount: '10.00', currency: 'USD', description: 'Order 1' };
    const noScope = await withKey(readOnly.secret, 'POST', '/api/crypto/coinbase/charge', charge);
    expect([noScope.status, noScope.body]).toEqual([
      403,
      { error: 'FORBIDDEN', message: 'This API key lacks the write scope.' },
    ]);

    const test = await createKey('test', ['read', 'write']);
    const refused = await withKey(test.secret, 'POST', '/api/crypto/coinbase/charge', charge);
    expect([refused.status, refused.body]).toEqual([
      403,
      { error: 'FORBIDDEN', message: 'Test API keys cannot move money. Use a live key.' },
    ]);
    // A test key still reads.
    expect((await withKey(test.secret, 'GET', '/api/crypto/xrp/escrows')).status).toBe(200);
  });

  it('stops a revoked key within 5 seconds', async () => {
    const { id, secret } = await createKey('live', ['read']);
    expect((await withKey(secret, 'GET', '/api/transactions')).status).toBe(200);
    const revoked = await jar.fetch(`${url}/api/developer/api-keys/${id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(204);
    const startedAt = Date.now();
    await waitFor(
      async () => (await withKey(secret, 'GET', '/api/transactions')).status === 401,
      5_000,
      'the revoked key to be refused',
    );
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('limits the calls of one key per minute', async () => {
    const { secret } = await createKey('live', ['read']);
    const statuses: number[] = [];
    for (let call = 0; call < 26; call += 1) statuses.push((await withKey(secret, 'GET', '/api/transactions')).status);
    expect(statuses.slice(0, 25).every((status) => status === 200)).toBe(true);
    expect(statuses[25]).toBe(429);
  });
});
