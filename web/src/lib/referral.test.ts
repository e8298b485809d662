import { referralCookieName } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { captureReferral, referralCookieMaxAgeSeconds, storedReferralCode } from './referral';

const http = (search: string) => ({ search, protocol: 'http:' });

describe('referral attribution', () => {
  it('stores a well-formed ?ref= code in a first-party cookie for the longest tier window', () => {
    const written: string[] = [];
    const cookie = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => written.push(value));

    expect(captureReferral({ search: '?plan=pro&ref=PARTNER_42', protocol: 'https:' })).toBe('PARTNER_42');

    expect(referralCookieMaxAgeSeconds).toBe(60 * 24 * 60 * 60);
    expect(written).toEqual([`${referralCookieName}=PARTNER_42; Max-Age=5184000; Path=/; SameSite=Lax; Secure`]);
    cookie.mockRestore();
  });

  it('reads the stored code back, and the latest link wins', () => {
    captureReferral(http('?ref=FIRST1'));
    captureReferral(http('?ref=SECOND2'));
    expect(storedReferralCode()).toBe('SECOND2');
  });

  it.each(['', '?ref=', '?ref=a b', '?ref=%3Cscript%3E', '?ref=abc', `?ref=${'R'.repeat(65)}`, '?other=CODE1'])(
    'ignores %j and keeps no code',
    (search) => {
      expect(captureReferral(http(search))).toBeUndefined();
      expect(storedReferralCode()).toBeUndefined();
    },
  );

  it('does not hand on a malformed cookie value', () => {
    document.cookie = `${referralCookieName}=${encodeURIComponent('bad code!')}; path=/`;
    expect(storedReferralCode()).toBeUndefined();
  });
});
