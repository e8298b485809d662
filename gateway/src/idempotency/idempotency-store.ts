import type Redis from 'ioredis';

/**
 * How long a running request's marker lives without being renewed, in ms. The gateway running it
 * renews it every third of that while the service works; a gateway that stopped mid-request holds
 * the key at most this long (its retries get 409 meanwhile).
 */
export const IN_FLIGHT_MS = 30_000;

/** Each changes the key only while it still holds the caller's own running marker (ARGV[1]). */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const COMPLETE = `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[1], ARGV[2], 'EX', ARGV[3]) return 1 else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Idempotency keys' records in Redis (shared by every gateway replica): a request claims its key
 * with a running marker (SET NX), then either completes it with its kept answer, which lives
 * `ttlSeconds` (IDEMPOTENCY_KEY_TTL_SECONDS), or releases it so a retry runs again.
 */
export class IdempotencyStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
  ) {}

  /** null: the key is now this request's; otherwise the record already there. */
  async claim(name: string, running: string): Promise<string | null> {
    // A record that expires or is released between the SET and the GET: try again.
    for (let attempt = 0; attempt < 3; attempt++) {
      if ((await this.redis.set(name, running, 'PX', IN_FLIGHT_MS, 'NX')) === 'OK') return null;
      const current = await this.redis.get(name);
      if (current !== null) return current;
    }
    throw new Error(`idempotency key ${name} kept changing`);
  }

  async renew(name: string, running: string): Promise<void> {
    await this.redis.eval(RENEW, 1, name, running, IN_FLIGHT_MS);
  }

  async complete(name: string, running: string, done: string): Promise<void> {
    await this.redis.eval(COMPLETE, 1, name, running, done, this.ttlSeconds);
  }

  async release(name: string, running: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, name, running);
  }
}
