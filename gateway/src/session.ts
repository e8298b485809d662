import {
  accessTokenOf,
  parsePublicKeys,
  SessionRevocationList,
  verifyAccessToken,
  type AuthUser,
  type VerificationKeys,
} from '@app/platform/tokens';
import type Redis from 'ioredis';

const MAX_ENTRIES = 10_000;

/** The revocation list could not be read: the gateway answers 503 rather than guess. */
export class SessionCheckUnavailable extends Error {}

/**
 * Verifies access tokens, remembering a verified signature briefly so a burst of requests pays
 * for it once (an entry never outlives its token). Whether the session was signed out is asked
 * on every request, never cached: one Redis EXISTS on the revocation list identity writes, so a
 * signed-out token is refused as soon as the sign-out has answered. (Subscribing to revocations
 * would save that round trip but could miss one during a reconnect; the key also survives a
 * gateway restart.)
 */
export class SessionVerifier {
  private readonly cache = new Map<string, { user: AuthUser; until: number }>();
  private readonly keys: VerificationKeys;
  private readonly revocations: SessionRevocationList;

  /** `publicKeys`: JWT_PUBLIC_KEYS, identity's public keys by kid (the gateway holds no private key). */
  constructor(
    publicKeys: string,
    private readonly cacheMs: number,
    redis: Redis,
  ) {
    this.keys = parsePublicKeys(publicKeys);
    this.revocations = new SessionRevocationList(redis);
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
