import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { AffiliateProfile } from '@app/contracts';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import {
  CookieJar,
  linkIn,
  query,
  startApp,
  startMailWorker,
  uniqueEmail,
  userIdOf,
  validAffiliateApplication,
  validRegistration,
  waitFor,
  waitForMail,
} from '../../test-support';
import type * as AffiliateApp from '../../services/affiliate/src/app.module';
import type * as IdentityApp from '../../services/identity/src/app.module';
import { gatewayConfigSchema } from '../src/config';
import { buildGateway } from '../src/server';

// Spec 6, a visitor may apply as affiliate, across the services as a browser reaches them through
// the gateway: one POST /api/affiliate/apply makes the account at identity (verification mail
// queued) and its application, which the affiliate service stores as the pending profile of that
// account; once the e-mail is verified the visitor signs in and sees the profile.

const password = 'Partner@pass1';

describe('gateway: a visitor applies to the affiliate programme in one submission', () => {
  let services: INestApplication[] = [];
  let worker: INestApplicationContext;
  let gateway: FastifyInstance;
  let redis: Redis;
  let url: string;

  beforeAll(async () => {
    const modules = {
      IDENTITY_URL: jest.requireActual<typeof IdentityApp>('../../services/identity/src/app.module').AppModule,
      AFFILIATE_URL: jest.requireActual<typeof AffiliateApp>('../../services/affiliate/src/app.module').AppModule,
    };
    const urls: Record<string, string> = {};
    for (const [variable, module] of Object.entries(modules)) {
      const started = await startApp(module);
      services.push(started.app);
      urls[variable] = started.url;
    }
    worker = await startMailWorker();
    const config = parseConfig(gatewayConfigSchema, { ...process.env, ...urls });
    redis = new Redis(redisOptions(config.REDIS_URL));
    gateway = await buildGateway({ config, redis });
    url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.quit();
    await worker?.close();
    for (const app of services.reverse()) await app.close();
    services = [];
  });

  const post = (jar: CookieJar, path: string, json: unknown) => jar.fetch(`${url}${path}`, { method: 'POST', json });
  const profilesOf = (email: string) =>
    query<{ user_id: string; status: string; company_name: string; is_demo: boolean }>(
      'SELECT user_id, status, company_name, is_demo FROM affiliate.affiliates WHERE user_email = $1',
      [email],
    );

  it('creates the account and the pending application; verified, the visitor signs in and sees it', async () => {
    const jar = new CookieJar();
    const application = validAffiliateApplication();
    const email = application.contactEmail as string;
    const applied = await post(jar, '/api/affiliate/apply', { ...application, password, confirmPassword: password });
    expect(applied.status).toBe(201);
    const userId = await userIdOf(email);

    // The affiliate service stores the application, linked to the new account.
    await waitFor(async () => (await profilesOf(email)).length === 1, 30000, 'application stored by affiliate');
    expect(await profilesOf(email)).toEqual([
      { user_id: userId, status: 'pending', company_name: application.companyName, is_demo: false },
    ]);

    // Not verified yet: signed in, the affiliate area still asks for the e-mail.
    expect((await post(jar, '/api/auth/login', { email, password })).status).toBe(200);
    expect((await jar.fetch(`${url}/api/affiliate/profile`)).status).toBe(403);

    const mail = await waitForMail(email, 'Verify your email');
    const verified = await jar.fetch(`${url}/api/auth/verify-email${new URL(linkIn(mail, '/verify-email')).search}`);
    expect(verified.status).toBe(200);

    const signedIn = await post(new CookieJar(), '/api/auth/login', { email, password });
    expect(signedIn.status).toBe(200);
    const session = new CookieJar();
    session.store(signedIn);
    const profile = await session.fetch(`${url}/api/affiliate/profile`);
    expect(profile.status).toBe(200);
    expect((await profile.json()) as AffiliateProfile).toMatchObject({
      companyName: application.companyName,
      contactEmail: email,
      contactName: application.contactName,
      status: 'pending',
      isDemo: false,
    });
    // One application per account: applying again while signed in is refused.
    const again = await post(session, '/api/affiliate/register', application);
    expect(again.status).toBe(409);
  });

  it('answers a registered e-mail as a new one and creates neither account nor application', async () => {
    const email = uniqueEmail('gw-taken');
    expect((await post(new CookieJar(), '/api/auth/register', validRegistration(email))).status).toBe(201);

    const reply = await post(new CookieJar(), '/api/affiliate/apply', {
      ...validAffiliateApplication({ contactEmail: email }),
      password,
      confirmPassword: password,
    });
    expect(reply.status).toBe(201);
    expect(await reply.json()).toEqual({
      success: true,
      message:
        'Application submitted. Please check your email to verify your address, then sign in to your affiliate dashboard.',
      email,
    });
    const [{ count }] = await query<{ count: number }>(
      'SELECT count(*)::int AS count FROM identity.users WHERE email = $1',
      [email],
    );
    expect(count).toBe(1);
    // The registration's own events reach the affiliate service; still no profile for the address.
    const [user] = await query<{ id: string }>('SELECT id FROM identity.users WHERE email = $1', [email]);
    await waitFor(
      async () => (await query('SELECT 1 FROM affiliate.known_users WHERE user_id = $1', [user.id])).length === 1,
      30000,
      'UserRegistered applied by affiliate',
    );
    expect(await profilesOf(email)).toEqual([]);
  });

  it('answers 400 with the field and its message for invalid input, and creates nothing', async () => {
    const application = validAffiliateApplication({ phoneNumber: '123' });
    const reply = await post(new CookieJar(), '/api/affiliate/apply', {
      ...application,
      password,
      confirmPassword: password,
    });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      details: [{ path: 'phoneNumber', message: 'Please enter a valid phone number' }],
    });
    const users = await query('SELECT 1 FROM identity.users WHERE email = $1', [application.contactEmail]);
    expect(users).toEqual([]);
  });
});
