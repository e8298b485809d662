import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiKeyCheckUnavailable, ApiKeyResolver, apiKeyOf } from './api-keys';

const key = `mp_live_${'a'.repeat(32)}`;
const testKey = `mp_test_${'B'.repeat(32)}`;

/** A stand-in for identity's resolve route: answers what `answer` says and counts the calls. */
function fakeIdentity() {
  const state = { calls: 0, status: 200, body: {} as unknown };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      state.calls += 1;
      const { key: asked } = JSON.parse(raw) as { key: string };
      res.writeHead(state.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(state.status === 200 ? { ...(state.body as object), keyId: asked.slice(0, 12) } : {}));
    });
  });
  return { server, state };
}

const resolution = (expiresInMs = 60_000) => ({
  userId: '00000000-0000-4000-8000-000000000001',
  mode: 'live',
  scopes: ['read'],
  token: 'token',
  expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
});

describe('apiKeyOf', () => {
  it('reads a bearer API key and ignores anything else', () => {
    expect(apiKeyOf(`Bearer ${key}`)).toBe(key);
    expect(apiKeyOf(`bearer ${testKey}`)).toBe(testKey);
    expect(apiKeyOf('Bearer eyJhbGciOiJFZERTQSJ9.e30.sig')).toBeUndefined();
    expect(apiKeyOf(`Basic ${key}`)).toBeUndefined();
    expect(apiKeyOf(`Bearer mp_live_short`)).toBeUndefined();
    expect(apiKeyOf(undefined)).toBeUndefined();
  });
});

describe('ApiKeyResolver', () => {
  let identity: ReturnType<typeof fakeIdentity>;
  let url: string;

  beforeEach(async () => {
    identity = fakeIdentity();
    await new Promise<void>((done) => identity.server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(identity.server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise((done) => identity.server.close(done)));

  it('asks identity once for a burst of calls with one key, and again after the cache time', async () => {
    identity.state.body = resolution();
    const resolver = new ApiKeyResolver(url, 5_000);
    const answers = await Promise.all([resolver.resolve(key), resolver.resolve(key), resolver.resolve(key)]);
    expect(answers.map((answer) => answer?.keyId)).toEqual(['mp_live_aaaa', 'mp_live_aaaa', 'mp_live_aaaa']);
    await resolver.resolve(key);
    expect(identity.state.calls).toBe(1);

    // Revoked meanwhile: identity now says 401, and the gateway hears it once the entry is stale
    // (the clock moved past the cache time, however long the calls above took).
    identity.state.status = 401;
    const later = Date.now() + 5_001;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await expect(resolver.resolve(key)).resolves.toBeNull();
    } finally {
      clock.mockRestore();
    }
    expect(identity.state.calls).toBe(2);
  });

  it('keeps each key apart', async () => {
    identity.state.body = resolution();
    const resolver = new ApiKeyResolver(url, 5_000);
    expect((await resolver.resolve(key))?.keyId).toBe('mp_live_aaaa');
    expect((await resolver.resolve(testKey))?.keyId).toBe('mp_test_BBBB');
    expect(identity.state.calls).toBe(2);
  });

  it('never trusts an answer past the token identity minted with it', async () => {
    identity.state.body = resolution(500);
    const resolver = new ApiKeyResolver(url, 5_000);
    await resolver.resolve(key);
    await resolver.resolve(key);
    expect(identity.state.calls).toBe(2);
  });

  it('says it cannot tell (rather than "invalid") when identity fails or answers nonsense', async () => {
    identity.state.status = 500;
    await expect(new ApiKeyResolver(url, 5_000).resolve(key)).rejects.toBeInstanceOf(ApiKeyCheckUnavailable);
    identity.state.status = 200;
    identity.state.body = { unexpected: true };
    await expect(new ApiKeyResolver(url, 5_000).resolve(key)).rejects.toBeInstanceOf(ApiKeyCheckUnavailable);
    await expect(new ApiKeyResolver('http://127.0.0.1:1', 5_000).resolve(key)).rejects.toBeInstanceOf(
      ApiKeyCheckUnavailable,
    );
  });
});
