import { referralCookieName } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/render';
import { storedReferralCode } from './cookies';
import { captureReferral, fallbackCookieDays } from './referral';

const http = (search: string) => ({ search, protocol: 'http:' });
const day = 24 * 60 * 60;

describe('referral attribution', () => {
  it("keeps a known affiliate's code in a first-party cookie for that affiliate's tier window", async () => {
    const fetchMock = mockFetch(() => ({ body: { code: 'PARTNER_42', cookieDays: 45 } }));
    const written: string[] = [];
    const cookie = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => written.push(value));

    await expect(captureReferral({ search: '?plan=pro&ref=PARTNER_42', protocol: 'https:' })).resolves.toBe(
      'PARTNER_42',
    );

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/affiliate/referral-codes/PARTNER_42');
    expect(written).toEqual([`${referralCookieName}=PARTNER_42; Max-Age=${45 * day}; Path=/; SameSite=Lax; Secure`]);
    cookie.mockRestore();
  });

  it('keeps nothing for a code the server does not know', async () => {
    mockFetch(() => ({ status: 404, body: { error: 'NOT_FOUND', message: 'Unknown referral code' } }));
    await expect(captureReferral(http('?ref=NOBODY1'))).resolves.toBeUndefined();
    expect(storedReferralCode()).toBeUndefined();
  });

  it('keeps the code for the shortest window when the server cannot be asked', async () => {
    mockFetch(() => ({ status: 503, body: { error: 'SERVICE_UNAVAILABLE', message: 'down' } }));
    const written: string[] = [];
    const cookie = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => written.push(value));
    await expect(captureReferral(http('?ref=PARTNER7'))).resolves.toBe('PARTNER7');
    expect(fallbackCookieDays).toBe(30);
    expect(written[0]).toContain(`Max-Age=${30 * day};`);
    cookie.mockRestore();
  });

  it('reads the stored code back, and the latest link wins', async () => {
    mockFetch((url) => ({ body: { code: url.split('/').pop(), cookieDays: 30 } }));
    await captureReferral(http('?ref=FIRST1'));
    await captureReferral(http('?ref=SECOND2'));
    expect(storedReferralCode()).toBe('SECOND2');
  });

  it.each(['', '?ref=', '?ref=a b', '?ref=%3Cscript%3E', '?ref=abc', `?ref=${'R'.repeat(65)}`, '?other=CODE1'])(
    'ignores %j without asking the server and keeps no code',
    async (search) => {
      const fetchMock = mockFetch(() => ({ body: {} }));
      await expect(captureReferral(http(search))).resolves.toBeUndefined();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(storedReferralCode()).toBeUndefined();
    },
  );

  it('does not hand on a malformed cookie value', () => {
    document.cookie = `${referralCookieName}=${encodeURIComponent('bad code!')}; path=/`;
    expect(storedReferralCode()).toBeUndefined();
  });
});
