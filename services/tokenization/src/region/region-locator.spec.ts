import { tokenizationMessages } from '@app/contracts';
import type { TokenizationConfig } from '../config';
import { isLocalAddress, RegionLocator } from './region-locator';

const locator = (NODE_ENV: string) =>
  new RegionLocator({ NODE_ENV, TOKENIZATION_LOCAL_COUNTRY: 'NZ' } as TokenizationConfig);

describe('the region gate (GeoLite2 data through geoip-lite)', () => {
  it('allows New Zealand and Australia and names the country', () => {
    expect(locator('test').eligibility('130.216.1.1')).toEqual({
      isAllowed: true,
      country: 'New Zealand',
      countryCode: 'NZ',
      restrictionMessage: null,
    });
    expect(locator('test').eligibility('128.250.1.1')).toMatchObject({ isAllowed: true, countryCode: 'AU' });
  });

  it("refuses elsewhere with the spec's message naming the location", () => {
    expect(locator('test').eligibility('8.8.8.8')).toEqual({
      isAllowed: false,
      country: 'United States',
      countryCode: 'US',
      restrictionMessage: tokenizationMessages.restricted('United States'),
    });
    expect(locator('test').eligibility('8.8.8.8').restrictionMessage).toBe(
      'Tokenization services are currently only available in New Zealand and Australia. Your location: United States',
    );
  });

  it('places local addresses in the configured country only outside production', () => {
    expect(locator('development').eligibility('127.0.0.1')).toMatchObject({ isAllowed: true, countryCode: 'NZ' });
    expect(locator('test').eligibility('::ffff:192.168.1.4')).toMatchObject({ countryCode: 'NZ' });
    expect(locator('production').eligibility('127.0.0.1')).toMatchObject({
      isAllowed: false,
      country: null,
      restrictionMessage: tokenizationMessages.restricted('Unknown'),
    });
  });

  it('treats a missing or malformed address as unknown', () => {
    expect(locator('test').eligibility(undefined)).toMatchObject({ isAllowed: false, countryCode: null });
    expect(locator('test').eligibility('not-an-ip')).toMatchObject({ isAllowed: false });
  });

  it('knows the local ranges', () => {
    for (const address of ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.1.1', '::1', 'fd00::1'])
      expect(isLocalAddress(address)).toBe(true);
    for (const address of ['172.32.0.1', '130.216.1.1', '2001:4860::8888']) expect(isLocalAddress(address)).toBe(false);
  });
});
