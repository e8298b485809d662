import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token for a link or cookie; only its hash is stored. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
