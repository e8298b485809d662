import { randomUUID } from 'node:crypto';
import {
  generateSigningKey,
  parseSigningKey,
  revokedSessionKey,
  signAccessToken,
  type AuthUser,
} from '@app/platform/tokens';
import type Redis from 'ioredis';
import { SessionCheckUnavailable, SessionVerifier } from './session';

/** The part of Redis the verifier uses, in memory: MGET over a map, each call counted. */
function fakeRedis(values = new Map<string, string>()) {
  const calls: string[][] = [];
  const redis = {
    failing: false,
    async mget(keys: string[]) {
      calls.push(keys);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (redis.failing) throw new Error('connection lost');
      return keys.map((key) => values.get(key) ?? null);
    },
  };
  return { redis, calls, values };
}

describe('SessionVerifier: the revocation list', () => {
  const keys = generateSigningKey('spec');
  const signing = parseSigningKey(keys.signingKey);
  const userWith = (sessionId: string): AuthUser => ({
    id: randomUUID(),
    email: 'aroha@example.test',
    emailVerified: true,
    role: 'user',
    sessionId,
  });
  const cookieOf = async (user: AuthUser) => ({ access_token: await signAccessToken(user, signing, 900) });
  /** A verifier that has verified these tokens' signatures already (they are in its cache), and the MGETs that took. */
  async function warmedUp(verifier: SessionVerifier, calls: string[][], ...cookies: Record<string, string>[]) {
    for (const cookie of cookies) expect(await verifier.userOf(cookie)).not.toBeNull();
    calls.length = 0;
  }

  it('asks once for every session checked in one turn of the event loop, each request its own answer', async () => {
    const { redis, calls, values } = fakeRedis();
    const [live, signedOut] = [randomUUID(), randomUUID()];
    const verifier = new SessionVerifier(keys.publicKey, 10_000, redis as unknown as Redis);
    const cookies = [
      await cookieOf(userWith(live)),
      await cookieOf(userWith(signedOut)),
      await cookieOf(userWith(live)),
    ];
    // jose verifies a signature off the event loop: the batching is of requests whose signature is known.
    await warmedUp(verifier, calls, ...cookies);
    values.set(revokedSessionKey(signedOut), '1');

    const answers = await Promise.all(cookies.map((cookie) => verifier.userOf(cookie)));

    expect(answers.map((user) => user?.sessionId ?? null)).toEqual([live, null, live]);
    expect(calls).toEqual([[revokedSessionKey(live), revokedSessionKey(signedOut)]]);
  });

  it('answers a burst of requests whose tokens it has not verified yet, each its own answer', async () => {
    const { redis, values } = fakeRedis();
    const [live, signedOut] = [randomUUID(), randomUUID()];
    values.set(revokedSessionKey(signedOut), '1');
    const verifier = new SessionVerifier(keys.publicKey, 10_000, redis as unknown as Redis);
    const cookies = [
      await cookieOf(userWith(live)),
      await cookieOf(userWith(signedOut)),
      await cookieOf(userWith(live)),
    ];

    const answers = await Promise.all([...cookies, cookies[0]!].map((cookie) => verifier.userOf(cookie)));

    expect(answers.map((user) => user?.sessionId ?? null)).toEqual([live, null, live, live]);
  });

  it('refuses a token whose session was signed out after an earlier request was let through', async () => {
    const { redis, calls, values } = fakeRedis();
    const sessionId = randomUUID();
    const cookies = await cookieOf(userWith(sessionId));
    const verifier = new SessionVerifier(keys.publicKey, 10_000, redis as unknown as Redis);

    expect(await verifier.userOf(cookies)).not.toBeNull();
    values.set(revokedSessionKey(sessionId), '1');
    expect(await verifier.userOf(cookies)).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('never answers a request with a read sent before it arrived: it waits for the next MGET', async () => {
    // Redis serves each MGET as it arrives (the values of that moment), its answer 5 ms later.
    const values = new Map<string, string>();
    const calls: string[][] = [];
    const redis = {
      async mget(keys: string[]) {
        calls.push(keys);
        const served = keys.map((key) => values.get(key) ?? null);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return served;
      },
    };
    const sessionId = randomUUID();
    const cookies = await cookieOf(userWith(sessionId));
    const verifier = new SessionVerifier(keys.publicKey, 10_000, redis as unknown as Redis);
    await warmedUp(verifier, calls, cookies);

    const first = verifier.userOf(cookies);
    // The first MGET is on its way (sent on the next turn): then the session is signed out.
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(1);
    values.set(revokedSessionKey(sessionId), '1');
    const [second, third] = [verifier.userOf(cookies), verifier.userOf(cookies)];

    expect(await first).not.toBeNull();
    expect(await second).toBeNull();
    expect(await third).toBeNull();
    // One more MGET for both requests that arrived while the first was on its way.
    expect(calls).toHaveLength(2);
  });

  it('reads the Cookie header once per token within TOKEN_CACHE_MS, the revocation list every time', async () => {
    const { redis, calls, values } = fakeRedis();
    const sessionId = randomUUID();
    const header = `theme=dark; access_token=${(await cookieOf(userWith(sessionId))).access_token}`;
    const verifier = new SessionVerifier(keys.publicKey, 10_000, redis as unknown as Redis);

    expect((await verifier.userOfHeaders(header))?.sessionId).toBe(sessionId);
    expect((await verifier.userOfHeaders(header))?.sessionId).toBe(sessionId);
    values.set(revokedSessionKey(sessionId), '1');
    expect(await verifier.userOfHeaders(header)).toBeNull();
    expect(calls).toHaveLength(3);
    expect(await verifier.userOfHeaders('theme=dark', 'Bearer not-a-token')).toBeNull();
    expect(await verifier.userOfHeaders(undefined)).toBeNull();
  });

  it('answers SessionCheckUnavailable to every request of a batch when Redis fails', async () => {
    const { redis } = fakeRedis();
    redis.failing = true;
    const verifier = new SessionVerifier(keys.publicKey, 10_000, redis as unknown as Redis);
    const cookies = await Promise.all([randomUUID(), randomUUID()].map((id) => cookieOf(userWith(id))));
    const checks = cookies.map((cookie) => verifier.userOf(cookie));
    for (const check of checks) await expect(check).rejects.toBeInstanceOf(SessionCheckUnavailable);
  });
});
