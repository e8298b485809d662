import type { JWTPayload, JWTVerifyGetKey } from 'jose' with { 'resolution-mode': 'import' };
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

/**
 * jose ships only ES modules and our packages are CommonJS: it is loaded once, on the first
 * token signed or verified (node16 module resolution keeps this `import()` as it is).
 */
type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
let jose: Promise<Jose> | undefined;
const loadJose = (): Promise<Jose> => (jose ??= import('jose'));

export interface SignOptions {
  ttlSeconds?: number;
  /**
   * When the token counts as issued (default now). The same user, session and instant give the
   * same token byte for byte, which is how a refresh retried within the grace window gets the
   * pair the first one got.
   */
  issuedAt?: Date;
}

/** The protected header of a token signed with `key`. */
export const accessTokenHeader = (key: SigningKey) =>
  ({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT', kid: key.kid }) as const;

/** The claims of an access token for `user`, in the order they are signed. */
export function accessTokenClaims(
  user: AuthUser,
  options: number | SignOptions = {},
): AccessClaims & { iat: number; exp: number; iss: string } {
  const { ttlSeconds = ACCESS_TOKEN_TTL_SECONDS, issuedAt } =
    typeof options === 'number' ? { ttlSeconds: options } : options;
  const iat = Math.floor((issuedAt?.getTime() ?? Date.now()) / 1000);
  const claims: AccessClaims & { iat: number; exp: number; iss: string } = {
    sub: user.id,
    email: user.email,
    ev: user.emailVerified,
    role: user.role,
    iat,
    exp: iat + ttlSeconds,
    iss: ISSUER,
  };
  if (user.sessionId) claims.sid = user.sessionId;
  return claims;
}

/**
 * A compact JWS (`EdDSA`, header `kid`) of the user's claims, signed with jose. Ed25519
 * signatures are deterministic, so the same user, session, instant and key give the same token.
 */
export async function signAccessToken(
  user: AuthUser,
  key: SigningKey,
  options: number | SignOptions = {},
): Promise<string> {
  const { SignJWT } = await loadJose();
  return new SignJWT({ ...accessTokenClaims(user, options) })
    .setProtectedHeader(accessTokenHeader(key))
    .sign(key.privateKey);
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
 * The user behind a token, or null for a missing, forged or expired one. jose verifies it with
 * `algorithms: ['EdDSA']` and the public key of its `kid` among `keys`: an HS256 token (say,
 * signed with a shared secret or with a public key as its HMAC secret), an unsigned one, a key
 * carried in the header and an unknown kid are all refused. Revocation is checked apart.
 */
export async function verifyAccessToken(token: string | undefined, keys: VerificationKeys): Promise<AuthUser | null> {
  const claims = await verifiedClaims(token, keys);
  return claims ? userOfClaims(claims) : null;
}

async function verifiedClaims(token: string | undefined, keys: VerificationKeys): Promise<AccessClaims | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => base64url.test(part))) return null;
  // One encoding per signature: no second spelling of a token that verifies.
  const signature = parts[2]!;
  if (Buffer.from(signature, 'base64url').toString('base64url') !== signature) return null;
  const { jwtVerify } = await loadJose();
  // The key of the header's kid, for EdDSA only; no critical extension is understood.
  const keyOf: JWTVerifyGetKey = (header) => {
    const key =
      header.alg === ACCESS_TOKEN_ALGORITHM &&
      typeof header.kid === 'string' &&
      !('crit' in header) &&
      keys.get(header.kid);
    if (!key) throw new Error('no key for this token');
    return key;
  };
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keyOf, {
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      issuer: ISSUER,
      requiredClaims: ['exp'],
    }));
  } catch {
    return null;
  }
  return payload as unknown as AccessClaims;
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
