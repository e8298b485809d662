import { generateSigningKey, parseSigningKey } from '@app/platform/tokens';

// Imported first by retired-signing-key.int-spec.ts, before the service reads its config: the end of
// a rotation. The service lists only the new public key; the test key (the previous one) is gone.

const next = generateSigningKey('next');
export const nextSigningKey = parseSigningKey(next.signingKey);

process.env.JWT_PUBLIC_KEYS = next.publicKey;
