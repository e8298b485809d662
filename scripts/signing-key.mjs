#!/usr/bin/env node
// A new access-token signing key pair (Ed25519), for a rotation or a new install
// (docs/operations.md, "Rotating the access-token signing key"):
//   node scripts/signing-key.mjs <kid>
// prints JWT_SIGNING_KEY (identity only; secret) and the entry to add to JWT_PUBLIC_KEYS (every
// process; not secret). The kid names the key in each token's header: letters, digits, - and _,
// at most 32 characters, e.g. the date of the rotation.
import { generateKeyPairSync } from 'node:crypto';

const kid = process.argv[2];
if (!kid || !/^[A-Za-z0-9_-]{1,32}$/.test(kid)) {
  console.error('usage: node scripts/signing-key.mjs <kid>   (kid: letters, digits, - and _, at most 32)');
  process.exit(2);
}
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
console.log(`JWT_SIGNING_KEY=${kid}:${privateKey.export({ format: 'jwk' }).d}`);
console.log(`JWT_PUBLIC_KEYS entry: ${kid}:${publicKey.export({ format: 'jwk' }).x}`);
