import { plainAddress } from './client-address';

describe('plainAddress', () => {
  it.each([
    ['::ffff:130.216.1.1', '130.216.1.1'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['130.216.1.1', '130.216.1.1'],
    ['2001:db8::1', '2001:db8::1'],
    ['::1', '::1'],
    ['::ffff:999.1.1.1', '::ffff:999.1.1.1'],
  ])('%s is forwarded as %s', (address, forwarded) => {
    expect(plainAddress(address)).toBe(forwarded);
  });
});
