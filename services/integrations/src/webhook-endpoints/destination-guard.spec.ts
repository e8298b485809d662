import { request, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkDestination,
  classifyAddress,
  DestinationRefusedError,
  pinnedLookup,
  type DestinationPolicy,
  type Resolver,
} from './destination-guard';

const production: DestinationPolicy = { allowLoopback: false, httpsOnly: true };
const development: DestinationPolicy = { allowLoopback: true, httpsOnly: false };
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

  it('allows loopback, and only loopback, when the policy allows it (development, tests)', async () => {
    await expect(checkDestination('http://127.0.0.1:4000/hook', development)).resolves.toMatchObject({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(checkDestination('http://[::1]:4000/', development)).resolves.toMatchObject({ address: '::1' });
    expect(await refusal('http://192.168.1.20/', development)).toMatch(/192\.168\.1\.20 is a private address/);
    expect(await refusal('http://[fe80::1]/', development)).toMatch(/is a link-local address/);
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
