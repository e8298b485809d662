import { randomInt } from 'node:crypto';

// No 0/O or 1/I/L, so a code read aloud or retyped survives.
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A referral code: up to 4 letters of the company name, then 6 random characters, e.g. ACME7K2Q9P. */
export function newReferralCode(companyName: string): string {
  const prefix =
    companyName
      .toUpperCase()
      .replace(/[^A-Z]/g, '')
      .slice(0, 4) || 'AFF';
  let suffix = '';
  for (let index = 0; index < 6; index += 1) suffix += alphabet[randomInt(alphabet.length)];
  return prefix + suffix;
}

/** Codes are matched case-insensitively: links and cookies may change case. */
export const normalizeReferralCode = (code: string): string => code.trim().toUpperCase();
