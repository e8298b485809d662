import { parseConfig } from '@app/platform/config';
import { gatewayConfigSchema } from './config';

const trustProxyOf = (value?: string) =>
  parseConfig(gatewayConfigSchema, value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

describe('gateway TRUST_PROXY', () => {
  it('trusts only loopback proxies by default', () => {
    expect(trustProxyOf()).toEqual(['loopback']);
  });

  it('takes a list of addresses and CIDRs, or true for any proxy', () => {
    expect(trustProxyOf('10.0.0.0/8, 192.168.1.5')).toEqual(['10.0.0.0/8', '192.168.1.5']);
    expect(trustProxyOf('true')).toBe(true);
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => trustProxyOf('$(rm -rf /)')).toThrow(/TRUST_PROXY/);
  });
});
