import type { INestApplication } from '@nestjs/common';
import { deadLetterPath } from '@app/contracts';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { AuthUser } from '@app/platform/tokens';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import {
  accessToken,
  forgedToken,
  newSigningKey,
  OLD_SHARED_SECRET,
  rawRequest,
  startApp,
  testTokenHeader,
  userIdOf,
  validRegistration,
  type RawReply,
} from '../../test-support';
import { TEST_PUBLIC_KEYS } from '../../test-support/access-tokens';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { AppModule as ProfileModule } from '../../services/profile/src/app.module';
import { gatewayConfigSchema } from '../src/config';
import { buildGateway } from '../src/server';

// Only identity's signature opens a session: what someone holding the old shared HS256 secret, or
// a public key, or nothing at all would send is refused by the gateway and by each service asked
// directly (around the gateway). The admin route is the prize: profile's dead letters.

describe('gateway and services: access tokens signed by anyone but identity are refused', () => {
  let identity: INestApplication;
  let profile: INestApplication;
  let gateway: FastifyInstance;
  let redis: Redis;
  const urls = { gateway: '', profile: '', identity: '' };

  beforeAll(async () => {
    const identityApp = await startApp(IdentityModule);
    const profileApp = await startApp(ProfileModule);
    identity = identityApp.app;
    profile = profileApp.app;
    const config = parseConfig(gatewayConfigSchema, {
      ...process.env,
      IDENTITY_URL: identityApp.url,
      PROFILE_URL: profileApp.url,
    });
    redis = new Redis(redisOptions(config.REDIS_URL));
    gateway = await buildGateway({ config, redis });
    urls.gateway = await gateway.listen({ port: 0, host: '127.0.0.1' });
    urls.profile = profileApp.url;
    urls.identity = identityApp.url;
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.quit();
    await profile?.close();
    await identity?.close();
  });

  /** A real account (identity looks its user up), granted the admin role in the token. */
  let admin: AuthUser;
  let adminClaims: Record<string, unknown>;

  beforeAll(async () => {
    const registration = validRegistration();
    const registered = await rawRequest(`${urls.identity}/api/auth/register`, 'POST', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration),
    });
    expect(registered.status).toBe(201);
    const userId = await userIdOf(registration.email);
    admin = { id: userId, email: registration.email, emailVerified: false, role: 'admin' };
    const now = Math.floor(Date.now() / 1000);
    adminClaims = {
      sub: userId,
      email: admin.email,
      ev: true,
      role: 'admin',
      iss: 'identity',
      iat: now,
      exp: now + 600,
    };
  });
  const deadLetters = `${deadLetterPath('profile')}?status=all&limit=1`;
  /** The admin route through the gateway and at profile directly, and identity's /api/auth/me. */
  const everywhere = async (token: string, via: 'cookie' | 'bearer' = 'cookie'): Promise<Record<string, RawReply>> => {
    const headers: Record<string, string> =
      via === 'cookie' ? { cookie: `access_token=${token}` } : { authorization: `Bearer ${token}` };
    const [throughGateway, atProfile, atIdentity] = await Promise.all([
      rawRequest(`${urls.gateway}${deadLetters}`, 'GET', { headers }),
      rawRequest(`${urls.profile}${deadLetters}`, 'GET', { headers }),
      rawRequest(`${urls.identity}/api/auth/me`, 'GET', { headers }),
    ]);
    return { throughGateway, atProfile, atIdentity };
  };
  const expectRefusedEverywhere = async (token: string) => {
    const refused = { status: 401, body: { error: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } };
    for (const via of ['cookie', 'bearer'] as const) {
      const replies = await everywhere(token, via);
      const answers = Object.fromEntries(
        Object.entries(replies).map(([where, reply]) => [where, { status: reply.status, body: reply.body }]),
      );
      expect({ via, ...answers }).toEqual({ via, throughGateway: refused, atProfile: refused, atIdentity: refused });
    }
  };

  it("lets identity's own admin token through everywhere (so the refusals below are about the signature)", async () => {
    const replies = await everywhere(accessToken({ ...admin, emailVerified: true }));
    expect(replies.throughGateway.status).toBe(200);
    expect(replies.atProfile.status).toBe(200);
    expect(replies.atIdentity.status).toBe(200);
    expect(replies.atIdentity.body).toMatchObject({ email: admin.email });
  });

  it('refuses an admin token signed HS256 with the old shared secret', async () => {
    await expectRefusedEverywhere(forgedToken({ alg: 'HS256', typ: 'JWT' }, adminClaims, OLD_SHARED_SECRET));
    // Naming the real key id does not help.
    await expectRefusedEverywhere(forgedToken({ ...testTokenHeader, alg: 'HS256' }, adminClaims, OLD_SHARED_SECRET));
  });

  it('refuses an admin token signed HS256 with the public key as the secret (algorithm confusion)', async () => {
    const publicKey = TEST_PUBLIC_KEYS.split(':')[1]!;
    for (const secret of [TEST_PUBLIC_KEYS, publicKey, Buffer.from(publicKey, 'base64url').toString('latin1')]) {
      await expectRefusedEverywhere(forgedToken({ ...testTokenHeader, alg: 'HS256' }, adminClaims, secret));
    }
  });

  it('refuses an unsigned (alg none) admin token, with or without the real key id', async () => {
    await expectRefusedEverywhere(forgedToken({ alg: 'none', typ: 'JWT' }, adminClaims));
    await expectRefusedEverywhere(forgedToken({ ...testTokenHeader, alg: 'none' }, adminClaims));
  });

  it('refuses an admin token of a key id nobody lists, however well signed', async () => {
    const stranger = newSigningKey('attacker-2');
    await expectRefusedEverywhere(accessToken(admin, { key: stranger }));
    await expectRefusedEverywhere(forgedToken({ alg: 'EdDSA', typ: 'JWT' }, adminClaims, stranger));
  });
});
