import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { apiKeyScopes, type WebhookEndpointView, type WebhookEndpointWithSecret } from '@app/contracts';
import {
  accessCookie,
  CookieJar,
  rawRequest,
  startApp,
  startMailWorker,
  uniqueEmail,
  waitFor,
  type RawReply,
} from '../../test-support';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { AppModule as IntegrationsModule } from '../../services/integrations/src/app.module';
import { startGateway, verifiedAccount, type StartedGateway } from './gateway-in-front';

// Issue 38: an Idempotency-Key makes a POST that creates or moves something safe to retry. The
// same key and body from the same account runs once and answers the same; another body is refused.

const KEY_HEADER = 'idempotency-key';
const REPLAYED = 'idempotent-replayed';

/** Who calls: a signed-in member (their cookies) or a program (an API key). */
type Caller = { cookie: string } | { apiKey: string };

const post = (base: string, path: string, caller: Caller, body: unknown, key?: string): Promise<RawReply> =>
  rawRequest(`${base}${path}`, 'POST', {
    headers: {
      'content-type': 'application/json',
      ...('cookie' in caller ? { cookie: caller.cookie } : { authorization: `Bearer ${caller.apiKey}` }),
      ...(key === undefined ? {} : { [KEY_HEADER]: key }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('gateway: Idempotency-Key on POST /api/developer/webhooks (identity and integrations)', () => {
  let identity: INestApplication;
  let integrations: INestApplication;
  let mailWorker: INestApplicationContext;
  let gateway: StartedGateway;
  let owner: Caller;
  let ownerKey: Caller;
  let other: Caller;

  /** A new verified account, signed in through the gateway. */
  const signIn = async (identityUrl: string): Promise<CookieJar> => {
    const jar = new CookieJar();
    const login = await jar.fetch(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      json: await verifiedAccount(identityUrl),
    });
    expect(login.status).toBe(200);
    return jar;
  };

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
      RATE_LIMIT_WEBHOOK_ENDPOINTS_PER_HOUR: '1000',
      RATE_LIMIT_API_KEY_MANAGEMENT_PER_HOUR: '1000',
    });
    const [ownerJar, otherJar] = await Promise.all([signIn(identityApp.url), signIn(identityApp.url)]);
    owner = { cookie: ownerJar.header() };
    other = { cookie: otherJar.header() };
    const created = await post(gateway.url, '/api/developer/api-keys', owner, {
      name: 'idempotency',
      mode: 'live',
      scopes: [...apiKeyScopes],
    });
    expect(created.status).toBe(201);
    ownerKey = { apiKey: (created.body as { secret: string }).secret };
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all([identity?.close(), integrations?.close(), mailWorker?.close()]);
  });

  /** A new endpoint's request body: a public address (IP literal: nothing to resolve), a path of its own. */
  const endpoint = () => ({ url: `https://93.184.216.34/hooks/${randomUUID()}`, eventTypes: ['charge.completed'] });
  const endpointsAt = async (caller: Caller, url: string): Promise<WebhookEndpointView[]> => {
    const listed = await rawRequest(`${gateway.url}/api/developer/webhooks`, 'GET', {
      headers: 'cookie' in caller ? { cookie: caller.cookie } : { authorization: `Bearer ${caller.apiKey}` },
    });
    expect(listed.status).toBe(200);
    return (listed.body as WebhookEndpointView[]).filter((view) => view.url === url);
  };

  it('runs the same key and body once: the retry gets the first answer, marked as replayed', async () => {
    const body = endpoint();
    const key = randomUUID();
    const first = await post(gateway.url, '/api/developer/webhooks', owner, body, key);
    expect(first.status).toBe(201);
    expect(first.headers[REPLAYED]).toBeUndefined();
    const created = first.body as WebhookEndpointWithSecret;
    expect(created.signingSecret).toEqual(expect.any(String));

    const retry = await post(gateway.url, '/api/developer/webhooks', owner, body, key);
    expect(retry.status).toBe(201);
    expect(retry.headers[REPLAYED]).toBe('true');
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(retry.text).toBe(first.text);
    // The retry's own request id, not the first one's.
    expect(retry.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    expect((await endpointsAt(owner, body.url)).map((view) => view.id)).toEqual([created.id]);

    // Without the header, the same request runs again, as it always did.
    const unkeyed = await post(gateway.url, '/api/developer/webhooks', owner, body);
    expect([unkeyed.status, unkeyed.headers[REPLAYED]]).toEqual([201, undefined]);
    expect(await endpointsAt(owner, body.url)).toHaveLength(2);
  });

  it('refuses the same key with another body (422) and creates nothing', async () => {
    const key = randomUUID();
    const first = endpoint();
    expect((await post(gateway.url, '/api/developer/webhooks', owner, first, key)).status).toBe(201);

    const second = endpoint();
    const refused = await post(gateway.url, '/api/developer/webhooks', owner, second, key);
    expect([refused.status, refused.body]).toEqual([
      422,
      {
        error: 'VALIDATION_FAILED',
        message:
          'This Idempotency-Key was already used with another request (method, path or body). Use a new key for a new request.',
      },
    ]);
    expect(refused.headers[REPLAYED]).toBeUndefined();
    expect(await endpointsAt(owner, second.url)).toEqual([]);
    // The first request's answer is still there for its own retries.
    const retry = await post(gateway.url, '/api/developer/webhooks', owner, first, key);
    expect([retry.status, retry.headers[REPLAYED]]).toEqual([201, 'true']);
    expect(await endpointsAt(owner, first.url)).toHaveLength(1);
  });

  it("keeps each account's keys apart: another account's same key and body run for it", async () => {
    const body = endpoint();
    const key = randomUUID();
    const mine = await post(gateway.url, '/api/developer/webhooks', owner, body, key);
    const theirs = await post(gateway.url, '/api/developer/webhooks', other, body, key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers[REPLAYED]).toBeUndefined();
    const [myEndpoint, theirEndpoint] = [mine.body, theirs.body] as WebhookEndpointWithSecret[];
    expect(theirEndpoint.id).not.toBe(myEndpoint.id);
    expect(theirEndpoint.signingSecret).not.toBe(myEndpoint.signingSecret);
    // Each account's retry gets its own first answer.
    const myRetry = await post(gateway.url, '/api/developer/webhooks', owner, body, key);
    const theirRetry = await post(gateway.url, '/api/developer/webhooks', other, body, key);
    expect([myRetry.headers[REPLAYED], myRetry.text]).toEqual(['true', mine.text]);
    expect([theirRetry.headers[REPLAYED], theirRetry.text]).toEqual(['true', theirs.text]);
    expect((await endpointsAt(owner, body.url)).map((view) => view.id)).toEqual([myEndpoint.id]);
    expect((await endpointsAt(other, body.url)).map((view) => view.id)).toEqual([theirEndpoint.id]);
  });

  it('treats an API key and a session of the same account as one caller', async () => {
    const body = endpoint();
    const key = randomUUID();
    const byKey = await post(gateway.url, '/api/developer/webhooks', ownerKey, body, key);
    expect(byKey.status).toBe(201);
    expect(byKey.headers[REPLAYED]).toBeUndefined();

    const byKeyAgain = await post(gateway.url, '/api/developer/webhooks', ownerKey, body, key);
    const bySession = await post(gateway.url, '/api/developer/webhooks', owner, body, key);
    for (const retry of [byKeyAgain, bySession]) {
      expect([retry.status, retry.headers[REPLAYED], retry.text]).toEqual([201, 'true', byKey.text]);
    }
    expect(await endpointsAt(ownerKey, body.url)).toHaveLength(1);
  });

  it('refuses a malformed key (400) before anything is done', async () => {
    const body = endpoint();
    for (const key of ['k'.repeat(256), 'caf\u00e9']) {
      const refused = await post(gateway.url, '/api/developer/webhooks', owner, body, key);
      expect([refused.status, refused.body]).toEqual([
        400,
        {
          error: 'VALIDATION_FAILED',
          message: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters (a UUID is a good choice).',
        },
      ]);
    }
    expect(await endpointsAt(owner, body.url)).toEqual([]);
  });
});

