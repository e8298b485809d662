import { generateSigningKey, parseSigningKey } from '@app/platform/tokens';
import { TEST_PUBLIC_KEYS } from '../../test-support/access-tokens';

// Imported first by key-rotation.int-spec.ts, before any service reads its config: the overlap of
// a rotation. Identity signs with a new key; everyone lists the new and the previous (the test)
// public keys, so tokens signed before the switch still verify.

const next = generateSigningKey('next');
export const nextSigningKey = parseSigningKey(next.signingKey);
/** JWT_PUBLIC_KEYS once the previous key is removed. */
export const NEXT_ONLY_PUBLIC_KEYS = next.publicKey;

process.env.JWT_SIGNING_KEY = next.signingKey;
process.env.JWT_PUBLIC_KEYS = `${next.publicKey},${TEST_PUBLIC_KEYS}`;
