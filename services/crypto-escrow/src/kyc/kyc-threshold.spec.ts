import { dropsOf, exceedsKycThreshold } from './kyc-threshold';

describe('the KYC threshold', () => {
  it('reads XRP amounts as exact drops', () => {
    expect(dropsOf('1000')).toBe(1_000_000_000n);
    expect(dropsOf('0.000001')).toBe(1n);
    expect(dropsOf('12.5')).toBe(12_500_000n);
    expect(dropsOf('99999999999.999999')).toBe(99_999_999_999_999_999n);
    expect(() => dropsOf('1e3')).toThrow('not an XRP amount');
  });

  it.each([
    ['1000', 1000, false],
    ['1000.000000', 1000, false],
    ['999.999999', 1000, false],
    ['1000.000001', 1000, true],
    ['5000', 1000, true],
    ['0.000001', 0, true],
    ['250.5', 250.5, false],
    ['250.500001', 250.5, true],
  ])('%s XRP over a threshold of %s XRP: %s', (amount, threshold, expected) => {
    expect(exceedsKycThreshold(amount, threshold)).toBe(expected);
  });
});
