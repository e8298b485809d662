import { affiliateTiers, referralCodePattern, referralCookieName, referralQueryParam } from '@app/contracts';
import { readCookie } from './cookies';

/**
 * The browser cannot know the referring affiliate's tier (30, 45 or 60 days), so the code is
 * kept for the longest window; the server decides whether the referral still counts.
 */
export const referralCookieMaxAgeSeconds = Math.max(...affiliateTiers.map((tier) => tier.cookieDays)) * 24 * 60 * 60;

/**
 * Spec 9: a referral link is the site origin with ?ref=CODE. A well-formed code is stored in a
 * first-party cookie (the latest link wins) so the sign-up that follows can carry it.
 */
export function captureReferral(location: Pick<Location, 'search' | 'protocol'> = window.location): string | undefined {
  const code = new URLSearchParams(location.search).get(referralQueryParam)?.trim();
  if (!code || !referralCodePattern.test(code)) return undefined;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${referralCookieName}=${encodeURIComponent(code)}; Max-Age=${referralCookieMaxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
  return code;
}

/** The stored referral code, when there is a well-formed one. */
export function storedReferralCode(): string | undefined {
  const code = readCookie(referralCookieName);
  return code && referralCodePattern.test(code) ? code : undefined;
}
