import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { fromBinary } from '@bufbuild/protobuf';
import {
  integrationSignatureHeader,
  TransactionRecordedSchema,
  type IntegrationTransactionDetail,
  type IntegrationTransactionView,
  type SampleDeliveryResponse,
} from '@app/contracts';
import { signWebhook, verifyWebhookSignature, type AuthUser } from '@app/platform';
import {
  accessCookie,
  listenAsWebhookReceiver,
  query,
  rawRequest,
  startApp,
  startWorker,
  uniqueEmail,
  waitFor,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import type * as WorkerModuleFile from '../src/worker.module';

// The merchants' ingestion guide (issue 39): the sample delivery, and a transaction's detail (the
// provider's fields, its history, the webhooks sent for it), against the real Postgres, Redis and
// Kafka, with the worker sending webhooks to a receiver on loopback.
process.env.WEBHOOK_RETRY_BASE_MS = '100';
process.env.WEBHOOK_RETRY_WINDOW_MS = '3000';
process.env.WEBHOOK_TIMEOUT_MS = '2000';

interface Created {
  id: string;
  ingestUrl: string;
  signingSecret: string;
}

const userOf = (): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('transaction-detail'),
  emailVerified: true,
  role: 'user',
});

describe('ingestion guide: the sample delivery and the transaction detail', () => {
  let app: INestApplication;
  let api: string;
  let worker: INestApplicationContext;
  let receiver: Server;
  let receiverUrl: string;
  const received: string[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(Buffer.concat(chunks).toString());
        res.writeHead(200).end('ok');
      });
    });
    receiverUrl = `http://127.0.0.1:${await listenAsWebhookReceiver(receiver)}/hooks`;
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    const { WorkerModule } = jest.requireActual<typeof WorkerModuleFile>('../src/worker.module');
    worker = await startWorker(WorkerModule);
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  const send = (method: string, path: string, user: AuthUser | undefined, body?: unknown) =>
    rawRequest(`${api}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(user ? { cookie: accessCookie(user) } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const addProcessor = async (user: AuthUser) => {
    const reply = await send('POST', '/api/integrations/payment-processors', user, {
      processorType: 'stripe',
      apiKey: `sk_test_${randomUUID().replace(/-/g, '')}`,
    });
    expect(reply.status).toBe(201);
    return reply.body as Created;
  };
  const addPos = async (user: AuthUser) => {
    const reply = await send('POST', '/api/integrations/pos-systems', user, {
      posSystem: 'toast',
      apiKey: `toast_${randomUUID()}`,
    });
    expect(reply.status).toBe(201);
    return reply.body as Created;
  };
  const deliver = (target: Created, body: unknown) => {
    const raw = JSON.stringify(body);
    return rawRequest(`${api}${target.ingestUrl}`, 'POST', {
      headers: {
        'content-type': 'application/json',
        [integrationSignatureHeader]: signWebhook(target.signingSecret, raw),
      },
      body: raw,
    });
  };
  const storedOf = (integrationId: string) =>
    query<{ id: string; test: boolean }>(
      'SELECT id, test FROM integrations.integrated_transactions WHERE integration_id = $1',
      [integrationId],
    );
  const eventsOf = async (userId: string) =>
    (
      await query<{ payload: Buffer }>(
        `SELECT payload FROM integrations.outbox WHERE key = $1 AND type = 'TransactionRecorded' ORDER BY seq`,
        [userId],
      )
    ).map((row) => fromBinary(TransactionRecordedSchema, row.payload));

  it('sends a sample signed with the integration secret through ingestion, marked test and never counted', async () => {
    const user = userOf();
    const processor = await addProcessor(user);

    const reply = await send('POST', `/api/integrations/webhooks/${processor.id}/sample`, user);
    expect(reply.status).toBe(200);
    const sample = reply.body as SampleDeliveryResponse;
    expect(sample).toMatchObject({
      received: true,
      outcome: 'recorded',
      ingestUrl: processor.ingestUrl,
      body: { test: true, status: 'completed', currency: 'USD' },
    });
    // Signed as a provider must sign: the header verifies with the merchant's own secret over the body sent.
    expect(sample.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(processor.signingSecret, JSON.stringify(sample.body), sample.signature)).toBe(true);
    expect(verifyWebhookSignature('whsec_other', JSON.stringify(sample.body), sample.signature)).toBe(false);

    // Stored as a delivery is, marked test; its event says so (the read models leave it out).
    expect(await storedOf(processor.id)).toEqual([{ id: sample.transactionId, test: true }]);
    const [event] = await eventsOf(user.id);
    expect(event).toMatchObject({ transactionId: sample.transactionId, test: true, updated: false });

    // Shown in the merchant's list and detail as a test, with the body as sent.
    const listed = await send('GET', `/api/integrations/transactions?integrationId=${processor.id}`, user);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({ id: sample.transactionId, test: true, integrationName: 'Stripe', amount: '42.50' }),
    ] satisfies Partial<IntegrationTransactionView>[]);
    const detail = await send('GET', `/api/integrations/transactions/${sample.transactionId}`, user);
    expect(detail.body).toMatchObject({ test: true, raw: sample.body, history: [{ kind: 'recorded' }] });

    // Not a sale: today's figures and the last sync do not move.
    const summary = await send('GET', '/api/integrations/analytics', user);
    expect(summary.body).toMatchObject({ transactionsToday: 0, revenueToday: 0, lastSync: null });

    // A POS system's sample carries a location.
    const pos = await addPos(user);
    const posSample = await send('POST', `/api/integrations/webhooks/${pos.id}/sample`, user);
    expect(posSample.status).toBe(200);
    expect(posSample.body).toMatchObject({ outcome: 'recorded', body: { location: { name: 'Toast sample till' } } });
  });

  it("refuses another merchant's integration (404), an unknown one and a switched-off one (409), storing nothing", async () => {
    const owner = userOf();
    const other = userOf();
    const processor = await addProcessor(owner);

    for (const [id, who] of [
      [processor.id, other],
      [randomUUID(), owner],
      ['not-a-uuid', owner],
    ] as const) {
      const reply = await send('POST', `/api/integrations/webhooks/${id}/sample`, who);
      expect(reply.status).toBe(404);
    }
    expect((await send('POST', `/api/integrations/webhooks/${processor.id}/sample`, undefined)).status).toBe(401);

    const off = await send('PUT', `/api/integrations/payment-processors/${processor.id}`, owner, { isActive: false });
    expect(off.status).toBe(200);
    expect((await send('POST', `/api/integrations/webhooks/${processor.id}/sample`, owner)).status).toBe(409);

    expect(await storedOf(processor.id)).toEqual([]);
    expect(await eventsOf(owner.id)).toEqual([]);
  });

  it("shows a transaction's provider fields, its history and the webhooks sent for it, to its owner only", async () => {
    const user = userOf();
    const endpoint = await send('POST', '/api/developer/webhooks', user, {
      url: receiverUrl,
      eventTypes: ['transaction.recorded', 'transaction.updated'],
    });
    expect(endpoint.status).toBe(201);
    const processor = await addProcessor(user);
    const base = {
      externalTransactionId: `ch_${randomUUID()}`,
      amount: '129.90',
      currency: 'nzd',
      paymentMethod: 'card',
      country: 'nz',
      occurredAt: '2026-11-30T14:05:00Z',
      customer: { id: 'cus_42', email: 'ana@example.com', name: 'Ana' },
      product: { sku: 'TEE-1', name: 'T-shirt' },
      metadata: { till: 3 },
    };
    const outcomes: string[] = [];
    for (const status of ['pending', 'completed', 'refunded', 'refunded']) {
      const reply = await deliver(processor, { ...base, status });
      expect(reply.status).toBe(200);
      outcomes.push((reply.body as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual(['recorded', 'updated', 'updated', 'duplicate']);
    const [stored] = await storedOf(processor.id);
    const id = stored!.id;

    // The webhooks of each change reach the endpoint; the detail shows them sent.
    const detail = await waitFor(
      async () => {
        const reply = await send('GET', `/api/integrations/transactions/${id}`, user);
        const body = reply.body as IntegrationTransactionDetail;
        return body.webhooks?.length === 3 && body.webhooks.every((w) => w.status === 'succeeded') && body;
      },
      20000,
      'three webhooks sent',
    );
    expect(detail).toMatchObject({
      id,
      integrationId: processor.id,
      externalTransactionId: base.externalTransactionId,
      amount: '129.90',
      currency: 'NZD',
      status: 'refunded',
      test: false,
      customer: base.customer,
      product: base.product,
      // The provider's fields as received, those the schema does not name included.
      raw: { ...base, status: 'refunded' },
    });
    // One step per change, each named by the TransactionRecorded event it published.
    const eventIds = (
      await query<{ id: string }>(
        `SELECT id FROM integrations.outbox WHERE key = $1 AND type = 'TransactionRecorded' ORDER BY seq`,
        [user.id],
      )
    ).map((row) => row.id);
    expect(detail.history).toEqual([
      { kind: 'recorded', status: 'pending', at: expect.any(String), eventId: eventIds[0] },
      { kind: 'updated', status: 'completed', at: expect.any(String), eventId: eventIds[1] },
      { kind: 'updated', status: 'refunded', at: expect.any(String), eventId: eventIds[2] },
    ]);
    expect(detail.webhooks.map((w) => [w.eventType, w.endpointUrl, w.lastStatusCode])).toEqual([
      ['transaction.recorded', receiverUrl, 200],
      ['transaction.updated', receiverUrl, 200],
      ['transaction.updated', receiverUrl, 200],
    ]);
    // Each history step names the event its webhooks carried.
    expect(detail.webhooks.map((w) => w.eventId)).toEqual(detail.history.map((h) => h.eventId));
    expect(received.filter((body) => body.includes(id))).toHaveLength(3);

    // Another merchant's transaction, an unknown id and a malformed one are all a 404.
    const stranger = userOf();
    for (const [path, who] of [
      [`/api/integrations/transactions/${id}`, stranger],
      [`/api/integrations/transactions/${randomUUID()}`, user],
      ['/api/integrations/transactions/nope', user],
    ] as const) {
      expect((await send('GET', path, who)).status).toBe(404);
    }
    const strangerList = await send('GET', '/api/integrations/transactions', stranger);
    expect(strangerList.body).toEqual([]);
    expect((await send('GET', '/api/integrations/transactions?limit=0', user)).status).toBe(400);
  });
});
