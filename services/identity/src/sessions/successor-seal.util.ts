import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A rotated refresh token keeps its successor for the grace window, sealed (AES-256-GCM) with a
 * key derived from the rotated token itself. Only its hash is stored (a different derivation), so
 * the database alone cannot open it: only a request presenting the rotated token can.
 */
const keyOf = (token: string): Buffer => createHash('sha256').update('refresh-successor\0').update(token).digest();

export function sealSuccessor(token: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The successor, or null when `sealed` was not made with this token. */
export function openSuccessor(token: string, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
