import { weiHexToGwei } from './evm-rpc';

describe('gas price in gwei', () => {
  it('converts wei to gwei with up to 2 decimals', () => {
    expect(weiHexToGwei('0x' + 30_000_000_000n.toString(16))).toBe('30');
    expect(weiHexToGwei('0x' + 25_123_456_789n.toString(16))).toBe('25.12');
    expect(weiHexToGwei('0x' + 1_500_000_000n.toString(16))).toBe('1.5');
  });
});
