import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes). */
export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id });

// Verified against when the e-mail is unknown, so a miss takes as long as a wrong password.
const decoyHash = hashPassword('decoy-password-for-timing-1A!');

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  try {
    const matches = await argon2.verify(hash ?? (await decoyHash), password);
    return hash !== undefined && matches;
  } catch {
    return false;
  }
}
