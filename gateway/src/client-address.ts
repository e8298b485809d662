import { isIPv4, isIPv6 } from 'node:net';

/**
 * The header every forwarded request carries with the client's address, as the gateway judged it
 * (`request.ip`: the socket's peer, or the nearest X-Forwarded-For entry that is not a trusted
 * proxy, see TRUST_PROXY). A client's own value is dropped, so a service may trust it (tokenization
 * locates the client by it for the region gate).
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

/** An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, a dual-stack socket's IPv4 peer) as the IPv4 address; any other as is. */
export function plainAddress(address: string): string {
  // Every IPv6 address holds a colon: an IPv4 one is answered without isIPv6's long expression.
  if (!address.includes(':') || !isIPv6(address)) return address;
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  return mapped && isIPv4(mapped) ? mapped : address;
}
