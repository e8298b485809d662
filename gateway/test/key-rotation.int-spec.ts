import { NEXT_ONLY_PUBLIC_KEYS, nextSigningKey } from './rotation-keys';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { AuthUser } from '@app/platform/tokens';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { accessCookie, CookieJar, rawRequest, startApp, uniqueEmail, validRegistration } from '../../test-support';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { AppModule as ProfileModule } from '../../services/profile/src/app.module';
import { gatewayConfigSchema } from '../src/config';
import { buildGateway } from '../src/server';

// A signing-key rotation as docs/operations.md runs it. During the overlap identity signs with the
// new key (kid "next") and every verifier lists both public keys: sessions signed with the previous
// key keep working, new sign-ins get the new kid. Once the previous key is removed from
// JWT_PUBLIC_KEYS, its tokens are refused.

const kidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid?: string }).kid;

describe('gateway and services: rotating the signing key', () => {
  let identity: INestApplication;
  let profile: INestApplication;
  const gateways: { app: FastifyInstance; redis: Redis }[] = [];
  let overlap: string;
  let afterRemoval: string;
  let profileUrl: string;

  /** A gateway in front of identity and profile verifying with `publicKeys`. */
  async function gatewayWith(publicKeys: string, upstreams: { identity: string; profile: string }) {
    const config = parseConfig(gatewayConfigSchema, {
      ...process.env,
      JWT_PUBLIC_KEYS: publicKeys,
      IDENTITY_URL: upstreams.identity,
      PROFILE_URL: upstreams.profile,
    });
    const redis = new Redis(redisOptions(config.REDIS_URL));
    const app = await buildGateway({ config, redis });
    gateways.push({ app, redis });
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  beforeAll(async () => {
    const identityApp = await startApp(IdentityModule);
    const profileApp = await startApp(ProfileModule);
    identity = identityApp.app;
    profile = profileApp.app;
    profileUrl = profileApp.url;
    const upstreams = { identity: identityApp.url, profile: profileApp.url };
    overlap = await gatewayWith(process.env.JWT_PUBLIC_KEYS!, upstreams);
    afterRemoval = await gatewayWith(NEXT_ONLY_PUBLIC_KEYS, upstreams);
  });

  afterAll(async () => {
    for (const { app, redis } of gateways) {
      await app.close();
      await redis.quit();
    }
    await profile?.close();
    await identity?.close();
  });

  const merchant = (): AuthUser => ({
    id: randomUUID(),
    email: uniqueEmail('rotation'),
    emailVerified: true,
    role: 'user',
  });
  const profileOf = (base: string, cookie: string) =>
    rawRequest(`${base}/api/user/profile`, 'GET', { headers: { cookie } });

  it('keeps a session signed with the previous key working during the overlap, at the gateway and the service', async () => {
    const previous = accessCookie(merchant());
    expect(kidOf(previous.split('=')[1]!)).toBe('test');
    expect((await profileOf(overlap, previous)).status).toBe(200);
    expect((await profileOf(profileUrl, previous)).status).toBe(200);
  });

  it('gives a new sign-in (and its refresh) the new kid, which works everywhere', async () => {
    const jar = new CookieJar();
    const registration = validRegistration();
    expect((await jar.fetch(`${overlap}/api/auth/register`, { method: 'POST', json: registration })).status).toBe(201);
    const login = await jar.fetch(`${overlap}/api/auth/login`, {
      method: 'POST',
      json: { email: registration.email, password: registration.password },
    });
    expect(login.status).toBe(200);
    expect(kidOf(jar.get('access_token')!)).toBe(nextSigningKey.kid);
    const me = await jar.fetch(`${overlap}/api/auth/me`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: registration.email });

    const refreshed = await jar.fetch(`${overlap}/api/auth/refresh`, { method: 'POST' });
    expect(refreshed.status).toBe(200);
    expect(kidOf(jar.get('access_token')!)).toBe(nextSigningKey.kid);
    // A gateway that no longer lists the previous key verifies it: past the session check to
    // the verified-e-mail rule (this account is not verified yet).
    const gated = await jar.fetch(`${afterRemoval}/api/user/profile`);
    expect(gated.status).toBe(403);
    expect(await gated.json()).toMatchObject({ error: 'EMAIL_NOT_VERIFIED' });
  });

  it('refuses the previous key once it is removed, and keeps accepting the new one', async () => {
    const user = merchant();
    const previous = accessCookie(user);
    const refused = await profileOf(afterRemoval, previous);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    expect((await profileOf(afterRemoval, accessCookie(user, { key: nextSigningKey }))).status).toBe(200);
  });
});
