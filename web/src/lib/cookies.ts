import { referralCodePattern, referralCookieName } from '@app/contracts';

/** Reads a non-httpOnly cookie set for the page (e.g. the affiliate referral code). */
export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return undefined;
}

/** The referral code a ?ref= link stored (lib/referral), when there is a well-formed one. */
export function storedReferralCode(): string | undefined {
  const code = readCookie(referralCookieName);
  return code && referralCodePattern.test(code) ? code : undefined;
}
