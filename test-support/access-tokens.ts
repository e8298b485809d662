import { createHmac, sign } from 'node:crypto';
import {
  ACCESS_COOKIE,
  accessTokenClaims,
  accessTokenHeader,
  generateSigningKey,
  parseSigningKey,
  type AuthUser,
  type SignOptions,
  type SigningKey,
} from '@app/platform/tokens';

/**
 * The integration tests' signing key pair: integration-env.ts gives identity the private key
 * (JWT_SIGNING_KEY) and every service and gateway the public one (JWT_PUBLIC_KEYS), so tokens
 * minted here are what identity would issue. Not the launcher's keys nor the local default.
 */
export const TEST_SIGNING_KEY = 'test:ZhcDEd7aGeeculvahs9nV1F-yKJpNVXeoMcU8En9Y3U';
export const TEST_PUBLIC_KEYS = 'test:ZaMhdEXGpe_PlOac4-HTvQDimgHsvz-m56K_ZVmv2CY';
export const testSigningKey: SigningKey = parseSigningKey(TEST_SIGNING_KEY);

/** A fresh Ed25519 signing key named `kid`, which no verifier lists unless a test puts it there. */
export const newSigningKey = (kid: string): SigningKey => parseSigningKey(generateSigningKey(kid).signingKey);

/** A key nobody trusts that claims the test key's kid: its tokens are forgeries. */
export const impostorKey: SigningKey = newSigningKey(testSigningKey.kid);

/**
 * The HS256 secret access tokens were signed with before they were signed by identity's private
 * key (the local default every process held): what an attacker with a service's old config has.
 */
export const OLD_SHARED_SECRET = 'local-development-secret-change-me-0123456789';

type TokenOptions = number | (SignOptions & { key?: SigningKey });

/**
 * An access token for `user` as identity signs it, with the test key unless `options.key`; a number
 * is the TTL. Identity signs with jose, which is asynchronous; the tests want a token at hand, so
 * the same header and claims (platform's accessTokenHeader, accessTokenClaims) are signed here with
 * node:crypto: Ed25519 is deterministic, so these are the same bytes identity issues
 * (packages/platform/src/auth/tokens.spec.ts checks the two signers agree).
 */
export function accessToken(user: AuthUser, options: TokenOptions = {}): string {
  const { key = testSigningKey, ...rest } = typeof options === 'number' ? { ttlSeconds: options } : options;
  return forgedToken(accessTokenHeader(key), accessTokenClaims(user, rest), key);
}

/** The `Cookie` header value of a session of `user` (see accessToken). */
export const accessCookie = (user: AuthUser, options?: TokenOptions): string =>
  `${ACCESS_COOKIE}=${accessToken(user, options)}`;

/**
 * A JWT with any header and claims, to forge what identity never issues: signed with an Ed25519
 * key, with an HMAC secret (HS256, or HS512 when the header says so), or unsigned.
 */
export function forgedToken(
  header: { alg: string; [field: string]: unknown },
  claims: object,
  signer?: SigningKey | string,
): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const input = `${encode(header)}.${encode(claims)}`;
  if (signer === undefined) return `${input}.`;
  if (typeof signer !== 'string')
    return `${input}.${sign(null, Buffer.from(input), signer.privateKey).toString('base64url')}`;
  const hash = header.alg === 'HS512' ? 'sha512' : 'sha256';
  return `${input}.${createHmac(hash, signer).update(input).digest('base64url')}`;
}

/** The header identity puts on its tokens (for forgedToken with the test key). */
export const testTokenHeader = { alg: 'EdDSA', typ: 'JWT', kid: testSigningKey.kid } as const;
