import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, isIPv4, isIPv6, type LookupFunction } from 'node:net';

/**
 * Where outgoing webhooks may go. A merchant chooses the URL, so without this check the worker
 * would post into our own network (the metadata service at 169.254.169.254, Postgres, Redis, the
 * services' internal ports). The name is resolved first, every address it resolves to is checked,
 * and the connection is then made to the checked address only (`pinnedLookup`): a name that
 * resolves to a public address for the check and a private one for the connection (DNS
 * rebinding) cannot slip through.
 */
export interface DestinationPolicy {
  /**
   * The ports a loopback destination (127.0.0.0/8, ::1) may use: local receivers in development
   * and tests (WEBHOOK_LOOPBACK_PORTS). Empty: no loopback at all (production). The platform's
   * own ports are refused whatever is listed here.
   */
  loopbackPorts: readonly PortRange[];
  /** Only https URLs (production). */
  httpsOnly: boolean;
  /** More ports no loopback destination may use: the running process's own (PORT, METRICS_PORT). */
  reservedPorts?: readonly number[];
}

/** An inclusive range of TCP ports. */
export type PortRange = readonly [from: number, to: number];

/**
 * The platform's own ports, never a loopback destination whatever WEBHOOK_LOOPBACK_PORTS lists: on
 * a machine running the stack they are its services, their internal ports and its stores.
 * - scripts/launch.mjs, dev and test profiles: the APIs (3001-3010, 13001-13010), their internal
 *   ports (+100), the workers' and the mail worker's internal ports (3200-3210, 13200-13210), the
 *   gateway (8080, 18080) and its internal port (8180, 18180), the fake Stripe, Coinbase and
 *   rippled (12111-12132), the EVM node (8545, 18545), the mail sink (SMTP 1025, web 1080).
 * - The stores: Postgres 5432, Redis 6379, Kafka 9092 and its controller 9093.
 * - docker-compose and the charts: the internal port 9464 (METRICS_PORT), Jaeger's OTLP (4317,
 *   4318) and UI (16686); the web app's dev server (Vite, 5173).
 */
export const PLATFORM_PORTS: readonly PortRange[] = [
  [1025, 1025],
  [1080, 1080],
  [3000, 3299],
  [4317, 4318],
  [5173, 5173],
  [5432, 5432],
  [6379, 6379],
  [8080, 8080],
  [8180, 8180],
  [8545, 8545],
  [9092, 9093],
  [9464, 9464],
  [12100, 12199],
  [13000, 13299],
  [16686, 16686],
  [18080, 18080],
  [18180, 18180],
  [18545, 18545],
];

/** The development default of WEBHOOK_LOOPBACK_PORTS: local receivers and tests listen here. */
export const DEFAULT_LOOPBACK_PORTS = '9000-9099';

const inPorts = (port: number, ranges: readonly PortRange[]): boolean =>
  ranges.some(([from, to]) => port >= from && port <= to);

/**
 * A port list as WEBHOOK_LOOPBACK_PORTS spells it: ports and ranges separated by commas
 * (`9000-9099,9500`); empty for none. Throws with a message fit for a config error.
 */
export function parsePortList(text: string): PortRange[] {
  const ranges: PortRange[] = [];
  for (const part of text.split(',').map((item) => item.trim())) {
    if (part === '') continue;
    const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(part);
    const from = Number(match?.[1]);
    const to = match?.[2] === undefined ? from : Number(match[2]);
    if (!match || from < 1 || to > 65535 || from > to) {
      throw new Error(`"${part}" is not a port (1-65535) or a range of ports such as 9000-9099`);
    }
    ranges.push([from, to]);
  }
  return ranges;
}

/** A port list for messages: `9000-9099, 9500`. */
export const describePorts = (ranges: readonly PortRange[]): string =>
  ranges.map(([from, to]) => (from === to ? String(from) : `${from}-${to}`)).join(', ');

