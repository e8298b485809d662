import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import {
  API_KEY_SCOPES_HEADER,
  apiKeyMessages,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
} from '@app/contracts';
import { CookieJar, rawRequest, startApp, startMailWorker } from '../../test-support';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { AppModule as IntegrationsModule } from '../../services/integrations/src/app.module';
import { startGateway, verifiedAccount, type StartedGateway } from './gateway-in-front';

// Issue 38: a leaked write key must not redirect the merchant's events nor read a new signing
// secret. Registering a webhook endpoint, changing its URL and rotating its secret need a
// signed-in member or a key created with the `webhooks` scope; keys never manage keys.

const hooksPath = '/api/developer/webhooks';
const keysPath = '/api/developer/api-keys';
/** A receiver's address the destination guard allows outside production (loopback 9000-9099). */
const receiver = (path: string) => `http://127.0.0.1:9001/hooks/${path}`;

describe('gateway: webhook endpoints with API keys (the webhooks scope)', () => {
  let identity: INestApplication;
  let integrations: INestApplication;
  let mailWorker: INestApplicationContext;
  let gateway: StartedGateway;
  let jar: CookieJar;
  let writeKey: string;

  beforeAll(async () => {
    let identityApp, integrationsApp;
    [identityApp, integrationsApp, mailWorker] = await Promise.all([
      startApp(IdentityModule),
      startApp(IntegrationsModule),
      startMailWorker(),
    ]);
    ({ app: identity } = identityApp);
    ({ app: integrations } = integrationsApp);
    gateway = await startGateway({
      IDENTITY_URL: identityApp.url,
      INTEGRATIONS_URL: integrationsApp.url,
      RATE_LIMIT_API_KEY_MANAGEMENT_PER_HOUR: '1000',
      RATE_LIMIT_WEBHOOK_ENDPOINTS_PER_HOUR: '1000',
    });
    const account = await verifiedAccount(identityApp.url);
    jar = new CookieJar();
    expect((await jar.fetch(`${gateway.url}/api/auth/login`, { method: 'POST', json: account })).status).toBe(200);
    writeKey = await createKey('Order sync', ['read', 'write']);
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all([identity?.close(), integrations?.close(), mailWorker?.close()]);
  });

  const createKey = async (name: string, scopes: string[]) => {
    const created = await jar.fetch(`${gateway.url}${keysPath}`, {
      method: 'POST',
      json: { name, mode: 'live', scopes },
    });
    expect(created.status).toBe(201);
    return ((await created.json()) as { secret: string }).secret;
  };
  const withKey = (key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    rawRequest(`${gateway.url}${path}`, method, {
      headers: {
        authorization: `Bearer ${key}`,
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const signedIn = async (method: string, path: string, body?: unknown) => {
    const response = await jar.fetch(`${gateway.url}${path}`, {
      method,
      ...(body === undefined ? {} : { json: body }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const endpoints = async () => (await signedIn('GET', hooksPath)).body as WebhookEndpointView[];
  const refusedForScope = { error: 'FORBIDDEN', message: apiKeyMessages.webhooksScopeRequired };

  it('refuses a write key registering an endpoint, changing its URL or rotating its secret; nothing changes', async () => {
    const before = await endpoints();
    const create = await withKey(writeKey, 'POST', hooksPath, {
      url: receiver('stolen'),
      eventTypes: ['charge.completed'],
    });
    expect([create.status, create.body]).toEqual([403, refusedForScope]);
    expect(await endpoints()).toEqual(before);

    const mine = (await signedIn('POST', hooksPath, { url: receiver('mine'), eventTypes: ['charge.completed'] }))
      .body as WebhookEndpointWithSecret;
    const moved = await withKey(writeKey, 'PUT', `${hooksPath}/${mine.id}`, { url: receiver('stolen') });
    expect([moved.status, moved.body]).toEqual([403, refusedForScope]);
    // With the event types beside it: all or nothing.
    const movedToo = await withKey(writeKey, 'PUT', `${hooksPath}/${mine.id}`, {
      url: receiver('stolen'),
      eventTypes: ['charge.failed'],
    });
    expect(movedToo.status).toBe(403);
    // A scopes header of the client's own is dropped: the gateway sends the key's.
    const smuggled = await withKey(
      writeKey,
      'PUT',
      `${hooksPath}/${mine.id}`,
      { url: receiver('stolen') },
      { [API_KEY_SCOPES_HEADER]: 'read,write,webhooks' },
    );
    expect([smuggled.status, smuggled.body]).toEqual([403, refusedForScope]);
    const rotate = await withKey(writeKey, 'POST', `${hooksPath}/${mine.id}/rotate-secret`);
    expect([rotate.status, rotate.body]).toEqual([403, refusedForScope]);
    expect(JSON.stringify(rotate.body)).not.toMatch(/whsec_/);

    const [kept] = (await endpoints()).filter((endpoint) => endpoint.id === mine.id);
    expect(kept).toMatchObject({
      url: receiver('mine'),
      eventTypes: ['charge.completed'],
      signingSecretHint: mine.signingSecretHint,
    });
  });

  it('lets a write key change the event types and the active switch, which send nothing elsewhere', async () => {
    const mine = (await signedIn('POST', hooksPath, { url: receiver('switch'), eventTypes: ['charge.completed'] }))
      .body as WebhookEndpointWithSecret;
    const changed = await withKey(writeKey, 'PUT', `${hooksPath}/${mine.id}`, {
      eventTypes: ['charge.failed'],
      isActive: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ url: receiver('switch'), eventTypes: ['charge.failed'], isActive: false });
  });

  it('lets a key made with the webhooks scope, and a signed-in member, do all three', async () => {
    const hooksKey = await createKey('Hook manager', ['read', 'write', 'webhooks']);
    const created = await withKey(hooksKey, 'POST', hooksPath, {
      url: receiver('by-key'),
      eventTypes: ['charge.completed'],
    });
    expect(created.status).toBe(201);
    const endpoint = created.body as WebhookEndpointWithSecret;
    expect(endpoint.signingSecret).toMatch(/^whsec_/);
    const moved = await withKey(hooksKey, 'PUT', `${hooksPath}/${endpoint.id}`, { url: receiver('by-key-2') });
    expect([moved.status, (moved.body as WebhookEndpointView).url]).toEqual([200, receiver('by-key-2')]);
    const rotated = await withKey(hooksKey, 'POST', `${hooksPath}/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect((rotated.body as WebhookEndpointWithSecret).signingSecret).not.toBe(endpoint.signingSecret);

    const byMember = await signedIn('PUT', `${hooksPath}/${endpoint.id}`, { url: receiver('by-member') });
    expect([byMember.status, (byMember.body as WebhookEndpointView).url]).toEqual([200, receiver('by-member')]);
    const rotatedByMember = await signedIn('POST', `${hooksPath}/${endpoint.id}/rotate-secret`);
    expect(rotatedByMember.status).toBe(200);
    expect((rotatedByMember.body as WebhookEndpointWithSecret).signingSecret).toMatch(/^whsec_/);
  });

  it('refuses every API key, the webhooks scope included, on the API key routes', async () => {
    const hooksKey = await createKey('Key manager?', ['read', 'write', 'webhooks']);
    const keysNow = async () => (await signedIn('GET', keysPath)).body as { id: string; name: string }[];
    const before = await keysNow();
    const [listed] = before;
    for (const key of [writeKey, hooksKey]) {
      for (const [method, path, body] of [
        ['GET', keysPath, undefined],
        ['POST', keysPath, { name: 'Minted by a key', mode: 'live', scopes: ['read', 'write', 'webhooks'] }],
        ['POST', `${keysPath}/${listed!.id}/rotate`, undefined],
        ['DELETE', `${keysPath}/${listed!.id}`, undefined],
      ] as const) {
        const refused = await withKey(key, method, path, body);
        expect([method, path, refused.status, refused.body]).toEqual([
          method,
          path,
          403,
          { error: 'FORBIDDEN', message: 'API keys cannot be used on this endpoint.' },
        ]);
      }
    }
    // Nothing minted, rotated or revoked.
    expect(await keysNow()).toEqual(before);
  });
});
