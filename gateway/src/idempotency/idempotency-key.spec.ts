import { apiRoutes, acceptsIdempotencyKey } from '@app/contracts';
import {
  doneRecord,
  fingerprintOf,
  isKeptStatus,
  keptHeaders,
  keyMessages,
  keyRefusal,
  keySlot,
  runningRecord,
  seal,
  unseal,
  verdictOf,
} from './idempotency-key';

describe('Idempotency-Key: the header', () => {
  it('takes 1 to 255 printable ASCII characters', () => {
    expect(keyRefusal('3f2a0c1e-5b7d-4c8e-9f10-2a3b4c5d6e7f')).toBeUndefined();
    expect(keyRefusal('order 42/retry#1')).toBeUndefined();
    expect(keyRefusal('k'.repeat(255))).toBeUndefined();
  });

  it('refuses an empty, too long or non-printable key with a clear message', () => {
    for (const bad of ['', 'k'.repeat(256), 'tab\there', 'naïve', 'line\nbreak', ['a', 'b']]) {
      expect(keyRefusal(bad)).toBe(keyMessages.invalid);
    }
    expect(keyMessages.invalid).toContain('Idempotency-Key');
  });
});

describe('Idempotency-Key: slots and fingerprints', () => {
  it('gives each caller and route its own slot for the same key, and holds the key only hashed', () => {
    const slot = keySlot('key-1', 'user-a', 'createWebhookEndpoint');
    expect(keySlot('key-1', 'user-a', 'createWebhookEndpoint')).toEqual(slot);
    expect(keySlot('key-1', 'user-b', 'createWebhookEndpoint').name).not.toBe(slot.name);
    expect(keySlot('key-1', 'user-a', 'createApiKey').name).not.toBe(slot.name);
    expect(keySlot('key-2', 'user-a', 'createWebhookEndpoint').name).not.toBe(slot.name);
    expect(slot.name).toMatch(/^idempotency:user-a:createWebhookEndpoint:[0-9a-f]{64}$/);
    expect(slot.name).not.toContain('key-1');
  });

  it('fingerprints the method, the path with its query and the body byte for byte', () => {
    const { secret } = keySlot('key-1', 'user-a', 'createWebhookEndpoint');
    const body = Buffer.from('{"url":"https://example.com/hook"}');
    const print = fingerprintOf(secret, 'POST', '/api/developer/webhooks', body);
    expect(fingerprintOf(secret, 'POST', '/api/developer/webhooks', Buffer.from(body))).toBe(print);
    expect(fingerprintOf(secret, 'POST', '/api/developer/webhooks?x=1', body)).not.toBe(print);
    expect(fingerprintOf(secret, 'PUT', '/api/developer/webhooks', body)).not.toBe(print);
    expect(
      fingerprintOf(secret, 'POST', '/api/developer/webhooks', Buffer.from('{"url": "https://example.com/hook"}')),
    ).not.toBe(print);
    expect(fingerprintOf(secret, 'POST', '/api/developer/webhooks', undefined)).not.toBe(print);
  });
});

describe('Idempotency-Key: what is kept', () => {
  it('keeps final answers only: not a 5xx, 408, 409, 425 or 429', () => {
    for (const status of [200, 201, 202, 204, 302, 400, 401, 403, 404, 413, 422])
      expect(isKeptStatus(status)).toBe(true);
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) expect(isKeptStatus(status)).toBe(false);
  });

  it("keeps the service's content headers, not the gateway's or a cookie", () => {
    expect(
      keptHeaders({
        'content-type': 'application/json; charset=utf-8',
        location: '/api/developer/webhooks/1',
        'set-cookie': ['a=b'],
        'x-request-id': 'r1',
        'ratelimit-remaining': '3',
        'content-length': '12',
      }),
    ).toEqual([
      ['content-type', 'application/json; charset=utf-8'],
      ['location', '/api/developer/webhooks/1'],
    ]);
  });

  it('seals an answer so that only the same slot opens it, and an altered one does not open', () => {
    const { secret } = keySlot('key-1', 'user-a', 'createApiKey');
    const answer = {
      status: 201,
      headers: [['content-type', 'application/json']] as [string, string][],
      body: Buffer.from('{"secret":"mp_live_x"}'),
    };
    const sealed = seal(secret, answer);
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('mp_live_x');
    expect(unseal(secret, sealed)).toEqual(answer);
    expect(unseal(keySlot('key-2', 'user-a', 'createApiKey').secret, sealed)).toBeUndefined();
    const altered = Buffer.from(sealed, 'base64');
    altered[altered.length - 1] ^= 1;
    expect(unseal(secret, altered.toString('base64'))).toBeUndefined();
  });
});

describe('Idempotency-Key: what a request finds', () => {
  const { secret } = keySlot('key-1', 'user-a', 'createWebhookEndpoint');
  const print = fingerprintOf(secret, 'POST', '/api/developer/webhooks', Buffer.from('{}'));
  const other = fingerprintOf(secret, 'POST', '/api/developer/webhooks', Buffer.from('{"a":1}'));
  const answer = { status: 201, headers: [] as [string, string][], body: Buffer.from('{"id":"1"}') };

  it('the kept answer for the same request, a refusal for another one or while the first runs', () => {
    expect(verdictOf(doneRecord(print, secret, answer), print, secret)).toEqual({ kind: 'replay', answer });
    expect(verdictOf(doneRecord(print, secret, answer), other, secret)).toEqual({ kind: 'mismatch' });
    expect(verdictOf(runningRecord(print), print, secret)).toEqual({ kind: 'in-progress' });
    expect(verdictOf(runningRecord(print), other, secret)).toEqual({ kind: 'mismatch' });
    expect(verdictOf('not json', print, secret)).toEqual({ kind: 'unreadable' });
  });

  it('gives each running request its own marker (a late one cannot complete or release the next)', () => {
    expect(runningRecord(print)).not.toBe(runningRecord(print));
  });
});

describe('acceptsIdempotencyKey', () => {
  const accepted = new Set(apiRoutes.filter(acceptsIdempotencyKey).map((route) => `${route.method} ${route.path}`));

  it('covers the POSTs a member or an API key makes, not sign-in, provider webhooks, streams or uploads', () => {
    expect(accepted).toContain('POST /api/developer/webhooks');
    expect(accepted).toContain('POST /api/developer/api-keys');
    expect(accepted).toContain('POST /api/crypto/coinbase/charge');
    expect(accepted).not.toContain('POST /api/auth/login');
    expect(accepted).not.toContain('POST /api/webhooks/stripe');
    expect(accepted).not.toContain('POST /api/tokenization/upload');
    expect([...accepted].every((route) => route.startsWith('POST '))).toBe(true);
  });
});
