import {
  ACCESS_COOKIE,
  accessTokenOf,
  parsePublicKeys,
  revokedSessionKey,
  verifyAccessToken,
  type AuthUser,
  type VerificationKeys,
} from '@app/platform/tokens';
import type Redis from 'ioredis';
import { parseCookies } from './cookies';

const MAX_ENTRIES = 10_000;

/** The revocation list could not be read: the gateway answers 503 rather than guess. */
export class SessionCheckUnavailable extends Error {}

/**
 * Asks the revocation list (platform's SessionRevocationList, the keys identity writes) for the
 * sessions checked meanwhile with a single MGET, one MGET at a time: the sessions checked during
 * one turn of the event loop are asked once that turn's requests have been read (setImmediate),
 * and those checked while an MGET is on its way wait for the next one, sent once it has answered
 * (at the end of the turn that read its answer, as the platform's Batcher with maxInFlight 1). Each request's answer still comes from a read Redis serves after the request arrived
 * (a read sent before it is never used for it), so a sign-out that has answered is seen by every
 * request after it; under load, one command (one write, one reply) serves many requests instead
 * of one each, and the fewer commands the busier the gateway is.
 */
class RevocationChecks {
  private batch = new Map<string, Deferred>();
  /** A flush is scheduled (setImmediate) or an MGET is on its way: the next one waits for it. */
  private busy = false;

  constructor(private readonly redis: Redis) {}

  isRevoked(sessionId: string | undefined): Promise<boolean> {
    if (!sessionId) return Promise.resolve(false);
    let waiting = this.batch.get(sessionId);
    if (!waiting) {
      waiting = deferred();
      this.batch.set(sessionId, waiting);
      if (!this.busy) {
        this.busy = true;
        setImmediate(() => void this.flush());
      }
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
    // The sessions checked while this MGET was on its way: asked once this turn's requests have
    // been read too (setImmediate, not at once: the requests read after this answer in the same
    // turn join the MGET instead of waiting for the one after it, and fewer MGETs are sent).
    if (this.batch.size) setImmediate(() => void this.flush());
    else this.busy = false;
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
interface Verified {
  token: string;
  user: AuthUser;
  until: number;
}

export class SessionVerifier {
  private readonly cache = new Map<string, Verified>();
  /** Tokens whose signature is being verified (jose verifies asynchronously). */
  private readonly verifying = new Map<string, Promise<AuthUser | null>>();
  /**
   * A request's Cookie header → the verified token it carried: a burst of requests with the same
   * header skips the cookie parsing and the token lookup too (the entry is the token's own, with
   * its own expiry; the revocation list is still asked every time).
   */
  private readonly byCookieHeader = new Map<string, Verified>();
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
    const user = this.known(token) ?? (await this.verified(token));
    if (!user) return null;
    return this.unlessRevoked(token, user);
  }

  /**
   * The user of a request's headers (the access token of its Cookie header, else of its
   * Authorization header), as `userOf`. Throws SessionCheckUnavailable.
   */
  async userOfHeaders(cookieHeader: string | undefined, authorization?: string): Promise<AuthUser | null> {
    const hit = cookieHeader === undefined ? undefined : this.byCookieHeader.get(cookieHeader);
    if (hit && hit.until > Date.now()) return this.unlessRevoked(hit.token, hit.user, cookieHeader);
    const cookies = parseCookies(cookieHeader);
    const token = accessTokenOf(cookies, authorization);
    if (!token) return null;
    const user = this.known(token) ?? (await this.verified(token));
    if (!user) return null;
    if (cookieHeader !== undefined && cookies[ACCESS_COOKIE] === token) {
      const entry = this.cache.get(token);
      if (entry) {
        if (this.byCookieHeader.size >= MAX_ENTRIES)
          this.byCookieHeader.delete(this.byCookieHeader.keys().next().value!);
        this.byCookieHeader.set(cookieHeader, entry);
      }
    }
    return this.unlessRevoked(token, user, cookieHeader);
  }

  private async unlessRevoked(token: string, user: AuthUser, cookieHeader?: string): Promise<AuthUser | null> {
    let revoked: boolean;
    try {
      revoked = await this.revocations.isRevoked(user.sessionId);
    } catch (error) {
      throw new SessionCheckUnavailable((error as Error).message);
    }
    if (!revoked) return user;
    this.cache.delete(token);
    if (cookieHeader !== undefined) this.byCookieHeader.delete(cookieHeader);
    return null;
  }

  /**
   * The user of a token whose signature was verified lately: no wait, so its revocation check
   * joins this turn's MGET.
   */
  private known(token: string): AuthUser | undefined {
    const hit = this.cache.get(token);
    return hit && hit.until > Date.now() ? hit.user : undefined;
  }

  /**
   * The token's user once jose has verified it (asynchronously); requests that bring the same token
   * meanwhile share that verification.
   */
  private verified(token: string): Promise<AuthUser | null> {
    let pending = this.verifying.get(token);
    if (!pending) {
      pending = verifyAccessToken(token, this.keys)
        .then((user) => {
          if (user && this.cacheMs > 0) this.remember(token, user, Date.now());
          return user;
        })
        .finally(() => this.verifying.delete(token));
      this.verifying.set(token, pending);
    }
    return pending;
  }

  private remember(token: string, user: AuthUser, now: number): void {
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    const expiresAt = expiryOf(token);
    this.cache.set(token, { token, user, until: Math.min(now + this.cacheMs, expiresAt) });
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
