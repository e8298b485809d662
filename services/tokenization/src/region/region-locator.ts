import { isIP } from 'node:net';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { isTokenizationCountry, tokenizationMessages, type TokenizationEligibility } from '@app/contracts';
import { APP_CONFIG } from '@app/platform';
import type { TokenizationConfig } from '../config';

/** The header the gateway sets to the client's address (its own peer, or a trusted proxy's X-Forwarded-For). */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

/** Loopback, private, link-local and unique-local addresses: they place nobody on a map. */
export function isLocalAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return (
      a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  const lower = address.toLowerCase();
  return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80:');
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

type GeoIp = { lookup(ip: string): { country: string } | null };
let geoip: GeoIp | undefined;
/** geoip-lite reads its database (~140 MB) when first required: once per process, on first use. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const database = (): GeoIp => (geoip ??= require('geoip-lite') as GeoIp);

/**
 * Where a client is, from the address the gateway forwards, with a local geolocation database
 * (geoip-lite, GeoLite2 data: no outside call), and whether tokenization is offered there.
 * Outside production a local address stands for TOKENIZATION_LOCAL_COUNTRY.
 */
@Injectable()
export class RegionLocator implements OnApplicationBootstrap {
  constructor(@Inject(APP_CONFIG) private readonly config: TokenizationConfig) {}

  countryCodeOf(address: string | undefined): string | null {
    if (!address || !isIP(address)) return null;
    if (isLocalAddress(address)) {
      return this.config.NODE_ENV === 'production' ? null : this.config.TOKENIZATION_LOCAL_COUNTRY;
    }
    return database().lookup(address)?.country || null;
  }

  eligibility(address: string | undefined): TokenizationEligibility {
    const countryCode = this.countryCodeOf(address);
    const country = countryCode ? (countryNames.of(countryCode) ?? countryCode) : null;
    const isAllowed = isTokenizationCountry(countryCode);
    return {
      isAllowed,
      country,
      countryCode,
      restrictionMessage: isAllowed ? null : tokenizationMessages.restricted(country ?? 'Unknown'),
    };
  }

  /** Loads the database at start (every signed-in page asks for eligibility), not on a visitor's request. */
  onApplicationBootstrap(): void {
    database();
  }
}
