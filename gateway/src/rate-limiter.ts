import { isIPv6 } from 'node:net';
import { plainAddress } from './client-address';
/**
 * The bucket a client counts in. One IPv6 subscriber usually holds a whole /64 (2^64 addresses to
 * rotate through), so an IPv6 address counts by its first 64 bits; an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`) counts as the IPv4 address. Anything else (an e-mail key) is used as is.
 */
export function clientKey(client: string): string {
  const address = plainAddress(client);
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros (`::` expanded, a zone dropped). */
function ipv6Groups(address: string): string[] {
  let text = address.split('%')[0]!.toLowerCase();
  // A trailing dotted IPv4 part (e.g. 64:ff9b::192.0.2.1) is two groups.
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16).toString(16));
}
