import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { redisOptions } from '@app/platform/redis';
import Redis from 'ioredis';
import { roomInMinuteWindow, uniqueEmail } from '../../test-support';
import { startGateway, type StartedGateway } from './gateway-in-front';

// Issue 38: a limited route's answers say the limit, what is left and when the window ends
// (RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset in seconds); a 429 adds Retry-After.

describe('gateway: rate-limit headers', () => {
  let upstream: Server;
  let gateway: StartedGateway;
  let redis: Redis;

  beforeAll(async () => {
    // Stands in for identity: every sign-in is wrong. The limit is the gateway's, before forwarding.
    upstream = createServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'UNAUTHENTICATED', message: 'Invalid email or password' }));
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    const { port } = upstream.address() as AddressInfo;
    gateway = await startGateway({ IDENTITY_URL: `http://127.0.0.1:${port}`, RATE_LIMIT_LOGIN_PER_MINUTE: '2' });
    redis = new Redis(redisOptions(gateway.config.REDIS_URL));
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.quit();
    await new Promise((done) => upstream?.close(done));
  });

  it('counts down on every answer and, over the limit, answers 429 with Retry-After and the reset', async () => {
    const earlier = await redis.keys('ratelimit:/api/auth/login:*');
    if (earlier.length) await redis.del(...earlier);
    await roomInMinuteWindow(10_000);
    const attempt = () =>
      fetch(`${gateway.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('limit-headers'), password: 'Wrong-pass1!' }),
      });
    const answers = [await attempt(), await attempt(), await attempt()];
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 429]);
    expect(answers.map((answer) => answer.headers.get('ratelimit-limit'))).toEqual(['2', '2', '2']);
    expect(answers.map((answer) => answer.headers.get('ratelimit-remaining'))).toEqual(['1', '0', '0']);
    for (const answer of answers) {
      const reset = Number(answer.headers.get('ratelimit-reset'));
      // Seconds until the minute's window ends (at least 10 s were left when the calls began).
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const limited = answers[2]!;
    expect(Number(limited.headers.get('retry-after'))).toBe(Number(limited.headers.get('ratelimit-reset')));
    expect(limited.headers.get('x-request-id')).toBeTruthy();
    await expect(limited.json()).resolves.toMatchObject({ error: 'RATE_LIMITED' });
  });
});
