import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { parseKeyRing } from '../crypto/secret-box';

/**
 * Access tokens are signed by identity alone, with an Ed25519 key (JWS `EdDSA`), and verified
 * everywhere else with public keys only. Keys are written like the platform's other key rings:
 * `kid:<base64url of 32 bytes>` (the private key's seed, or the public key), public keys
 * separated by commas. The `kid` goes in every token's header, so keys rotate: while two public
 * keys are listed, tokens of either verify.
 */

/** The key identity signs access tokens with (JWT_SIGNING_KEY). */
export interface SigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
}

/** The public keys access tokens verify with, by key id (JWT_PUBLIC_KEYS). */
export type VerificationKeys = ReadonlyMap<string, KeyObject>;

export class SigningKeyError extends Error {}

// DER prefixes of an Ed25519 key given as its 32 raw bytes (RFC 8410).
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The local development key pair: the default outside production only (production has none). */
export const LOCAL_SIGNING_KEY = 'local:B--FXunMxWDrX9DMMzYuygmbePP_VqS1keZy_RSSSGU';
export const LOCAL_PUBLIC_KEYS = 'local:ZUXLoEkWmvDvbLS63QgGrqJ2NXq53i485u1JlkRkook';

/** Parses JWT_SIGNING_KEY: one `kid:<base64url seed>` entry. Errors never print the key. */
export function parseSigningKey(spec: string): SigningKey {
  const ring = keyRingOf(spec);
  if (ring.size !== 1) throw new SigningKeyError('give exactly one key, as kid:<base64url of 32 bytes>');
  const [[kid, seed]] = [...ring];
  return {
    kid,
    privateKey: createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' }),
  };
}

/** Parses JWT_PUBLIC_KEYS: `kid:<base64url public key>` entries separated by commas. */
export function parsePublicKeys(spec: string): VerificationKeys {
  const keys = new Map<string, KeyObject>();
  for (const [kid, raw] of keyRingOf(spec)) keys.set(kid, publicKeyOfRaw(raw));
  return keys;
}

/** The public half of a signing key, as a JWT_PUBLIC_KEYS entry (`kid:<base64url>`). */
export function publicKeyEntry(key: SigningKey): string {
  return `${key.kid}:${rawPublicKey(createPublicKey(key.privateKey)).toString('base64url')}`;
}

/** Whether `keys` holds the public half of `key` under its kid (identity checks this at start). */
export function verifiesWith(keys: VerificationKeys, key: SigningKey): boolean {
  return keys.get(key.kid)?.equals(createPublicKey(key.privateKey)) === true;
}

/** A new key pair: JWT_SIGNING_KEY for identity and the entry to add to JWT_PUBLIC_KEYS. */
export function generateSigningKey(kid: string): { signingKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX.length);
  const signingKey = `${kid}:${seed.toString('base64url')}`;
  parseSigningKey(signingKey); // checks the kid
  return { signingKey, publicKey: `${kid}:${rawPublicKey(publicKey).toString('base64url')}` };
}

function keyRingOf(spec: string): Map<string, Buffer> {
  try {
    return parseKeyRing(spec);
  } catch (error) {
    throw new SigningKeyError((error as Error).message);
  }
}

function publicKeyOfRaw(raw: Buffer): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
}

function rawPublicKey(key: KeyObject): Buffer {
  return key.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);
}
