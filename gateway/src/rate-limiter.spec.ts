import { clientKey } from './rate-limiter';

describe('clientKey', () => {
  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1::', '2001:db8:1:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['192.0.2.1', '192.0.2.1'],
    ['someone@example.test', 'someone@example.test'],
  ])('%s counts as %s', (client, key) => {
    expect(clientKey(client)).toBe(key);
  });

  it('puts two addresses of one /64 in one bucket and a neighbouring /64 in another', () => {
    expect(clientKey('2001:db8:aa:bb::1')).toBe(clientKey('2001:db8:aa:bb:dead:beef:0:7'));
    expect(clientKey('2001:db8:aa:bb::1')).not.toBe(clientKey('2001:db8:aa:bc::1'));
  });
});
