import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import {
  integrationSignatureHeader,
  Queue,
  webhookEventTypes,
  webhookIdHeader,
  webhookSignatureHeader,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
} from '@app/contracts';
import { EventConsumer, signWebhook, verifyWebhookSignature, type AuthUser } from '@app/platform';
import type { Queue as BullQueue } from 'bullmq';
import {
  accessCookie,
  eventMessage,
  largestEvent,
  listenAsWebhookReceiver,
  query,
  rawRequest,
  startApp,
  startWorker,
  uniqueEmail,
  waitFor,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import type * as ConfigFile from '../src/config';
import type * as WebhookSenderFile from '../src/webhook-endpoints/webhook-sender';
import type * as WorkerModuleFile from '../src/worker.module';

// Outgoing webhooks against the real Postgres, Redis and Kafka, to an endpoint on loopback at a
// port WEBHOOK_LOOPBACK_PORTS allows outside production (9000-9099 by default). Retries 100 ms
// apart, doubling, for 3 seconds.
const RETRY_BASE_MS = 100;
const RETRY_WINDOW_MS = 3000;
process.env.WEBHOOK_RETRY_BASE_MS = String(RETRY_BASE_MS);
process.env.WEBHOOK_RETRY_WINDOW_MS = String(RETRY_WINDOW_MS);
process.env.WEBHOOK_TIMEOUT_MS = '2000';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/**
 * A merchant's endpoint on 127.0.0.1: each path answers the statuses queued for it in order, then
 * 200; every request is kept.
 */
class MerchantEndpoint {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, number[]>();
  private server?: Server;
  base = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        const status = this.scripts.get(path)?.shift() ?? 200;
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString(), status });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      });
    });
    this.base = `http://127.0.0.1:${await listenAsWebhookReceiver(this.server)}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A fresh path answering these statuses first. */
  path(...statuses: number[]): string {
    const path = `/hooks/${randomUUID()}`;
    this.scripts.set(path, statuses);
    return path;
  }

  at(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }
}

const userOf = (emailVerified = true): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('webhooks'),
  emailVerified,
  role: 'user',
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('outgoing webhooks: endpoints, signed deliveries, retries, resends', () => {
  let app: INestApplication;
  let api: string;
  let worker: INestApplicationContext;
  const merchant = new MerchantEndpoint();

  beforeAll(async () => {
    await merchant.start();
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    const { WorkerModule } = jest.requireActual<typeof WorkerModuleFile>('../src/worker.module');
    worker = await startWorker(WorkerModule);
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await merchant.stop();
  });

  const send = (method: string, path: string, user: AuthUser | undefined, body?: unknown) =>
    rawRequest(`${api}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(user ? { cookie: accessCookie(user) } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const addEndpoint = async (user: AuthUser, url: string, eventTypes: string[] = [...webhookEventTypes]) => {
    const reply = await send('POST', '/api/developer/webhooks', user, { url, eventTypes });
    expect(reply.status).toBe(201);
    return reply.body as WebhookEndpointWithSecret;
  };
  const deliveriesOf = async (user: AuthUser, endpointId: string) => {
    const reply = await send('GET', `/api/developer/webhooks/${endpointId}/deliveries`, user);
    expect(reply.status).toBe(200);
    return reply.body as WebhookDeliveryView[];
  };
  const messageOf = (reply: { body: unknown }) => (reply.body as { message: string }).message;

  /** A payment processor of the user and a signed transaction delivered to it (TransactionRecorded). */
  const recordTransaction = async (
    user: AuthUser,
    status = 'completed',
    externalTransactionId = `tx_${randomUUID()}`,
  ) => {
    const processor = (
      await send('POST', '/api/integrations/payment-processors', user, { processorType: 'stripe', apiKey: 'sk_test_1' })
    ).body as { id: string; ingestUrl: string; signingSecret: string };
    const deliver = async (deliveryStatus: string) => {
      const raw = JSON.stringify({
        externalTransactionId,
        amount: '42.10',
        currency: 'usd',
        status: deliveryStatus,
        paymentMethod: 'card',
        occurredAt: new Date().toISOString(),
      });
      const reply = await rawRequest(`${api}${processor.ingestUrl}`, 'POST', {
        headers: {
          'content-type': 'application/json',
          [integrationSignatureHeader]: signWebhook(processor.signingSecret, raw),
        },
        body: raw,
      });
      expect(reply.status).toBe(200);
      return (reply.body as { transactionId: string }).transactionId;
    };
    return { transactionId: await deliver(status), deliver, externalTransactionId };
  };

  it('gets an endpoint that fails twice the third delivery, with a valid signature, exactly once', async () => {
    const user = userOf();
    const path = merchant.path(500, 500);
    const endpoint = await addEndpoint(user, `${merchant.base}${path}`, ['transaction.recorded']);

    // The delivery is stored with the transaction (the ingest transaction), then queued.
    const { transactionId } = await recordTransaction(user);
    await waitFor(async () => merchant.at(path).length >= 3, 60000, 'three attempts at the endpoint');
    // Many retry periods later there is still no fourth: the success ended the delivery.
    await sleep(1500);
    const attempts = merchant.at(path);
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 200]);

    const third = attempts[2]!;
    expect(
      verifyWebhookSignature(endpoint.signingSecret, third.body, third.headers[webhookSignatureHeader] as string),
    ).toBe(true);
    expect(third.headers[webhookSignatureHeader]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(third.headers['content-type']).toBe('application/json');
    const envelope = JSON.parse(third.body) as {
      id: string;
      type: string;
      createdAt: string;
      data: Record<string, unknown>;
    };
    expect(envelope).toMatchObject({
      type: 'transaction.recorded',
      data: { transactionId, amount: '42.10', currency: 'USD', status: 'completed', processor: 'stripe' },
    });
    expect(new Date(envelope.createdAt).toISOString()).toBe(envelope.createdAt);
    // The same event (id and body) on every attempt, each signed afresh.
    expect(new Set(attempts.map((a) => a.headers[webhookIdHeader]))).toEqual(new Set([envelope.id]));
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    for (const attempt of attempts) {
      expect(
        verifyWebhookSignature(endpoint.signingSecret, attempt.body, attempt.headers[webhookSignatureHeader] as string),
      ).toBe(true);
    }

    const [delivery, ...others] = await deliveriesOf(user, endpoint.id);
    expect(others).toEqual([]);
    expect(delivery).toMatchObject({
      eventId: envelope.id,
      eventType: 'transaction.recorded',
      status: 'succeeded',
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(delivery!.deliveredAt).not.toBeNull();
    expect(delivery!.attemptLog.map((a) => [a.number, a.statusCode, a.succeeded, a.error, a.manual])).toEqual([
      [1, 500, false, 'HTTP 500', false],
      [2, 500, false, 'HTTP 500', false],
      [3, 200, true, null, false],
    ]);
    for (const attempt of delivery!.attemptLog) {
      expect(attempt.latencyMs).toEqual(expect.any(Number));
      expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);
      expect(attempt.latencyMs).toBeLessThan(2000);
    }
    const times = delivery!.attemptLog.map((a) => Date.parse(a.attemptedAt));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(90);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(190);

    // The job (id = delivery id) finished; queuing it again (the sweep) would add nothing.
    const queue = worker.get<BullQueue>(getQueueToken(Queue.WebhookDelivery));
    expect(await queue.getJobState(delivery!.id)).toBe('completed');
    const listed = (await send('GET', '/api/developer/webhooks', user)).body as WebhookEndpointView[];
    expect(listed[0]).toMatchObject({ id: endpoint.id, lastDeliveryStatus: 'succeeded' });
  });

  it('tells a status change of a known transaction (transaction.updated) from a new one', async () => {
    const user = userOf();
    const path = merchant.path();
    const endpoint = await addEndpoint(user, `${merchant.base}${path}`, ['transaction.updated']);
    const { transactionId, deliver } = await recordTransaction(user, 'pending');
    expect(await deliver('completed')).toBe(transactionId);
    await waitFor(async () => merchant.at(path).length >= 1, 60000, 'the update at the endpoint');
    await sleep(500);
    const bodies = merchant.at(path).map((r) => JSON.parse(r.body) as { type: string; data: { status: string } });
    expect(bodies.map((b) => [b.type, b.data.status])).toEqual([['transaction.updated', 'completed']]);
    expect((await deliveriesOf(user, endpoint.id)).map((d) => d.eventType)).toEqual(['transaction.updated']);
  });

  it('registers, lists, changes and deletes endpoints, each user seeing only their own', async () => {
    const owner = userOf();
    const other = userOf();
    const created = await addEndpoint(owner, `${merchant.base}/a`, ['charge.failed', 'transaction.recorded']);
    expect(created).toMatchObject({
      url: `${merchant.base}/a`,
      // Kept in the contract's order, whatever order they were sent in.
      eventTypes: ['transaction.recorded', 'charge.failed'],
      isActive: true,
      lastDeliveryStatus: null,
      signingSecretHint: `••••${created.signingSecret.slice(-4)}`,
    });
    expect(created.signingSecret).toMatch(/^whsec_[\w-]{43}$/);
    const [row] = await query<{ signing_secret: string; whole: string }>(
      'SELECT signing_secret, row_to_json(e)::text AS whole FROM integrations.webhook_endpoints e WHERE id = $1',
      [created.id],
    );
    expect(row!.signing_secret).toMatch(/^v1:k0:/);
    expect(row!.whole).not.toContain(created.signingSecret);

    const listed = await send('GET', '/api/developer/webhooks', owner);
    expect(listed.body).toEqual([expect.objectContaining({ id: created.id })]);
    expect(JSON.stringify(listed.body)).not.toContain(created.signingSecret);

    const updated = await send('PUT', `/api/developer/webhooks/${created.id}`, owner, {
      eventTypes: ['escrow.finished'],
      isActive: false,
    });
    expect([updated.status, updated.body]).toEqual([
      200,
      expect.objectContaining({ eventTypes: ['escrow.finished'], isActive: false }),
    ]);

    // Another user: an empty list, and 404 for every route of the owner's endpoint.
    expect((await send('GET', '/api/developer/webhooks', other)).body).toEqual([]);
    const base = `/api/developer/webhooks/${created.id}`;
    for (const [method, path, body] of [
      ['PUT', base, { isActive: true }],
      ['PUT', base, { url: 'http://10.0.0.1/' }],
      ['DELETE', base, undefined],
      ['POST', `${base}/rotate-secret`, undefined],
      ['GET', `${base}/deliveries`, undefined],
      ['POST', `${base}/deliveries/${randomUUID()}/resend`, undefined],
      ['POST', `${base}/test`, undefined],
    ] as const) {
      const reply = await send(method, path, other, body);
      expect([method, path, reply.status, (reply.body as { error?: string } | undefined)?.error]).toEqual([
        method,
        path,
        404,
        'NOT_FOUND',
      ]);
    }
    expect((await send('PUT', '/api/developer/webhooks/not-a-uuid', owner, { isActive: true })).status).toBe(404);
    const [still] = await query<{ is_active: boolean }>(
      'SELECT is_active FROM integrations.webhook_endpoints WHERE id = $1',
      [created.id],
    );
    expect(still!.is_active).toBe(false);

    expect((await send('DELETE', base, owner)).status).toBe(204);
    expect((await send('DELETE', base, owner)).status).toBe(404);
    expect((await send('GET', '/api/developer/webhooks', owner)).body).toEqual([]);
  });

  it('answers clear 400s for bad input and refuses private, link-local and unresolvable destinations', async () => {
    const user = userOf();
    const cases: [unknown, string][] = [
      [{ url: 'ftp://example.com/x', eventTypes: ['charge.failed'] }, 'Endpoint URL must be an http(s) URL'],
      [{ url: '', eventTypes: ['charge.failed'] }, 'Endpoint URL is required'],
      [{ url: `${merchant.base}/x`, eventTypes: [] }, 'Choose at least one event type'],
      [
        { url: `${merchant.base}/x`, eventTypes: ['payout.sent'] },
        `Event type must be one of ${webhookEventTypes.join(', ')}`,
      ],
      [
        { url: 'http://10.0.0.5/hook', eventTypes: ['charge.failed'] },
        'Endpoint URL must point to a public address: 10.0.0.5 is a private address',
      ],
      [
        { url: 'http://169.254.169.254/latest/meta-data', eventTypes: ['charge.failed'] },
        'Endpoint URL must point to a public address: 169.254.169.254 is a link-local address',
      ],
      [
        { url: 'http://192.168.1.1:8080/', eventTypes: ['charge.failed'] },
        'Endpoint URL must point to a public address: 192.168.1.1 is a private address',
      ],
      [
        { url: 'http://[fd00::1]/', eventTypes: ['charge.failed'] },
        'Endpoint URL must point to a public address: fd00::1 is a private (unique local) address',
      ],
      [
        { url: 'http://[::ffff:10.1.1.1]/', eventTypes: ['charge.failed'] },
        'Endpoint URL must point to a public address: ::ffff:a01:101 is a private address',
      ],
      [
        { url: 'https://hooks.invalid/x', eventTypes: ['charge.failed'] },
        'Endpoint host hooks.invalid could not be resolved',
      ],
    ];
    for (const [body, message] of cases) {
      const reply = await send('POST', '/api/developer/webhooks', user, body);
      expect([reply.status, messageOf(reply)]).toEqual([400, message]);
    }
    expect(await query('SELECT 1 FROM integrations.webhook_endpoints WHERE user_id = $1', [user.id])).toEqual([]);

    const endpoint = await addEndpoint(user, `${merchant.base}/ok`);
    const moved = await send('PUT', `/api/developer/webhooks/${endpoint.id}`, user, { url: 'http://172.16.0.1/' });
    expect([moved.status, messageOf(moved)]).toEqual([
      400,
      'Endpoint URL must point to a public address: 172.16.0.1 is a private address',
    ]);
    const nothing = await send('PUT', `/api/developer/webhooks/${endpoint.id}`, user, {});
    expect([nothing.status, messageOf(nothing)]).toEqual([400, 'Nothing to change']);

    expect((await send('GET', '/api/developer/webhooks', undefined)).status).toBe(401);
    const unverified = await send('GET', '/api/developer/webhooks', userOf(false));
    expect([unverified.status, (unverified.body as { error: string }).error]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
  });

  it("refuses loopback on the platform's own ports and off the listed ones, at registration and at each attempt", async () => {
    const user = userOf();
    // Identity's internal key check (the probe's), this service's internal port, the gateway,
    // Postgres, Redis and Kafka (inside 9000-9099): loopback receivers are allowed, these are not.
    const internal = [
      'http://127.0.0.1:3001/internal/api-keys/resolve',
      'http://127.0.0.1:3105/metrics',
      'http://[::1]:8080/api/auth/me',
      'http://127.0.0.1:5432/',
      'http://127.0.0.1:6379/',
      'http://127.0.0.1:9092/',
      'http://127.0.0.1:13001/internal/api-keys/resolve',
    ];
    for (const url of internal) {
      const reply = await send('POST', '/api/developer/webhooks', user, { url, eventTypes: ['charge.failed'] });
      expect([url, reply.status, messageOf(reply)]).toEqual([
        url,
        400,
        expect.stringMatching(
          /^Endpoint URL must point to a public address: port \d+ on .+ belongs to the platform's own services$/,
        ),
      ]);
    }
    const offList = await send('POST', '/api/developer/webhooks', user, {
      url: 'http://127.0.0.1:8000/hook',
      eventTypes: ['charge.failed'],
    });
    expect([offList.status, messageOf(offList)]).toEqual([
      400,
      'Endpoint URL must point to a public address: on loopback (127.0.0.1) only ports 9000-9099 are allowed, not 8000',
    ]);
    expect(await query('SELECT 1 FROM integrations.webhook_endpoints WHERE user_id = $1', [user.id])).toEqual([]);

    // A receiver on a listed port is fine; moving it onto an internal port is refused and changes nothing.
    const path = merchant.path();
    const endpoint = await addEndpoint(user, `${merchant.base}${path}`, ['charge.failed']);
    const moved = await send('PUT', `/api/developer/webhooks/${endpoint.id}`, user, {
      url: 'http://127.0.0.1:3001/internal/api-keys/resolve',
    });
    expect([moved.status, messageOf(moved)]).toEqual([
      400,
      "Endpoint URL must point to a public address: port 3001 on 127.0.0.1 belongs to the platform's own services",
    ]);
    const urlOf = async () =>
      (await query<{ url: string }>('SELECT url FROM integrations.webhook_endpoints WHERE id = $1', [endpoint.id]))[0]!
        .url;
    expect(await urlOf()).toBe(`${merchant.base}${path}`);

    // One stored before this guard (the old setting let every loopback port through): each attempt
    // resolves the host again and checks the address and port, so nothing internal is ever asked.
    await query('UPDATE integrations.webhook_endpoints SET url = $2 WHERE id = $1', [
      endpoint.id,
      'http://localhost:3001/internal/api-keys/resolve',
    ]);
    expect((await send('POST', `/api/developer/webhooks/${endpoint.id}/test`, user)).status).toBe(202);
    const attempted = await waitFor(async () => {
      const [delivery] = await deliveriesOf(user, endpoint.id);
      return delivery?.attempts ? delivery : undefined;
    });
    expect(attempted.lastStatusCode).toBeNull();
    expect(attempted.lastError).toMatch(
      /^Endpoint URL must point to a public address: port 3001 on localhost \((127\.0\.0\.1|::1)\) belongs to the platform's own services$/,
    );
    expect(attempted.attemptLog).toEqual([expect.objectContaining({ statusCode: null, latencyMs: null })]);
  });

  it('allows no loopback destination with the production config', async () => {
    /** The config schema as a process with NODE_ENV=production reads it. */
    const productionSchema = () => {
      const previous = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        let schema: typeof ConfigFile.integrationsConfigSchema | undefined;
        jest.isolateModules(() => {
          schema = jest.requireActual<typeof ConfigFile>('../src/config').integrationsConfigSchema;
        });
        return schema!;
      } finally {
        process.env.NODE_ENV = previous;
      }
    };
    const schema = productionSchema();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      INTEGRATIONS_ENCRYPTION_KEYS: `k0:${Buffer.alloc(32, 7).toString('base64')}`,
      INTEGRATIONS_ENCRYPTION_KEY_ID: 'k0',
    };
    delete env.WEBHOOK_LOOPBACK_PORTS;
    const listed = schema.safeParse({ ...env, WEBHOOK_LOOPBACK_PORTS: merchant.base.split(':').at(-1) });
    expect(listed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['WEBHOOK_LOOPBACK_PORTS', 'must be empty in production (no loopback webhooks)'],
    ]);
    const config = schema.parse(env);
    expect(config.WEBHOOK_LOOPBACK_PORTS).toBe('');

    // The worker's sender with that config: refused before any connection, whatever the port.
    const { WebhookSender } = jest.requireActual<typeof WebhookSenderFile>('../src/webhook-endpoints/webhook-sender');
    const path = merchant.path();
    const port = merchant.base.split(':').at(-1);
    for (const sender of [
      new WebhookSender(config),
      // A port list slipped past the schema changes nothing: production never reads it.
      new WebhookSender({ ...config, WEBHOOK_LOOPBACK_PORTS: '9000-9099' }),
    ]) {
      for (const url of [`https://127.0.0.1:${port}${path}`, `https://[::1]:${port}${path}`]) {
        const result = await sender.send(url, 'whsec_x', {
          id: randomUUID(),
          type: 'webhook.test',
          createdAt: new Date().toISOString(),
          data: {},
        });
        expect([url, result]).toEqual([
          url,
          {
            statusCode: null,
            latencyMs: null,
            succeeded: false,
            error: expect.stringMatching(/^Endpoint URL must point to a public address: .+ is a loopback address$/),
          },
        ]);
      }
    }
    expect(merchant.at(path)).toEqual([]);
  });

  it('sends a test event, resends a delivery by hand once more, and signs with the rotated secret', async () => {
    const user = userOf();
    const path = merchant.path();
    const endpoint = await addEndpoint(user, `${merchant.base}${path}`, ['charge.completed']);

    const test = await send('POST', `/api/developer/webhooks/${endpoint.id}/test`, user);
    expect([test.status, (test.body as WebhookDeliveryView).eventType]).toEqual([202, 'webhook.test']);
    await waitFor(async () => merchant.at(path).length >= 1, 30000, 'the test event');
    const first = merchant.at(path)[0]!;
    expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    expect(
      verifyWebhookSignature(endpoint.signingSecret, first.body, first.headers[webhookSignatureHeader] as string),
    ).toBe(true);
    const testDelivery = await waitFor(async () => {
      const [d] = await deliveriesOf(user, endpoint.id);
      return d?.status === 'succeeded' ? d : undefined;
    });
    expect(testDelivery.attemptLog).toEqual([expect.objectContaining({ number: 1, statusCode: 200, manual: true })]);

    // Resend by hand: exactly one more delivery of the same event.
    const resent = await send(
      'POST',
      `/api/developer/webhooks/${endpoint.id}/deliveries/${testDelivery.id}/resend`,
      user,
    );
    expect(resent.status).toBe(202);
    await waitFor(async () => merchant.at(path).length >= 2, 30000, 'the resend');
    await sleep(500);
    expect(merchant.at(path)).toHaveLength(2);
    expect(merchant.at(path)[1]!.headers[webhookIdHeader]).toBe(first.headers[webhookIdHeader]);
    const afterResend = await waitFor(async () => {
      const [d] = await deliveriesOf(user, endpoint.id);
      return d?.attempts === 2 ? d : undefined;
    });
    expect(afterResend.attemptLog.map((a) => [a.number, a.statusCode, a.manual])).toEqual([
      [1, 200, true],
      [2, 200, true],
    ]);
    const missing = await send(
      'POST',
      `/api/developer/webhooks/${endpoint.id}/deliveries/${randomUUID()}/resend`,
      user,
    );
    expect([missing.status, messageOf(missing)]).toEqual([404, 'Delivery not found']);

    // Rotation: the new secret is shown once and signs what follows; the old one no longer verifies.
    const rotated = await send('POST', `/api/developer/webhooks/${endpoint.id}/rotate-secret`, user);
    expect(rotated.status).toBe(200);
    const { signingSecret } = rotated.body as WebhookEndpointWithSecret;
    expect(signingSecret).toMatch(/^whsec_/);
    expect(signingSecret).not.toBe(endpoint.signingSecret);
    expect((rotated.body as WebhookEndpointWithSecret).signingSecretHint).toBe(`••••${signingSecret.slice(-4)}`);
    await send('POST', `/api/developer/webhooks/${endpoint.id}/deliveries/${testDelivery.id}/resend`, user);
    await send('POST', `/api/developer/webhooks/${endpoint.id}/test`, user);
    await waitFor(async () => merchant.at(path).length >= 4, 30000, 'deliveries after the rotation');
    for (const request of merchant.at(path).slice(2)) {
      const header = request.headers[webhookSignatureHeader] as string;
      expect(verifyWebhookSignature(signingSecret, request.body, header)).toBe(true);
      expect(verifyWebhookSignature(endpoint.signingSecret, request.body, header)).toBe(false);
    }
    const listed = (await send('GET', '/api/developer/webhooks', user)).body as WebhookEndpointView[];
    expect(JSON.stringify(listed)).not.toContain(signingSecret);

    // A turned-off endpoint is sent nothing, not even by hand.
    await send('PUT', `/api/developer/webhooks/${endpoint.id}`, user, { isActive: false });
    const off = await send('POST', `/api/developer/webhooks/${endpoint.id}/test`, user);
    expect([off.status, messageOf(off)]).toEqual([409, 'This endpoint is turned off; turn it on to send it anything']);
  });

  it('gives up when the retry window has passed, and a resend by hand still gets through', async () => {
    const user = userOf();
    const path = merchant.path(...Array<number>(20).fill(503));
    const endpoint = await addEndpoint(user, `${merchant.base}${path}`, ['charge.failed']);
    const consumer = app.get(EventConsumer);
    await consumer.apply({
      message: eventMessage('ChargeFailed', randomUUID(), largestEvent('ChargeFailed', { userId: user.id })),
    } as never);
    // 100 ms doubling within 3 s: attempts at 0, 0.1, 0.3, 0.7, 1.5 and 3 s, then none. On a busy
    // machine an attempt that runs late delays those after it, and the one that ends within 100 ms
    // of the window's end comes last: the schedule is checked, not a count of six.
    const failed = await waitFor(
      async () => {
        const [d] = await deliveriesOf(user, endpoint.id);
        return d?.status === 'failed' ? d : undefined;
      },
      30000,
      'the delivery to fail for good',
    );
    expect(failed).toMatchObject({ lastStatusCode: 503, lastError: 'HTTP 503', nextAttemptAt: null });
    const created = Date.parse(failed.createdAt);
    // When each attempt began and ended (its answer in hand), from the delivery's creation.
    const times = failed.attemptLog.map(({ attemptedAt, latencyMs }) => {
      const began = Date.parse(attemptedAt) - created;
      return { began, ended: began + (latencyMs ?? 0) };
    });
    expect(failed.attemptLog.every(({ manual, statusCode }) => !manual && statusCode === 503)).toBe(true);
    expect(times.length).toBe(failed.attempts);
    expect(failed.attempts).toBeGreaterThanOrEqual(4);
    // Each wait before the last at least the doubled one (100, 200, 400, 800 ms; a few ms of clock slack)…
    for (let index = 1; index < times.length - 1; index++) {
      expect(times[index]!.began - times[index - 1]!.ended).toBeGreaterThanOrEqual(
        RETRY_BASE_MS * 2 ** (index - 1) - 10,
      );
    }
    // …and the last one ended at the window's end (less one base wait), none before it did.
    expect(times.at(-1)!.ended).toBeGreaterThanOrEqual(RETRY_WINDOW_MS - RETRY_BASE_MS - 5);
    expect(times.slice(0, -1).every(({ ended }) => ended < RETRY_WINDOW_MS - RETRY_BASE_MS + 5)).toBe(true);
    // Nothing more after it gave up.
    await sleep(800);
    expect(merchant.at(path)).toHaveLength(failed.attempts);

    (merchant as unknown as { scripts: Map<string, number[]> }).scripts.set(path, []);
    await send('POST', `/api/developer/webhooks/${endpoint.id}/deliveries/${failed.id}/resend`, user);
    const recovered = await waitFor(async () => {
      const [d] = await deliveriesOf(user, endpoint.id);
      return d?.status === 'succeeded' ? d : undefined;
    });
    expect(recovered.attempts).toBe(failed.attempts + 1);
    expect(merchant.at(path)).toHaveLength(failed.attempts + 1);
  });

  it("delivers the largest instance of every event it consumes to the owner's endpoints only, once per event", async () => {
    const consumer = app.get(EventConsumer);
    expect([...consumer.eventTypes].sort()).toEqual(
      [
        'ChargeCompleted',
        'ChargeFailed',
        'EscrowCancelled',
        'EscrowFinished',
        'PayoutPaid',
        'SubscriptionActivated',
      ].sort(),
    );
    const user = userOf();
    const stranger = userOf();
    const path = merchant.path();
    const endpoint = await addEndpoint(user, `${merchant.base}${path}`);
    const strangersPath = merchant.path();
    await addEndpoint(stranger, `${merchant.base}${strangersPath}`);
    const eventIds: string[] = [];
    for (const type of consumer.eventTypes) {
      const id = randomUUID();
      eventIds.push(id);
      // The payout's owner is its affiliate user; every other event's is its userId.
      const owner = type === 'PayoutPaid' ? { affiliateUserId: user.id } : { userId: user.id };
      const message = eventMessage(type, user.id, largestEvent(type, owner), { id });
      await expect(consumer.apply({ message } as never)).resolves.toBe(true);
      // The same event again (a Kafka redelivery) is already applied: no second delivery.
      await expect(consumer.apply({ message } as never)).resolves.toBe(false);
    }
    // An event of someone without endpoints changes nothing.
    await consumer.apply({
      message: eventMessage('ChargeCompleted', randomUUID(), largestEvent('ChargeCompleted', { userId: randomUUID() })),
    } as never);

    await waitFor(async () => merchant.at(path).length >= 6, 30000, 'six deliveries');
    await sleep(500);
    const bodies = merchant
      .at(path)
      .map((r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> });
    expect(bodies.map((b) => b.type).sort()).toEqual(
      [
        'charge.completed',
        'charge.failed',
        'escrow.cancelled',
        'escrow.finished',
        'payout.paid',
        'subscription.changed',
      ].sort(),
    );
    expect(bodies.map((b) => b.id).sort()).toEqual([...eventIds].sort());
    expect(merchant.at(strangersPath)).toEqual([]);
    const charge = bodies.find((b) => b.type === 'charge.completed')!;
    expect(Object.keys(charge.data).sort()).toEqual(
      [
        'amount',
        'chargeId',
        'code',
        'cryptoCurrency',
        'currency',
        'occurredAt',
        'provider',
        'providerChargeId',
        'status',
      ].sort(),
    );
    expect((await deliveriesOf(user, endpoint.id)).every((d) => d.status === 'succeeded')).toBe(true);
  });

  it("stores a transaction's webhook deliveries with it, under its event's id: per subscribed, active endpoint of its owner", async () => {
    const merchantA = userOf();
    const merchantB = userOf();
    const [recordedPath, updatedPath, offPath, bPath] = [
      merchant.path(),
      merchant.path(),
      merchant.path(),
      merchant.path(),
    ];
    const recordedOnly = await addEndpoint(merchantA, `${merchant.base}${recordedPath}`, ['transaction.recorded']);
    const updatedOnly = await addEndpoint(merchantA, `${merchant.base}${updatedPath}`, ['transaction.updated']);
    const off = await addEndpoint(merchantA, `${merchant.base}${offPath}`);
    expect((await send('PUT', `/api/developer/webhooks/${off.id}`, merchantA, { isActive: false })).status).toBe(200);
    const bEndpoint = await addEndpoint(merchantB, `${merchant.base}${bPath}`);

    // Delivered together, so they may share one ingest transaction.
    const [a, b] = await Promise.all([recordTransaction(merchantA, 'pending'), recordTransaction(merchantB)]);
    expect(await a.deliver('completed')).toBe(a.transactionId);
    // The same status again is a duplicate: no event, no delivery.
    expect(await a.deliver('completed')).toBe(a.transactionId);

    const eventIdsOf = async (user: AuthUser) =>
      (
        await query<{ id: string }>(
          `SELECT id FROM integrations.outbox WHERE key = $1 AND type = 'TransactionRecorded' ORDER BY seq`,
          [user.id],
        )
      ).map((row) => row.id);
    const [aRecorded, aUpdated, ...aMore] = await eventIdsOf(merchantA);
    const [bRecorded, ...bMore] = await eventIdsOf(merchantB);
    expect([aMore, bMore]).toEqual([[], []]);
    // Stored by the time the deliveries were answered: they committed with the transactions.
    expect((await deliveriesOf(merchantA, recordedOnly.id)).map((d) => d.eventId)).toEqual([aRecorded]);
    expect((await deliveriesOf(merchantA, updatedOnly.id)).map((d) => d.eventId)).toEqual([aUpdated]);
    expect(await deliveriesOf(merchantA, off.id)).toEqual([]);
    expect((await deliveriesOf(merchantB, bEndpoint.id)).map((d) => d.eventId)).toEqual([bRecorded]);

    await waitFor(
      async () => [recordedPath, updatedPath, bPath].every((path) => merchant.at(path).length >= 1),
      30000,
      'a delivery at each subscribed endpoint',
    );
    await sleep(500);
    const sent = (path: string) =>
      merchant.at(path).map((r) => {
        const body = JSON.parse(r.body) as {
          id: string;
          type: string;
          data: { externalTransactionId: string; status: string };
        };
        return [body.id, body.type, body.data.externalTransactionId, body.data.status];
      });
    expect(sent(recordedPath)).toEqual([[aRecorded, 'transaction.recorded', a.externalTransactionId, 'pending']]);
    expect(sent(updatedPath)).toEqual([[aUpdated, 'transaction.updated', a.externalTransactionId, 'completed']]);
    expect(sent(bPath)).toEqual([[bRecorded, 'transaction.recorded', b.externalTransactionId, 'completed']]);
    expect(merchant.at(offPath)).toEqual([]);
  });
});