/** A scripted answer: its status, its body (else a new id), held back until `held` settles. */
interface Scripted {
  status: number;
  body?: string;
  held?: Promise<void>;
  /** The answer breaks off after its first bytes (the connection is cut). */
  breakOff?: boolean;
}

/** A promise and what settles it: to hold the service's answer back until the test lets it go. */
function gate(): { held: Promise<void>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

/**
 * A stand-in for the service, to hold an answer back or fail on cue: each POST takes the next
 * scripted answer (then 201); every request it receives is counted.
 */
class ScriptedService {
  readonly received: string[] = [];
  private readonly script: Scripted[] = [];
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push(Buffer.concat(chunks).toString());
        const next = this.script.shift() ?? { status: 201 };
        const body = next.body ?? JSON.stringify({ id: randomUUID(), call: this.received.length });
        void (next.held ?? Promise.resolve()).then(() => {
          res.writeHead(next.status, { 'content-type': 'application/json; charset=utf-8' });
          if (!next.breakOff) return void res.end(body);
          res.write(body.slice(0, 5), () => res.destroy());
        });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  then(...answers: Scripted[]): void {
    this.script.push(...answers);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe('gateway: Idempotency-Key with a slow or failing service', () => {
  const service = new ScriptedService();
  let gateway: StartedGateway;
  const caller = (): Caller => ({
    cookie: accessCookie({ id: randomUUID(), email: uniqueEmail('idempotency'), emailVerified: true, role: 'user' }),
  });
  const body = { url: 'https://93.184.216.34/hook', eventTypes: ['charge.completed'] };

  beforeAll(async () => {
    await service.start();
    gateway = await startGateway({ INTEGRATIONS_URL: service.url, RATE_LIMIT_WEBHOOK_ENDPOINTS_PER_HOUR: '1000' });
  });

  afterAll(async () => {
    await gateway?.close();
    await service.stop();
  });

  it('refuses a second request while the first is still running (409), then replays the first', async () => {
    const member = caller();
    const key = randomUUID();
    const before = service.received.length;
    const { held, release } = gate();
    service.then({ status: 201, held });
    const first = post(gateway.url, '/api/developer/webhooks', member, body, key);
    await waitFor(async () => service.received.length > before, 5_000, 'the first request to reach the service');
    const meanwhile = await post(gateway.url, '/api/developer/webhooks', member, body, key);
    expect([meanwhile.status, meanwhile.body]).toEqual([
      409,
      {
        error: 'CONFLICT',
        message: 'A request with this Idempotency-Key is still in progress. Retry once it has answered.',
      },
    ]);
    release();
    const answered = await first;
    expect(answered.status).toBe(201);
    const after = await post(gateway.url, '/api/developer/webhooks', member, body, key);
    expect([after.status, after.headers[REPLAYED], after.text]).toEqual([201, 'true', answered.text]);
    expect(service.received.length - before).toBe(1);
  });

  it('keeps no 5xx: a retry after the service failed runs again', async () => {
    const member = caller();
    const key = randomUUID();
    const before = service.received.length;
    service.then({ status: 503, body: '{"error":"SERVICE_UNAVAILABLE","message":"busy"}' });
    expect((await post(gateway.url, '/api/developer/webhooks', member, body, key)).status).toBe(503);
    const retry = await post(gateway.url, '/api/developer/webhooks', member, body, key);
    expect([retry.status, retry.headers[REPLAYED]]).toEqual([201, undefined]);
    // That answer is final: kept.
    const again = await post(gateway.url, '/api/developer/webhooks', member, body, key);
    expect([again.status, again.headers[REPLAYED], again.text]).toEqual([201, 'true', retry.text]);
    expect(service.received.length - before).toBe(2);
  });

  it('keeps no answer the service broke off: a retry runs again', async () => {
    const member = caller();
    const key = randomUUID();
    const before = service.received.length;
    service.then({ status: 201, breakOff: true });
    // The client's answer breaks off too: its connection is cut after the first bytes.
    const cut = await new Promise<{ status: number; received: string; complete: boolean }>((resolve, reject) => {
      const text = JSON.stringify(body);
      const req = httpRequest(`${gateway.url}/api/developer/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(text)),
          cookie: 'cookie' in member ? member.cookie : '',
          [KEY_HEADER]: key,
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let received = '';
        res.on('data', (chunk: Buffer) => (received += chunk.toString()));
        res.on('error', () => undefined);
        res.on('close', () => resolve({ status: res.statusCode!, received, complete: res.complete }));
      });
      req.end(text);
    });
    expect([cut.status, cut.complete, cut.received.length < 10]).toEqual([201, false, true]);
    const retry = await post(gateway.url, '/api/developer/webhooks', member, body, key);
    expect([retry.status, retry.headers[REPLAYED]]).toEqual([201, undefined]);
    const again = await post(gateway.url, '/api/developer/webhooks', member, body, key);
    expect([again.status, again.headers[REPLAYED], again.text]).toEqual([201, 'true', retry.text]);
    expect(service.received.length - before).toBe(2);
  });

  it('refuses a keyed body past BODY_LIMIT_BYTES sent without a length (413), forwarding nothing', async () => {
    const before = service.received.length;
    const member = caller();
    const refused = await new Promise<RawReply>((resolve, reject) => {
      const req = httpRequest(`${gateway.url}/api/developer/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: 'cookie' in member ? member.cookie : '',
          [KEY_HEADER]: randomUUID(),
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text, body: JSON.parse(text) }));
      });
      // Chunked: no Content-Length for the gateway to refuse up front.
      for (let chunk = 0; chunk < 4; chunk++) req.write(`${' '.repeat(gateway.config.BODY_LIMIT_BYTES / 2)}`);
      req.end('{}');
    });
    expect([refused.status, refused.body]).toEqual([
      413,
      { error: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
    ]);
    expect(service.received.length).toBe(before);
  });

  it('keeps a 4xx answer: the same bytes again get it without reaching the service', async () => {
    const member = caller();
    const key = randomUUID();
    const before = service.received.length;
    service.then({ status: 400, body: '{"error":"VALIDATION_FAILED","message":"url: not allowed"}' });
    // Read whole for its fingerprint, the body still goes on byte for byte.
    const text = '{ "url": "https://93.184.216.34/hook",  "eventTypes": ["charge.completed"] }';
    const first = await post(gateway.url, '/api/developer/webhooks', member, text, key);
    const retry = await post(gateway.url, '/api/developer/webhooks', member, text, key);
    expect([first.status, retry.status, retry.headers[REPLAYED], retry.text]).toEqual([400, 400, 'true', first.text]);
    expect(service.received.slice(before)).toEqual([text]);
    // The same JSON written otherwise is another request.
    const respaced = await post(gateway.url, '/api/developer/webhooks', member, JSON.stringify(body), key);
    expect(respaced.status).toBe(422);
  });

  it('gives an answer over 1 MB but does not keep it: a retry runs again', async () => {
    const member = caller();
    const key = randomUUID();
    const before = service.received.length;
    const large = JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 1) });
    service.then({ status: 201, body: large });
    const first = await post(gateway.url, '/api/developer/webhooks', member, body, key);
    expect([first.status, first.text.length]).toEqual([201, large.length]);
    const retry = await post(gateway.url, '/api/developer/webhooks', member, body, key);
    expect([retry.status, retry.headers[REPLAYED]]).toEqual([201, undefined]);
    const again = await post(gateway.url, '/api/developer/webhooks', member, body, key);
    expect([again.status, again.headers[REPLAYED], again.text]).toEqual([201, 'true', retry.text]);
    expect(service.received.length - before).toBe(2);
  });

  it('keeps the answer of a client that went away before it arrived, for its retry', async () => {
    const member = caller();
    const key = randomUUID();
    const before = service.received.length;
    const { held, release } = gate();
    service.then({ status: 201, held });
    const text = JSON.stringify(body);
    const gone = httpRequest(`${gateway.url}/api/developer/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(text)),
        cookie: 'cookie' in member ? member.cookie : '',
        [KEY_HEADER]: key,
      },
    });
    gone.on('error', () => undefined);
    gone.end(text);
    await waitFor(async () => service.received.length > before, 5_000, 'the request to reach the service');
    gone.destroy();
    // Meanwhile the key is taken; the service answers once the client has gone (and the gateway
    // has seen it go: a retry is refused while the request runs).
    const meanwhile = await post(gateway.url, '/api/developer/webhooks', member, body, key);
    expect(meanwhile.status).toBe(409);
    release();
    // The retry, once that answer is kept, gets it.
    await waitFor(
      async () => {
        const retry = await post(gateway.url, '/api/developer/webhooks', member, body, key);
        return retry.status !== 409;
      },
      5_000,
      'the first request to be answered',
    );
    const retry = await post(gateway.url, '/api/developer/webhooks', member, body, key);
    expect([retry.status, retry.headers[REPLAYED]]).toEqual([201, 'true']);
    expect(retry.body).toMatchObject({ call: before + 1 });
    expect(service.received.length - before).toBe(1);
  });
});
