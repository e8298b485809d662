import { readFileSync } from 'node:fs';
import { request, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  checkDestination,
  classifyAddress,
  DestinationRefusedError,
  parsePortList,
  pinnedLookup,
  PLATFORM_PORTS,
  type DestinationPolicy,
  type Resolver,
} from './destination-guard';

const production: DestinationPolicy = { loopbackPorts: [], httpsOnly: true };
const development: DestinationPolicy = { loopbackPorts: [[9000, 9099]], httpsOnly: false };
/** A development setting listing every port: the platform's own stay refused all the same. */
const everyPort: DestinationPolicy = { loopbackPorts: [[1, 65535]], httpsOnly: false };
const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

const refusal = async (url: string, policy: DestinationPolicy, resolve: Resolver = resolverOf({})) => {
  try {
    await checkDestination(url, policy, resolve);
  } catch (error) {
    expect(error).toBeInstanceOf(DestinationRefusedError);
    return (error as Error).message;
  }
  throw new Error(`${url} was not refused`);
};

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
  ])('%s is loopback', (address, kind) => expect(classifyAddress(address).kind).toBe(kind));

  it.each([
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::10.0.0.1',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf:ffff::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:192.168.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.1.2.3',
    '2002:c0a8:0101::1',
    '2001:db8::1',
  ])('%s is refused', (address) => expect(classifyAddress(address).kind).toBe('refused'));

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '172.15.255.255',
    '100.128.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
  ])('%s is public', (address) => expect(classifyAddress(address).kind).toBe('public'));
});

