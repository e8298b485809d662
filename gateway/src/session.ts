import { accessTokenOf, verifyAccessToken, type AuthUser } from '@app/platform/tokens';

const MAX_ENTRIES = 10_000;

/**
 * Verifies access tokens, remembering a verified one briefly so a burst of requests pays for the
 * signature check once. Expiry is still honoured: an entry never outlives its token.
 */
export class SessionVerifier {
  private readonly cache = new Map<string, { user: AuthUser; until: number }>();

  constructor(
    private readonly secret: string,
    private readonly cacheMs: number,
  ) {}

  userOf(cookies: Record<string, string | undefined>, authorization?: string): AuthUser | null {
    const token = accessTokenOf(cookies, authorization);
    if (!token) return null;
    const now = Date.now();
    const hit = this.cache.get(token);
    if (hit && hit.until > now) return hit.user;
    const user = verifyAccessToken(token, this.secret);
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
