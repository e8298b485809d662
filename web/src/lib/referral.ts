import { ApiError } from '../api/client';
import { fetchReferralWindow } from '../api/affiliate';
import { affiliateTiers, referralCodePattern, referralCookieName, referralQueryParam } from '@app/contracts';

const daySeconds = 24 * 60 * 60;
/** When the server cannot be asked, the code is kept for the shortest tier window. */
export const fallbackCookieDays = Math.min(...affiliateTiers.map((tier) => tier.cookieDays));

/**
 * Spec 9: a referral link is the site origin with ?ref=CODE. A well-formed code of a known
 * affiliate is stored in a first-party cookie for the window of that affiliate's tier
 * (30, 45 or 60 days), the latest link winning, so the sign-up that follows can carry it.
 * Resolves to the stored code, or undefined when the link carried none worth keeping.
 */
export async function captureReferral(
  location: Pick<Location, 'search' | 'protocol'> = window.location,
): Promise<string | undefined> {
  const code = new URLSearchParams(location.search).get(referralQueryParam)?.trim();
  if (!code || !referralCodePattern.test(code)) return undefined;
  let cookieDays = fallbackCookieDays;
  try {
    cookieDays = (await fetchReferralWindow(code)).cookieDays;
  } catch (error) {
    // An unknown code (or a suspended affiliate's) attributes nothing; an outage keeps the code briefly.
    if (error instanceof ApiError && error.status === 404) return undefined;
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${referralCookieName}=${encodeURIComponent(code)}; Max-Age=${cookieDays * daySeconds}; Path=/; SameSite=Lax${secure}`;
  return code;
}