export interface CheckedDestination {
  url: URL;
  /** The URL's host without IPv6 brackets. */
  hostname: string;
  /** The checked address the connection must go to. */
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** The destination may not be used; the message is fit for the merchant (a 400, a logged attempt). */
export class DestinationRefusedError extends Error {
  override name = 'DestinationRefusedError';
}

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type Range = readonly [prefix: string, bits: number, what: string];

/** IPv4 ranges that are not the public internet. 127.0.0.0/8 is handled apart (loopback). */
const refusedV4: Range[] = [
  ['0.0.0.0', 8, 'this-network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (carrier-grade NAT)'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** IPv6 ranges that are not the public internet (those embedding an IPv4 address are decoded instead). */
const refusedV6: Range[] = [
  ['::', 96, 'reserved'],
  ['64:ff9b:1::', 48, 'private (local NAT64)'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'reserved'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
  ['fc00::', 7, 'private (unique local)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

const v4Bytes = (address: string): number[] => address.split('.').map(Number);

/** The 16 bytes of an IPv6 address (`::` expanded, a trailing dotted IPv4 part decoded, a zone dropped). */
export function v6Bytes(address: string): number[] {
  const plain = address.split('%')[0]!;
  let words: string[];
  const tail: number[] = [];
  let text = plain;
  const dotted = plain.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    tail.push(...v4Bytes(dotted[1]!));
    text = plain.slice(0, -dotted[1]!.length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').filter((w) => w !== '') : []);
  if (rest === undefined) {
    words = parse(head);
  } else {
    const left = parse(head);
    const right = parse(rest);
    const missing = 8 - tail.length / 2 - left.length - right.length;
    words = [...left, ...Array<string>(missing).fill('0'), ...right];
  }
  const bytes = words.flatMap((word) => {
    const value = parseInt(word, 16);
    return [value >> 8, value & 0xff];
  });
  return [...bytes, ...tail];
}

const inRange = (bytes: number[], prefix: number[], bits: number): boolean => {
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (prefix[bit / 8]! & mask)) return false;
  }
  return true;
};

export type AddressKind = { kind: 'public' } | { kind: 'loopback' } | { kind: 'refused'; what: string };

function classifyV4(bytes: number[]): AddressKind {
  if (bytes[0] === 127) return { kind: 'loopback' };
  const hit = refusedV4.find(([prefix, bits]) => inRange(bytes, v4Bytes(prefix), bits));
  return hit ? { kind: 'refused', what: hit[2] } : { kind: 'public' };
}

/** What kind of destination an IP address is. */
export function classifyAddress(address: string): AddressKind {
  if (isIPv4(address)) return classifyV4(v4Bytes(address));
  if (!isIPv6(address.split('%')[0]!)) return { kind: 'refused', what: 'not an IP address' };
  const bytes = v6Bytes(address);
  if (bytes.every((byte, index) => byte === (index === 15 ? 1 : 0))) return { kind: 'loopback' };
  // IPv4 inside IPv6: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:AABB:CCDD::).
  if (inRange(bytes, v6Bytes('::ffff:0:0'), 96) || inRange(bytes, v6Bytes('64:ff9b::'), 96)) {
    return classifyV4(bytes.slice(12));
  }
  if (inRange(bytes, v6Bytes('2002::'), 16)) return classifyV4(bytes.slice(2, 6));
  const hit = refusedV6.find(([prefix, bits]) => inRange(bytes, v6Bytes(prefix), bits));
  return hit ? { kind: 'refused', what: hit[2] } : { kind: 'public' };
}

/** Refuses a URL whose form is wrong for a destination, before any name is resolved. */
export function checkUrl(raw: string, policy: DestinationPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DestinationRefusedError('Endpoint URL must be an http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new DestinationRefusedError('Endpoint URL must be an http(s) URL');
  if (policy.httpsOnly && url.protocol !== 'https:') throw new DestinationRefusedError('Endpoint URL must use https');
  if (url.username || url.password)
    throw new DestinationRefusedError('Endpoint URL must not contain a user name or password');
  return url;
}

/** The port a URL connects to: its own, else its scheme's. */
export const portOf = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/**
 * A loopback destination's port: one WEBHOOK_LOOPBACK_PORTS lists, never one of the platform's
 * own. Without a list (production) loopback is refused like any address that is not public.
 */
function checkLoopbackPort(shown: string, port: number, policy: DestinationPolicy): void {
  if (policy.loopbackPorts.length === 0) {
    throw new DestinationRefusedError(`Endpoint URL must point to a public address: ${shown} is a loopback address`);
  }
  if (inPorts(port, PLATFORM_PORTS) || policy.reservedPorts?.includes(port)) {
    throw new DestinationRefusedError(
      `Endpoint URL must point to a public address: port ${port} on ${shown} belongs to the platform's own services`,
    );
  }
  if (!inPorts(port, policy.loopbackPorts)) {
    throw new DestinationRefusedError(
      `Endpoint URL must point to a public address: on loopback (${shown}) only ports ${describePorts(policy.loopbackPorts)} are allowed, not ${port}`,
    );
  }
}

function checkAddress(hostname: string, address: string, port: number, policy: DestinationPolicy): void {
  const kind = classifyAddress(address);
  if (kind.kind === 'public') return;
  const shown = hostname === address ? address : `${hostname} (${address})`;
  if (kind.kind === 'loopback') return checkLoopbackPort(shown, port, policy);
  throw new DestinationRefusedError(
    `Endpoint URL must point to a public address: ${shown} is ${kind.what === 'reserved' ? 'a reserved' : `a ${kind.what}`} address`,
  );
}

/**
 * Checks the URL and every address its host resolves to; returns the address to connect to. One
 * refused address refuses the URL (a name with a public and a private record could be sent to
 * either).
 */
export async function checkDestination(
  raw: string,
  policy: DestinationPolicy,
  resolve: Resolver = systemResolver,
): Promise<CheckedDestination> {
  const url = checkUrl(raw, policy);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    try {
      addresses = await resolve(hostname);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new DestinationRefusedError(`Endpoint host ${hostname} could not be resolved`);
  }
  const port = portOf(url);
  for (const { address } of addresses) checkAddress(hostname, address, port, policy);
  const [first] = addresses;
  return { url, hostname, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

/**
 * A `lookup` for http(s).request that answers the checked address whatever is asked, so the
 * connection goes where the check looked (and nowhere a second DNS answer would send it).
 */
export function pinnedLookup(destination: Pick<CheckedDestination, 'address' | 'family'>): LookupFunction {
  return ((_hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    if (all) callback(null, [{ address: destination.address, family: destination.family }]);
    else callback(null, destination.address, destination.family);
  }) as LookupFunction;
}
