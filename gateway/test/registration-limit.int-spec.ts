import type { INestApplication } from '@nestjs/common';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { rawRequest, startApp, uniqueEmail, validRegistration } from '../../test-support';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { gatewayConfigSchema } from '../src/config';
import { buildGateway } from '../src/server';

// Issue 38: registration answers a taken address as a new one, and the per-client registration
// limit counts both alike, so trying addresses through the gateway is as limited as before.

describe('gateway: registration of new and taken addresses under one limit', () => {
  let identity: INestApplication;
  let gateway: FastifyInstance;
  let redis: Redis;
  let url: string;

  beforeAll(async () => {
    const identityApp = await startApp(IdentityModule);
    identity = identityApp.app;
    const config = parseConfig(gatewayConfigSchema, {
      ...process.env,
      IDENTITY_URL: identityApp.url,
      RATE_LIMIT_REGISTER_PER_HOUR: '3',
    });
    redis = new Redis(redisOptions(config.REDIS_URL));
    gateway = await buildGateway({ config, redis });
    url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.quit();
    await identity?.close();
  });

  const register = async (body: object) => {
    const reply = await rawRequest(`${url}/api/auth/register`, 'POST', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: reply.status, body: reply.text, retryAfter: reply.headers['retry-after'] };
  };

  it('answers a taken address as a new one and counts it: the fourth registration in the hour gets 429', async () => {
    // The window is the calendar hour: start in one with room for these few calls, on a clean count.
    const left = 3_600_000 - (Date.now() % 3_600_000);
    if (left < 15_000) await new Promise((done) => setTimeout(done, left + 100));
    const earlier = await redis.keys('ratelimit:*/api/auth/register*');
    if (earlier.length) await redis.del(...earlier);

    const email = uniqueEmail('gw-limit');
    const first = await register(validRegistration(email));
    expect(first.status).toBe(201);
    const taken = await register(validRegistration(email.toUpperCase()));
    const fresh = await register(validRegistration());
    expect(taken).toEqual(first);
    expect(fresh).toEqual(first);

    const limited = await register(validRegistration());
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(limited.body)).toMatchObject({ error: 'RATE_LIMITED' });
  });
});
