import { sign, verify, type KeyObject } from 'node:crypto';
import type { SigningKey, VerificationKeys } from './signing-keys';

export * from './session-revocation';
export * from './signing-keys';

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

/** The one algorithm access tokens are signed with (Ed25519): anything else (HS256, `none`) is refused. */
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';
/** No token we sign comes near this; a longer one is refused before any parsing. */
const MAX_TOKEN_LENGTH = 4096;
const base64url = /^[A-Za-z0-9_-]+$/;
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

/**
 * A compact JWS (`EdDSA`, header `kid`) of the user's claims. Ed25519 signatures are
 * deterministic, so the same user, session, instant and key give the same token.
 */
export function signAccessToken(user: AuthUser, key: SigningKey, options: number | SignOptions = {}): string {
  const { ttlSeconds = ACCESS_TOKEN_TTL_SECONDS, issuedAt } =
    typeof options === 'number' ? { ttlSeconds: options } : options;
  const iat = Math.floor((issuedAt?.getTime() ?? Date.now()) / 1000);
  const claims: AccessClaims & { exp: number; iss: string } = {
    sub: user.id,
    email: user.email,
    ev: user.emailVerified,
    role: user.role,
    iat,
    exp: iat + ttlSeconds,
    iss: ISSUER,
  };
  if (user.sessionId) claims.sid = user.sessionId;
  const header = { alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT', kid: key.kid };
  const input = `${encodePart(header)}.${encodePart(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key.privateKey).toString('base64url')}`;
}

/**
 * A session id identity issues: a refresh family's uuid, or `apikey:<uuid>` for the tokens minted
 * for an API key (contracts' apiKeySessionId), so revoking the key revokes them.
 */
const isSessionId = (sid: string): boolean => isUuid(sid.startsWith('apikey:') ? sid.slice('apikey:'.length) : sid);

/** The user a verified token's claims speak for; a subject or session id of another shape is refused. */
export function userOfClaims(claims: AccessClaims): AuthUser | null {
  if (!isValidSubject(claims.sub)) return null;
  const user: AuthUser = { id: claims.sub, email: claims.email, emailVerified: claims.ev === true, role: claims.role };
  if (claims.sid === undefined) return user;
  if (typeof claims.sid !== 'string' || !isSessionId(claims.sid)) return null;
  return { ...user, sessionId: claims.sid };
}

/**
 * The user behind a token, or null for a missing, forged or expired one. Only `EdDSA` with a
 * `kid` among `keys` is accepted: an HS256 token (say, signed with a shared secret or with a
 * public key as its HMAC secret), an unsigned one and an unknown kid are all refused.
 * Revocation is checked apart.
 */
export function verifyAccessToken(token: string | undefined, keys: VerificationKeys): AuthUser | null {
  const claims = verifiedClaims(token, keys);
  return claims ? userOfClaims(claims) : null;
}

function verifiedClaims(token: string | undefined, keys: VerificationKeys): AccessClaims | null {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => base64url.test(part))) return null;
  const [encodedHeader, encodedClaims, encodedSignature] = parts as [string, string, string];
  const header = decodePart(encodedHeader);
  if (header?.alg !== ACCESS_TOKEN_ALGORITHM || typeof header.kid !== 'string' || 'crit' in header) return null;
  const key = keys.get(header.kid);
  const signature = Buffer.from(encodedSignature, 'base64url');
  // One encoding per signature: no second spelling of a token that verifies.
  if (!key || signature.toString('base64url') !== encodedSignature) return null;
  if (!signatureHolds(`${encodedHeader}.${encodedClaims}`, key, signature)) return null;
  const claims = decodePart(encodedClaims);
  const now = Date.now() / 1000;
  if (!claims || claims.iss !== ISSUER || typeof claims.exp !== 'number' || now >= claims.exp) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || now < claims.nbf)) return null;
  return claims as unknown as AccessClaims;
}

function signatureHolds(input: string, key: KeyObject, signature: Buffer): boolean {
  try {
    return verify(null, Buffer.from(input), key, signature);
  } catch {
    return false;
  }
}

const encodePart = (part: object): string => Buffer.from(JSON.stringify(part)).toString('base64url');

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
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
