import jwt from 'jsonwebtoken';

export * from './session-revocation';

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
  /**
   * The sign-in the token belongs to (claim `sid`, the refresh-token family id): signing out
   * puts it on the revocation list. Identity always sets it; a token without one cannot be revoked.
   */
  sessionId?: string;
}

/** The claims identity signs into an access token. */
export interface AccessClaims {
  sub: string;
  email: string;
  ev: boolean;
  role: string;
  sid?: string;
  iat?: number;
}

const ALGORITHM = 'HS256';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Claims of a token we signed: user ids are UUIDs, so anything else is refused. */
export const isValidSubject = (sub: unknown): sub is string => typeof sub === 'string' && uuidPattern.test(sub);

/** Record ids are uuids; anything else cannot name a record (services answer it 404 like a missing one). */
export const isUuid = (value: string): boolean => uuidPattern.test(value);
const ISSUER = 'identity';

export interface SignOptions {
  ttlSeconds?: number;
  /**
   * When the token counts as issued (default now). The same user, session and instant give the
   * same token byte for byte, which is how a refresh retried within the grace window gets the
   * pair the first one got.
   */
  issuedAt?: Date;
}

export function signAccessToken(user: AuthUser, secret: string, options: number | SignOptions = {}): string {
  const { ttlSeconds = ACCESS_TOKEN_TTL_SECONDS, issuedAt } =
    typeof options === 'number' ? { ttlSeconds: options } : options;
  const claims: AccessClaims = { sub: user.id, email: user.email, ev: user.emailVerified, role: user.role };
  if (user.sessionId) claims.sid = user.sessionId;
  if (issuedAt) claims.iat = Math.floor(issuedAt.getTime() / 1000);
  return jwt.sign(claims, secret, { algorithm: ALGORITHM, expiresIn: ttlSeconds, issuer: ISSUER });
}

/** The user a verified token's claims speak for; a subject or session id that is not a uuid is refused. */
export function userOfClaims(claims: AccessClaims): AuthUser | null {
  if (!isValidSubject(claims.sub)) return null;
  const user: AuthUser = { id: claims.sub, email: claims.email, emailVerified: claims.ev === true, role: claims.role };
  if (claims.sid === undefined) return user;
  if (typeof claims.sid !== 'string' || !isUuid(claims.sid)) return null;
  return { ...user, sessionId: claims.sid };
}

/** The user behind a token, or null for a missing, forged or expired one. Revocation is checked apart. */
export function verifyAccessToken(token: string | undefined, secret: string): AuthUser | null {
  if (!token) return null;
  try {
    return userOfClaims(jwt.verify(token, secret, { algorithms: [ALGORITHM], issuer: ISSUER }) as AccessClaims);
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
