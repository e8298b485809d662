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
  const cookieOf = (user: AuthUser) => ({ access_token: signAccessToken(user, signing, 900) });

  it('asks once for every session checked in one turn of the event loop, each request its own answer', async () => {
    const { redis, calls, values } = fakeRedis();
    const [live, signedOut] = [randomUUID(), randomUUID()];
    values.set(revokedSessionKey(signedOut), '1');
    const verifier = new SessionVerifier(keys.publicKey, 10_000, redis as unknown as Redis);

    const answers = await Promise.all([
      verifier.userOf(cookieOf(userWith(live))),
      verifier.userOf(cookieOf(userWith(signedOut))),
      verifier.userOf(cookieOf(userWith(live))),
    ]);

    expect(answers.map((user) => user?.sessionId ?? null)).toEqual([live, null, live]);
    expect(calls).toEqual([[revokedSessionKey(live), revokedSessionKey(signedOut)]]);
  });

  it('refuses a token whose session was signed out after an earlier request was let through', async () => {
    const { redis, calls, values } = fakeRedis();
    const sessionId = randomUUID();
    const cookies = cookieOf(userWith(sessionId));
    const verifier = new SessionVerifier(keys.publicKey, 10_000, redis as unknown as Redis);

    expect(await verifier.userOf(cookies)).not.toBeNull();
    values.set(revokedSessionKey(sessionId), '1');
    expect(await verifier.userOf(cookies)).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('answers SessionCheckUnavailable to every request of a batch when Redis fails', async () => {
    const { redis } = fakeRedis();
    redis.failing = true;
    const verifier = new SessionVerifier(keys.publicKey, 10_000, redis as unknown as Redis);
    const checks = [randomUUID(), randomUUID()].map((id) => verifier.userOf(cookieOf(userWith(id))));
    for (const check of checks) await expect(check).rejects.toBeInstanceOf(SessionCheckUnavailable);
  });
});
