import type { KycStatusResponse, StartKycVerificationResponse } from '@app/contracts';
import { redisOptions } from '@app/platform/redis';
import Redis from 'ioredis';
import { accessCookie, rawRequest, userIdOf, validRegistration } from '../../test-support';
import { FakeStripeIdentityProcess } from '../../test-support/fake-stripe-identity';
import type * as IdentityApp from '../../services/identity/src/app.module';
import { startGatewayInFront, type GatewayInFront } from './gateway-in-front';

// The /api/kyc routes and Stripe Identity's webhook: a session and a verified e-mail for the
// account's calls, starts limited per client address, and the provider's signed deliveries reach
// identity through the gateway byte for byte.

const LIMIT = 3;

describe('gateway: KYC routes and the Stripe Identity webhook', () => {
  let gateway: GatewayInFront;
  let fake: FakeStripeIdentityProcess;
  let redis: Redis;
  let url: string;

  beforeAll(async () => {
    fake = await FakeStripeIdentityProcess.start();
    const saved = { ...process.env };
    Object.assign(process.env, fake.env(), { RATE_LIMIT_KYC_START_PER_HOUR: String(LIMIT) });
    try {
      const { AppModule } = jest.requireActual<typeof IdentityApp>('../../services/identity/src/app.module');
      gateway = await startGatewayInFront(AppModule, 'IDENTITY_URL');
    } finally {
      process.env = saved;
    }
    ({ url } = gateway);
    // The provider calls the public address: the gateway, which forwards to identity.
    await fake.useWebhook(`${url}/api/webhooks/stripe-identity`, 'whsec_local_identity_development_only');
    redis = new Redis(redisOptions(gateway.config.REDIS_URL));
    const keys = await redis.keys('ratelimit:/api/kyc/*');
    if (keys.length) await redis.del(...keys);
  });

  afterAll(async () => {
    await redis?.quit();
    await gateway?.close();
    await fake?.stop();
  });

  /** A real account at identity (KYC reads the user), signed in with a minted token. */
  async function account(emailVerified = true): Promise<{ userId: string; cookie: string }> {
    const registration = validRegistration();
    // At identity directly, past the gateway's hourly register limit.
    const identityUrl = (await gateway.service.getUrl()).replace('[::1]', '127.0.0.1');
    const registered = await rawRequest(`${identityUrl}/api/auth/register`, 'POST', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration),
    });
    expect(registered.status).toBe(201);
    // The answer names no account (a taken address is answered alike): the id is read from identity.
    const userId = await userIdOf(registration.email);
    return { userId, cookie: accessCookie({ id: userId, email: registration.email, emailVerified, role: 'user' }) };
  }

  const send = (method: string, path: string, cookie?: string, body?: unknown) =>
    rawRequest(`${url}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('needs a session and a verified e-mail for the account calls, and the admin list needs the role', async () => {
    const unverified = await account(false);
    for (const [method, path] of [
      ['GET', '/api/kyc/status'],
      ['POST', '/api/kyc/verification'],
      ['GET', '/api/kyc/admin/verifications'],
    ] as const) {
      expect([path, (await send(method, path)).status]).toEqual([path, 401]);
      expect([path, (await send(method, path, unverified.cookie, method === 'POST' ? {} : undefined)).status]).toEqual([
        path,
        403,
      ]);
    }
    const { cookie } = await account();
    expect((await send('GET', '/api/kyc/admin/verifications', cookie)).status).toBe(403);
  });

  it("verifies an account end to end: start, the provider's signed webhooks through the gateway, verified", async () => {
    const { cookie } = await account();
    const started = await send('POST', '/api/kyc/verification', cookie, { returnTo: 'settings' });
    expect(started.status).toBe(201);
    const { verification } = started.body as StartKycVerificationResponse;

    const completion = await fake.complete(verification.providerSessionId, 'verified');
    expect(completion.webhookStatuses).toEqual([200, 200]);
    const status = (await send('GET', '/api/kyc/status', cookie)).body as KycStatusResponse;
    expect(status).toMatchObject({
      kycStatus: 'verified',
      verification: { status: 'verified', verifiedName: 'Jenny Rosen' },
    });

    // A forged delivery gets identity's 400 through the gateway (no browser checks on a webhook route).
    const forged = await rawRequest(`${url}/api/webhooks/stripe-identity`, 'POST', {
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{"id":"evt_forged","type":"identity.verification_session.verified","data":{"object":{}}}',
    });
    expect(forged.status).toBe(400);
  });

  it('limits verification starts per client address (each is a paid check)', async () => {
    const keys = await redis.keys('ratelimit:/api/kyc/*');
    if (keys.length) await redis.del(...keys);
    const { cookie } = await account();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LIMIT; attempt += 1) {
      statuses.push(
        (await send('POST', '/api/kyc/verification', cookie, { business: { country: 'Nowhere', nzbn: 'x' } })).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(400), 429]);
  });
});
