import {
  accessTokenOf,
  parsePublicKeys,
  revokedSessionKey,
  verifyAccessToken,
  type AuthUser,
  type VerificationKeys,
} from '@app/platform/tokens';
import type Redis from 'ioredis';

const MAX_ENTRIES = 10_000;

/** The revocation list could not be read: the gateway answers 503 rather than guess. */
export class SessionCheckUnavailable extends Error {}

/**
 * Asks the revocation list (platform's SessionRevocationList, the keys identity writes) for every
 * session checked during one turn of the event loop with a single MGET, sent once that turn's
 * requests have been read (setImmediate). Each request's answer still comes from a read Redis
 * serves after the request arrived, so a sign-out that has answered is seen by every request
 * after it; under load, one command (one write, one reply) serves many requests instead of one each.
 */
class RevocationChecks {
  private batch = new Map<string, Deferred>();

  constructor(private readonly redis: Redis) {}

  isRevoked(sessionId: string | undefined): Promise<boolean> {
    if (!sessionId) return Promise.resolve(false);
    let waiting = this.batch.get(sessionId);
    if (!waiting) {
      if (!this.batch.size) setImmediate(() => void this.flush());
      waiting = deferred();
      this.batch.set(sessionId, waiting);
    }
    return waiting.promise;
  }

  private async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = new Map();
    try {
      const values = await this.redis.mget([...batch.keys()].map(revokedSessionKey));
      let index = 0;
      for (const waiting of batch.values()) waiting.resolve(values[index++] !== null);
    } catch (error) {
      for (const waiting of batch.values()) waiting.reject(error);
    }
  }
}

interface Deferred {
  promise: Promise<boolean>;
  resolve: (revoked: boolean) => void;
  reject: (error: unknown) => void;
}

function deferred(): Deferred {
  let resolve!: Deferred['resolve'];
  let reject!: Deferred['reject'];
  const promise = new Promise<boolean>((resolved, rejected) => {
    resolve = resolved;
    reject = rejected;
  });
  return { promise, resolve, reject };
}

/**
 * Verifies access tokens, remembering a verified signature briefly so a burst of requests pays
 * for it once (an entry never outlives its token). Whether the session was signed out is asked
 * for every request, never cached: a read of the revocation list identity writes, made after the
 * request arrived (batched per event-loop turn, RevocationChecks), so a signed-out token is
 * refused as soon as the sign-out has answered. (Subscribing to revocations would save that round
 * trip but could miss one during a reconnect; the key also survives a gateway restart.)
 */
export class SessionVerifier {
  private readonly cache = new Map<string, { user: AuthUser; until: number }>();
  private readonly keys: VerificationKeys;
  private readonly revocations: RevocationChecks;

  /** `publicKeys`: JWT_PUBLIC_KEYS, identity's public keys by kid (the gateway holds no private key). */
  constructor(
    publicKeys: string,
    private readonly cacheMs: number,
    redis: Redis,
  ) {
    this.keys = parsePublicKeys(publicKeys);
    this.revocations = new RevocationChecks(redis);
  }

  /** The user of a valid token whose session is live; null otherwise. Throws SessionCheckUnavailable. */
  async userOf(cookies: Record<string, string | undefined>, authorization?: string): Promise<AuthUser | null> {
    const token = accessTokenOf(cookies, authorization);
    if (!token) return null;
    const user = this.verified(token);
    if (!user) return null;
    let revoked: boolean;
    try {
      revoked = await this.revocations.isRevoked(user.sessionId);
    } catch (error) {
      throw new SessionCheckUnavailable((error as Error).message);
    }
    if (!revoked) return user;
    this.cache.delete(token);
    return null;
  }

  private verified(token: string): AuthUser | null {
    const now = Date.now();
    const hit = this.cache.get(token);
    if (hit && hit.until > now) return hit.user;
    const user = verifyAccessToken(token, this.keys);
    if (user && this.cacheMs > 0) this.remember(token, user, now);
    return user;
  }

  private remember(token: string, user: AuthUser, now: number): void {
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    const expiresAt = expiryOf(token);
    this.cache.set(token, { user, until: Math.min(now + this.cacheMs, expiresAt) });
  }
}

function expiryOf(token: string): number {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp?: number };
    return (claims.exp ?? 0) * 1000;
  } catch {
    return 0;
  }
}