describe('checkDestination', () => {
  it('refuses private, link-local and loopback addresses in production, naming what they are', async () => {
    expect(await refusal('https://10.1.2.3/hook', production)).toBe(
      'Endpoint URL must point to a public address: 10.1.2.3 is a private address',
    );
    expect(await refusal('https://169.254.169.254/latest/meta-data', production)).toBe(
      'Endpoint URL must point to a public address: 169.254.169.254 is a link-local address',
    );
    expect(await refusal('https://127.0.0.1:8443/', production)).toBe(
      'Endpoint URL must point to a public address: 127.0.0.1 is a loopback address',
    );
    expect(await refusal('https://[::1]/', production)).toMatch(/::1 is a loopback address/);
    expect(await refusal('https://[::ffff:192.168.0.10]/', production)).toMatch(/is a private address/);
    // The WHATWG parser turns these spellings into 127.0.0.1 first.
    expect(await refusal('https://2130706433/', production)).toMatch(/127\.0\.0\.1 is a loopback/);
    expect(await refusal('https://0x7f.1/', production)).toMatch(/127\.0\.0\.1 is a loopback/);
  });

  it('allows loopback on the listed ports only (development, tests), never private ranges', async () => {
    await expect(checkDestination('http://127.0.0.1:9000/hook', development)).resolves.toMatchObject({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(checkDestination('http://[::1]:9099/', development)).resolves.toMatchObject({ address: '::1' });
    const localhost = resolverOf({ localhost: ['127.0.0.1', '::1'] });
    await expect(checkDestination('http://localhost:9042/', development, localhost)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    expect(await refusal('http://127.0.0.1:4000/hook', development)).toBe(
      'Endpoint URL must point to a public address: on loopback (127.0.0.1) only ports 9000-9099 are allowed, not 4000',
    );
    // No port: the scheme's (80, 443), not a listed one.
    expect(await refusal('http://127.0.0.1/', development)).toMatch(/only ports 9000-9099 are allowed, not 80$/);
    expect(await refusal('https://localhost/', development, localhost)).toMatch(/localhost \(127\.0\.0\.1\).*not 443$/);
    expect(await refusal('http://127.0.0.1:9100/', development)).toMatch(/not 9100$/);
    expect(await refusal('http://192.168.1.20:9000/', development)).toMatch(/192\.168\.1\.20 is a private address/);
    expect(await refusal('http://[fe80::1]:9000/', development)).toMatch(/is a link-local address/);
  });

  it("refuses the platform's own ports on loopback whatever the setting lists", async () => {
    const internal = [
      'http://127.0.0.1:3001/internal/api-keys/resolve', // identity
      'http://127.0.0.1:3105/metrics', // integrations' internal port
      'http://127.0.0.1:8080/api/auth/me', // the gateway
      'http://127.0.0.1:5432/', // Postgres
      'http://127.0.0.1:6379/', // Redis
      'http://127.0.0.1:9092/', // Kafka, inside the default 9000-9099
      'http://127.0.0.1:13001/', // the test stack's identity
      'http://[::1]:3005/',
      'http://[::ffff:127.0.0.1]:3001/',
      'http://127.1.2.3:6379/',
    ];
    for (const url of internal) {
      for (const policy of [everyPort, development]) {
        expect([url, await refusal(url, policy)]).toEqual([
          url,
          expect.stringMatching(
            /^Endpoint URL must point to a public address: port \d+ on .* belongs to the platform's own services$/,
          ),
        ]);
      }
    }
    expect(await refusal('http://localhost:3001/', everyPort, resolverOf({ localhost: ['127.0.0.1'] }))).toBe(
      "Endpoint URL must point to a public address: port 3001 on localhost (127.0.0.1) belongs to the platform's own services",
    );
    // The running process's own ports, whatever they are.
    const own: DestinationPolicy = { ...development, reservedPorts: [9050] };
    expect(await refusal('http://127.0.0.1:9050/', own)).toMatch(/port 9050 on 127\.0\.0\.1 belongs to the platform/);
    await expect(checkDestination('http://127.0.0.1:9051/', own)).resolves.toMatchObject({ address: '127.0.0.1' });
    // A public address on such a port is somebody else's service: allowed.
    await expect(checkDestination('http://93.184.216.34:5432/', everyPort)).resolves.toMatchObject({
      address: '93.184.216.34',
    });
  });

  it('allows no loopback at all without a port list (production)', async () => {
    for (const url of ['https://127.0.0.1:9000/', 'https://[::1]:9050/', 'https://127.0.0.1/']) {
      expect(await refusal(url, production)).toMatch(/is a loopback address$/);
    }
  });

  it("lists every port scripts/launch.mjs gives the platform's processes and stores", () => {
    const launcher = readFileSync(join(__dirname, '../../../../scripts/launch.mjs'), 'utf8');
    const profiles = launcher.slice(launcher.indexOf('const profiles = {'), launcher.indexOf('const profile = '));
    const ports = new Set<number>();
    for (const [, name, value] of profiles.matchAll(/(\w+): (\d{4,5}),/g)) {
      const port = Number(value);
      ports.add(port);
      // An API's internal port is its port + 100 and its worker's + 200; the gateway's + 100.
      if (name !== 'mailWorker' && !/^(fake|evm)/.test(name!)) ports.add(port + 100);
      if (!['gateway', 'mailWorker'].includes(name!) && !/^(fake|evm)/.test(name!)) ports.add(port + 200);
    }
    for (const [, value] of launcher.matchAll(/127\.0\.0\.1:(\d{2,5})/g)) ports.add(Number(value));
    for (const [, value] of launcher.matchAll(/(?:smtp|web): (\d{2,5})/g)) ports.add(Number(value));
    expect(ports.size).toBeGreaterThan(40);
    const inPlatformPorts = (port: number) => PLATFORM_PORTS.some(([from, to]) => port >= from && port <= to);
    expect([...ports].filter((port) => !inPlatformPorts(port))).toEqual([]);
    for (const port of [5432, 6379, 9092, 9464]) expect(inPlatformPorts(port)).toBe(true);
  });

  it('resolves the name and refuses it when any of its addresses is refused', async () => {
    const resolve = resolverOf({
      'hooks.example.com': ['93.184.216.34'],
      'internal.example.com': ['10.0.0.7'],
      'mixed.example.com': ['93.184.216.34', '192.168.0.9'],
      'v6.example.com': ['fd00::5'],
    });
    await expect(checkDestination('https://hooks.example.com/x', production, resolve)).resolves.toMatchObject({
      hostname: 'hooks.example.com',
      address: '93.184.216.34',
    });
    expect(await refusal('https://internal.example.com/', production, resolve)).toBe(
      'Endpoint URL must point to a public address: internal.example.com (10.0.0.7) is a private address',
    );
    expect(await refusal('https://mixed.example.com/', production, resolve)).toMatch(/\(192\.168\.0\.9\)/);
    expect(await refusal('https://v6.example.com/', production, resolve)).toMatch(/unique local/);
    expect(await refusal('https://nowhere.example.com/', production, resolve)).toBe(
      'Endpoint host nowhere.example.com could not be resolved',
    );
    const failing: Resolver = () => Promise.reject(new Error('ENOTFOUND'));
    expect(await refusal('https://hooks.example.com/', production, failing)).toMatch(/could not be resolved/);
  });

  it('refuses other schemes, credentials in the URL, and plain http in production', async () => {
    expect(await refusal('ftp://93.184.216.34/', development)).toBe('Endpoint URL must be an http(s) URL');
    expect(await refusal('file:///etc/passwd', development)).toBe('Endpoint URL must be an http(s) URL');
    expect(await refusal('not a url', development)).toBe('Endpoint URL must be an http(s) URL');
    expect(await refusal('http://93.184.216.34/', production)).toBe('Endpoint URL must use https');
    expect(await refusal('https://user:pw@93.184.216.34/', production)).toBe(
      'Endpoint URL must not contain a user name or password',
    );
    await expect(checkDestination('http://93.184.216.34/', development)).resolves.toMatchObject({
      address: '93.184.216.34',
    });
  });
});

describe('pinnedLookup', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => res.end(`host ${req.headers.host}`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('connects to the checked address whatever the name would resolve to now, keeping the Host header', async () => {
    // A name that does not exist at all: only the pinned address can make this connection work.
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        `http://rebinding.invalid:${port}/`,
        { lookup: pinnedLookup({ address: '127.0.0.1', family: 4 }), agent: false },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(body).toBe(`host rebinding.invalid:${port}`);
  });

  it('answers both lookup forms (one address, or all of them)', () => {
    const lookup = pinnedLookup({ address: '93.184.216.34', family: 4 }) as unknown as (
      host: string,
      options: object,
      callback: (...args: unknown[]) => void,
    ) => void;
    const one = jest.fn();
    const all = jest.fn();
    lookup('example.com', {}, one);
    lookup('example.com', { all: true }, all);
    expect(one).toHaveBeenCalledWith(null, '93.184.216.34', 4);
    expect(all).toHaveBeenCalledWith(null, [{ address: '93.184.216.34', family: 4 }]);
  });
});

describe('parsePortList', () => {
  it('reads ports and ranges separated by commas, nothing for an empty list', () => {
    expect(parsePortList('9000-9099')).toEqual([[9000, 9099]]);
    expect(parsePortList(' 9000-9010, 9500 ,')).toEqual([
      [9000, 9010],
      [9500, 9500],
    ]);
    expect(parsePortList('')).toEqual([]);
  });

  it.each(['0', '70000', '9099-9000', 'all', '9000-', '-1', '90 00'])('refuses %p', (text) => {
    expect(() => parsePortList(text)).toThrow(/is not a port \(1-65535\) or a range of ports/);
  });
});
