import jwt from 'jsonwebtoken';

/** Cookie names of a session; both httpOnly. */
export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Who a verified access token speaks for. */
export interface AuthUser {
  id: string;
  email: string;
  emailVerified: boolean;
  role: string;
}

interface AccessClaims {
  sub: string;
  email: string;
  ev: boolean;
  role: string;
}

const ALGORITHM = 'HS256';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Claims of a token we signed: user ids are UUIDs, so anything else is refused. */
export const isValidSubject = (sub: unknown): sub is string => typeof sub === 'string' && uuidPattern.test(sub);

/** Record ids are uuids; anything else cannot name a record (services answer it 404 like a missing one). */
export const isUuid = (value: string): boolean => uuidPattern.test(value);
const ISSUER = 'identity';

export function signAccessToken(user: AuthUser, secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): string {
  const claims: AccessClaims = { sub: user.id, email: user.email, ev: user.emailVerified, role: user.role };
  return jwt.sign(claims, secret, { algorithm: ALGORITHM, expiresIn: ttlSeconds, issuer: ISSUER });
}

/** The user behind a token, or null for a missing, forged or expired one. */
export function verifyAccessToken(token: string | undefined, secret: string): AuthUser | null {
  if (!token) return null;
  try {
    const claims = jwt.verify(token, secret, { algorithms: [ALGORITHM], issuer: ISSUER }) as AccessClaims;
    return isValidSubject(claims.sub)
      ? { id: claims.sub, email: claims.email, emailVerified: claims.ev === true, role: claims.role }
      : null;
  } catch {
    return null;
  }
}

/** The token of a request: the session cookie, else an `Authorization: Bearer` header. */
export function accessTokenOf(
  cookies: Record<string, string | undefined> | undefined,
  authorization?: string,
): string | undefined {
  const fromCookie = cookies?.[ACCESS_COOKIE];
  if (fromCookie) return fromCookie;
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
