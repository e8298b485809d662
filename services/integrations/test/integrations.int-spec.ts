import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { fromBinary } from '@bufbuild/protobuf';
import { integrationSignatureHeader, Queue, TransactionRecordedSchema } from '@app/contracts';
import { signWebhook, type AuthUser } from '@app/platform';
import type { Queue as BullQueue } from 'bullmq';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import {
  query,
  rawRequest,
  startApp,
  startWorker,
  uniqueEmail,
  waitFor,
  accessCookie,
  testConsumerConfig,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import type * as PosSyncFile from '../src/sync/pos-sync.service';
import type * as WorkerModuleFile from '../src/worker.module';

// The integrations service against the real Postgres, Redis and Kafka. Square's API is pointed at
// a closed local port: there is no internet here, and the sync must record that, not invent data.
process.env.SYNC_HTTP_TIMEOUT_MS = '2000';

/** A local port nothing listens on (taken from the OS, then released). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

const userOf = (emailVerified = true): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('integrations'),
  emailVerified,
  role: 'user',
});
const cookieOf = (user: AuthUser) => accessCookie(user);
const topic = `${process.env.KAFKA_TOPIC_PREFIX}integrations.events.v1`;

interface Created {
  id: string;
  ingestUrl: string;
  signingSecret: string;
  [field: string]: unknown;
}

describe('integrations: encrypted credentials, signed ingestion, analytics and POS sync', () => {
  let app: INestApplication;
  let api: string;
  let consumer: Consumer;
  let worker: INestApplicationContext | undefined;
  const consumed: Buffer[] = [];

  beforeAll(async () => {
    process.env.SQUARE_API_BASE = `http://127.0.0.1:${await closedPort()}`;
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    const kafka = new Kafka({ brokers: [process.env.KAFKA_BROKERS!], logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }] }).catch(() => undefined);
    await admin.disconnect();
    consumer = kafka.consumer(testConsumerConfig('integrations'));
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: false });
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    await consumer.run({
      eachMessage: async ({ message }) => {
        if (String(message.headers?.['event-type'] ?? '') === 'TransactionRecorded') consumed.push(message.value!);
      },
    });
    await joined;
  });

  afterAll(async () => {
    await consumer?.disconnect();
    await worker?.close();
    await app?.close();
  });

  const send = (method: string, path: string, user: AuthUser | undefined, body?: unknown) =>
    rawRequest(`${api}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(user ? { cookie: cookieOf(user) } : {}) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  const addProcessor = async (user: AuthUser, body: Record<string, unknown> = {}) => {
    const reply = await send('POST', '/api/integrations/payment-processors', user, {
      processorType: 'stripe',
      apiKey: `sk_test_${randomUUID().replace(/-/g, '')}`,
      ...body,
    });
    expect(reply.status).toBe(201);
    return reply.body as Created;
  };
  const addPos = async (user: AuthUser, body: Record<string, unknown> = {}) => {
    const reply = await send('POST', '/api/integrations/pos-systems', user, {
      posSystem: 'toast',
      apiKey: `toast_${randomUUID()}`,
      ...body,
    });
    expect(reply.status).toBe(201);
    return reply.body as Created;
  };
  const delivery = (overrides: Record<string, unknown> = {}) => ({
    externalTransactionId: `tx_${randomUUID()}`,
    amount: '42.10',
    currency: 'usd',
    status: 'completed',
    paymentMethod: 'card',
    country: 'nz',
    occurredAt: new Date().toISOString(),
    ...overrides,
  });
  const deliver = (target: Created, body: unknown, signature?: string) => {
    const raw = JSON.stringify(body);
    return rawRequest(`${api}${target.ingestUrl}`, 'POST', {
      headers: {
        'content-type': 'application/json',
        [integrationSignatureHeader]: signature ?? signWebhook(target.signingSecret, raw),
      },
      body: raw,
    });
  };
  /** Rows of one integration, and TransactionRecorded events of its user (one receiving integration per test user). */
  const countsOf = async (userId: string, integrationId: string) => {
    const [row] = await query<{ transactions: number; events: number }>(
      `SELECT (SELECT count(*) FROM integrations.integrated_transactions WHERE integration_id = $2)::int AS transactions,
              (SELECT count(*) FROM integrations.outbox WHERE key = $1 AND type = 'TransactionRecorded')::int AS events`,
      [userId, integrationId],
    );
    return row!;
  };
  const recordedOnKafka = (transactionId: string) =>
    consumed
      .map((value) => fromBinary(TransactionRecordedSchema, value))
      .filter((e) => e.transactionId === transactionId);

  it('stores API keys, secrets and signing secrets as ciphertext and shows only their last 4 characters', async () => {
    const user = userOf();
    const apiKey = `sk_live_${randomUUID().replace(/-/g, '')}`;
    const apiSecret = `secret_${randomUUID()}`;
    const created = await addProcessor(user, {
      processorType: 'paypal',
      processorName: 'PayPal EU',
      apiKey,
      apiSecret,
      webhookUrl: 'https://shop.example/hooks',
    });
    expect(created).toMatchObject({
      processorType: 'paypal',
      processorName: 'PayPal EU',
      apiKey: `••••${apiKey.slice(-4)}`,
      apiSecret: `••••${apiSecret.slice(-4)}`,
      webhookUrl: 'https://shop.example/hooks',
      isActive: true,
      lastSync: null,
      ingestUrl: `/api/integrations/webhooks/${created.id}`,
      signingSecretHint: `••••${created.signingSecret.slice(-4)}`,
    });
    expect(created.signingSecret).toMatch(/^whsec_[\w-]{43}$/);

    const [row] = await query<Record<string, string>>(
      'SELECT api_key, api_secret, signing_secret, row_to_json(p)::text AS whole FROM integrations.payment_processors p WHERE id = $1',
      [created.id],
    );
    for (const column of ['api_key', 'api_secret', 'signing_secret'])
      expect(row![column]).toMatch(/^v1:k0:[\w-]+:[\w-]+:[\w-]+$/);
    for (const secret of [apiKey, apiSecret, created.signingSecret, apiKey.slice(-12)]) {
      expect(row!.whole).not.toContain(secret);
    }

    const listed = await send('GET', '/api/integrations/payment-processors', user);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: created.id, apiKey: `••••${apiKey.slice(-4)}` })]);
    expect(JSON.stringify(listed.body)).not.toContain(created.signingSecret);
    expect(JSON.stringify(listed.body)).not.toContain(apiKey);

    const pos = await addPos(user, { posSystem: 'square', locationId: 'L123', posName: 'Queen St' });
    expect(pos).toMatchObject({
      posSystem: 'square',
      posName: 'Queen St',
      locationId: 'L123',
      syncFrequency: 'hourly',
    });
    const [posRow] = await query<{ api_key: string }>(
      'SELECT api_key FROM integrations.pos_integrations WHERE id = $1',
      [pos.id],
    );
    expect(posRow!.api_key).toMatch(/^v1:k0:/);
  });

  it('answers the spec messages for bad input and 401/403 without a verified session', async () => {
    const user = userOf();
    const cases: [string, unknown, string][] = [
      [
        '/api/integrations/payment-processors',
        { processorType: 'venmo', apiKey: 'k' },
        'Processor type must be one of stripe, paypal, square, clover, shopify',
      ],
      ['/api/integrations/payment-processors', { processorType: 'stripe', apiKey: '  ' }, 'API key is required'],
      [
        '/api/integrations/payment-processors',
        { processorType: 'stripe', apiKey: 'k', webhookUrl: 'ftp://x' },
        'Webhook URL must be an http(s) URL',
      ],
      [
        '/api/integrations/pos-systems',
        { posSystem: 'micros', apiKey: 'k' },
        'POS system must be one of square, clover, shopify, lightspeed, toast',
      ],
      [
        '/api/integrations/pos-systems',
        { posSystem: 'toast', apiKey: 'k', syncFrequency: 'weekly' },
        'Sync frequency must be one of realtime, hourly, daily',
      ],
    ];
    for (const [path, body, message] of cases) {
      const reply = await send('POST', path, user, body);
      expect([reply.status, (reply.body as { message: string }).message]).toEqual([400, message]);
    }
    const processor = await addProcessor(user);
    const toggle = await send('PUT', `/api/integrations/payment-processors/${processor.id}`, user, { isActive: 'no' });
    expect([toggle.status, (toggle.body as { message: string }).message]).toEqual([
      400,
      'isActive must be true or false',
    ]);

    expect((await send('GET', '/api/integrations/analytics', undefined)).status).toBe(401);
    const unverified = await send('GET', '/api/integrations/payment-processors', userOf(false));
    expect([unverified.status, (unverified.body as { error: string }).error]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
  });

  it("keeps each user's integrations to themselves: another user's id is a 404", async () => {
    const owner = userOf();
    const other = userOf();
    const processor = await addProcessor(owner);
    await addPos(owner);

    const toggled = await send('PUT', `/api/integrations/payment-processors/${processor.id}`, other, {
      isActive: false,
    });
    expect([toggled.status, (toggled.body as { error: string }).error]).toEqual([404, 'NOT_FOUND']);
    expect(
      (await send('PUT', '/api/integrations/payment-processors/not-a-uuid', owner, { isActive: false })).status,
    ).toBe(404);
    expect((await send('GET', '/api/integrations/payment-processors', other)).body).toEqual([]);
    expect((await send('GET', '/api/integrations/pos-systems', other)).body).toEqual([]);
    expect((await send('GET', '/api/integrations/analytics', other)).body).toMatchObject({ activeIntegrations: 0 });
    const [row] = await query<{ is_active: boolean }>(
      'SELECT is_active FROM integrations.payment_processors WHERE id = $1',
      [processor.id],
    );
    expect(row!.is_active).toBe(true);

    const own = await send('PUT', `/api/integrations/payment-processors/${processor.id}`, owner, { isActive: false });
    expect([own.status, (own.body as { isActive: boolean }).isActive]).toEqual([200, false]);
  });

  it('records a verified delivery once: a replay is a duplicate with one row and one TransactionRecorded', async () => {
    const user = userOf();
    const processor = await addProcessor(user, { processorType: 'square' });
    const body = delivery({ amount: 129.9 });
    const first = await deliver(processor, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ received: true, outcome: 'recorded' });
    const { transactionId } = first.body as { transactionId: string };
    const replay = await deliver(processor, body);
    expect(replay.body).toEqual({ received: true, outcome: 'duplicate', transactionId });
    expect(await countsOf(user.id, processor.id)).toEqual({ transactions: 1, events: 1 });

    const [row] = await query<Record<string, unknown>>(
      `SELECT amount, currency, status, payment_method, country, source_kind, provider, processor_id, pos_id
         FROM integrations.integrated_transactions WHERE id = $1`,
      [transactionId],
    );
    expect(row).toEqual({
      amount: '129.90',
      currency: 'USD',
      status: 'completed',
      payment_method: 'card',
      country: 'NZ',
      source_kind: 'processor',
      provider: 'square',
      processor_id: processor.id,
      pos_id: null,
    });
    const listed = (await send('GET', '/api/integrations/payment-processors', user)).body as { lastSync: string }[];
    expect(listed[0]!.lastSync).toMatch(/^\d{4}-/);

    const event = await waitFor(async () => recordedOnKafka(transactionId)[0], 30000, 'TransactionRecorded on Kafka');
    expect(event).toMatchObject({
      userId: user.id,
      externalTransactionId: body.externalTransactionId,
      type: 'fiat',
      amount: '129.90',
      currency: 'USD',
      status: 'completed',
      paymentMethod: 'card',
      country: 'NZ',
      processor: 'square',
      sourceKind: 'processor',
      integrationId: processor.id,
    });
    expect(new Date(Number(event.occurredAt!.seconds) * 1000).toISOString().slice(0, 16)).toBe(
      body.occurredAt.slice(0, 16),
    );

    // A completed sale does not fail afterwards (the transition table analytics applies too).
    expect((await deliver(processor, { ...body, status: 'failed' })).body).toMatchObject({ outcome: 'duplicate' });
    // A refund of the same transaction is an update and publishes again; going back to pending is not.
    const refunded = await deliver(processor, { ...body, status: 'refunded' });
    expect(refunded.body).toEqual({ received: true, outcome: 'updated', transactionId });
    expect((await deliver(processor, { ...body, status: 'pending' })).body).toMatchObject({ outcome: 'duplicate' });
    expect(await countsOf(user.id, processor.id)).toEqual({ transactions: 1, events: 2 });
    await waitFor(async () => recordedOnKafka(transactionId).length === 2, 30000, 'the refund on Kafka');
    await new Promise((r) => setTimeout(r, 1000));
    expect(recordedOnKafka(transactionId).map((e) => e.status)).toEqual(['completed', 'refunded']);
  });

  it('changes nothing for a bad, missing or stale signature, an unknown id or an inactive processor', async () => {
    const user = userOf();
    const processor = await addProcessor(user);
    const other = await addProcessor(user);
    const body = delivery();
    const raw = JSON.stringify(body);
    const stale = signWebhook(processor.signingSecret, raw, Math.floor(Date.now() / 1000) - 600);
    const attempts = [
      await deliver(processor, body, 't=1,v1=00'),
      await deliver(processor, body, ''),
      await deliver(processor, body, stale),
      await deliver(processor, body, signWebhook(other.signingSecret, raw)),
      await deliver(processor, { ...body, amount: '1000.00' }, signWebhook(processor.signingSecret, raw)),
    ];
    for (const reply of attempts) {
      expect([reply.status, (reply.body as { error: string }).error]).toEqual([400, 'INVALID_SIGNATURE']);
    }
    expect(await countsOf(user.id, processor.id)).toEqual({ transactions: 0, events: 0 });

    const unknown = await deliver({ ...processor, ingestUrl: `/api/integrations/webhooks/${randomUUID()}` }, body);
    expect(unknown.status).toBe(404);
    expect((await deliver({ ...processor, ingestUrl: '/api/integrations/webhooks/nope' }, body)).status).toBe(404);

    // Correctly signed bytes that are not JSON: the sender's mistake, a 400, never a 500.
    const notJson = await rawRequest(`${api}${processor.ingestUrl}`, 'POST', {
      headers: {
        'content-type': 'text/plain',
        [integrationSignatureHeader]: signWebhook(processor.signingSecret, 'amount=12'),
      },
      body: 'amount=12',
    });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);

    const invalid = await deliver(processor, { ...body, amount: '12.345' });
    expect([invalid.status, (invalid.body as { message: string }).message]).toEqual([
      400,
      'Amount must be a positive decimal with at most 2 places',
    ]);

    // What becomes the customer reference downstream is bounded here, at the edge.
    for (const [customer, message] of [
      [{ id: 'c'.repeat(201) }, 'customer.id must be at most 200 characters'],
      [{ email: `${'a'.repeat(250)}@b.co` }, 'customer.email must be at most 254 characters'],
    ] as const) {
      const long = await deliver(processor, { ...body, customer });
      expect([long.status, (long.body as { message: string }).message]).toEqual([400, message]);
    }

    await send('PUT', `/api/integrations/payment-processors/${processor.id}`, user, { isActive: false });
    const inactive = await deliver(processor, body);
    expect([inactive.status, (inactive.body as { message: string }).message]).toEqual([409, 'Integration is inactive']);
    expect(await countsOf(user.id, processor.id)).toEqual({ transactions: 0, events: 0 });
  });

  it('ingests a concurrent burst with replays exactly once per external id', async () => {
    const user = userOf();
    const pos = await addPos(user, { posSystem: 'clover' });
    const distinct = Array.from({ length: 150 }, (_, i) => delivery({ externalTransactionId: `burst-${i}` }));
    const burst = [...distinct, ...distinct.slice(0, 50)].sort(() => Math.random() - 0.5);
    const outcomes: string[] = [];
    for (let i = 0; i < burst.length; i += 20) {
      const replies = await Promise.all(burst.slice(i, i + 20).map((body) => deliver(pos, body)));
      outcomes.push(...replies.map((reply) => (reply.body as { outcome: string }).outcome));
    }
    expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(150);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(50);
    expect(await countsOf(user.id, pos.id)).toEqual({ transactions: 150, events: 150 });
  });

  it('applies deliveries that arrive together each as if alone: their own outcome, and one that cannot be stored fails only itself', async () => {
    const [first, second] = [userOf(), userOf()];
    const [processor, pos] = [await addProcessor(first), await addPos(second, { posSystem: 'square' })];
    const raced = delivery({ status: 'pending' });
    const poisoned = delivery({ externalTransactionId: `poison-${randomUUID()}` });
    // A row the database refuses (as a full disk or a broken constraint would), in the middle of the burst.
    await query(
      `ALTER TABLE integrations.integrated_transactions
         ADD CONSTRAINT test_refuses_poison CHECK (external_transaction_id <> '${poisoned.externalTransactionId}') NOT VALID`,
    );
    try {
      const plain = Array.from({ length: 24 }, (_, i) => [i % 2 ? processor : pos, delivery()] as const);
      const burst = [
        ...plain.slice(0, 12),
        [processor, raced] as const,
        [processor, raced] as const,
        [processor, { ...raced, status: 'completed' }] as const,
        [pos, poisoned] as const,
        ...plain.slice(12),
      ];
      const replies = await Promise.all(burst.map(([target, body]) => deliver(target, body)));

      const plainReplies = [...replies.slice(0, 12), ...replies.slice(16)];
      expect(plainReplies.map((reply) => [reply.status, (reply.body as { outcome: string }).outcome])).toEqual(
        plain.map(() => [200, 'recorded']),
      );
      expect(replies[15]!.status).toBe(500);
      // The same transaction three times at once: recorded once, completed once, all under one id.
      const racedReplies = replies
        .slice(12, 15)
        .map((reply) => reply.body as { outcome: string; transactionId: string });
      expect(racedReplies.filter((r) => r.outcome === 'recorded')).toHaveLength(1);
      expect(new Set(racedReplies.map((r) => r.transactionId)).size).toBe(1);
      const [stored] = await query<{ status: string }>(
        `SELECT status FROM integrations.integrated_transactions WHERE id = $1`,
        [racedReplies[0]!.transactionId],
      );
      const completedNow = racedReplies.filter((r) => r.outcome === 'updated').length;
      // Pending then completed, in whichever order they arrived: completed unless completed came first.
      expect(stored!.status).toBe(completedNow === 1 ? 'completed' : 'pending');

      // Each merchant's rows and events are its own; the refused delivery left nothing behind.
      expect(await countsOf(first.id, processor.id)).toEqual({ transactions: 13, events: 13 + completedNow });
      expect(await countsOf(second.id, pos.id)).toEqual({ transactions: 12, events: 12 });
    } finally {
      await query(`ALTER TABLE integrations.integrated_transactions DROP CONSTRAINT test_refuses_poison`);
    }
    // Once the database takes it, the provider's retry is recorded.
    expect((await deliver(pos, poisoned)).body).toMatchObject({ outcome: 'recorded' });
  });

  it('refuses a delivery with a NUL character (Postgres cannot store one) with a 400, storing nothing', async () => {
    const user = userOf();
    const processor = await addProcessor(user);
    for (const body of [
      delivery({ customer: { name: 'Ana\u0000' } }),
      delivery({ externalTransactionId: 'tx\u0000nul' }),
      delivery({ product: { ['sku\u0000']: 1 } }),
    ]) {
      const reply = await deliver(processor, body);
      expect([reply.status, (reply.body as { message: string }).message]).toEqual([
        400,
        'Text must not contain NUL characters',
      ]);
    }
    // An escaped backslash before "u0000" is text, not a NUL character.
    expect((await deliver(processor, delivery({ customer: { note: 'C:\\u0000' } }))).body).toMatchObject({
      outcome: 'recorded',
    });
    expect(await countsOf(user.id, processor.id)).toEqual({ transactions: 1, events: 1 });
  });

  it('computes the analytics summary from what was delivered', async () => {
    const user = userOf();
    const processor = await addProcessor(user);
    const pos = await addPos(user, { posSystem: 'lightspeed' });
    await addProcessor(user).then((p) =>
      send('PUT', `/api/integrations/payment-processors/${p.id}`, user, { isActive: false }),
    );
    const empty = (await send('GET', '/api/integrations/analytics', user)).body;
    expect(empty).toEqual({
      activeIntegrations: 2,
      transactionsToday: 0,
      revenueToday: 0,
      currency: 'USD',
      lastSync: null,
    });

    const yesterday = new Date(Date.now() - 86_400_000 - 60_000).toISOString();
    const refundedSale = delivery({ amount: '20.00' });
    for (const [target, body] of [
      [processor, delivery({ amount: '100.25' })],
      [processor, delivery({ amount: '50.00', status: 'pending' })],
      [processor, refundedSale],
      [processor, { ...refundedSale, status: 'refunded' }],
      [pos, delivery({ amount: '9.75', paymentMethod: 'cash' })],
      [pos, delivery({ amount: '7.00', status: 'failed' })],
      [pos, delivery({ amount: '80.00', currency: 'EUR' })],
      [pos, delivery({ amount: '999.00', occurredAt: yesterday })],
    ] as const) {
      expect((await deliver(target, body)).status).toBe(200);
    }
    const summary = (await send('GET', '/api/integrations/analytics', user)).body as Record<string, unknown>;
    // Today: 100.25 + 9.75 completed in USD (the refunded 20.00 sale counts for nothing), 80 EUR.
    expect(summary).toMatchObject({ activeIntegrations: 2, transactionsToday: 6, revenueToday: 110, currency: 'USD' });
    const [latest] = await query<{ max: Date }>(
      `SELECT max(last_sync) FROM (SELECT last_sync FROM integrations.payment_processors WHERE user_id = $1
        UNION ALL SELECT last_sync FROM integrations.pos_integrations WHERE user_id = $1) s`,
      [user.id],
    );
    expect(summary.lastSync).toBe(latest!.max.toISOString());
  });

  it('the worker syncs POS entries on their schedule and records an unreachable provider instead of inventing data', async () => {
    const user = userOf();
    const square = await addPos(user, { posSystem: 'square', locationId: 'LOC1', syncFrequency: 'realtime' });
    const toast = await addPos(user, { posSystem: 'toast', syncFrequency: 'daily' });
    const { WorkerModule } = jest.requireActual<typeof WorkerModuleFile>('../src/worker.module');
    worker = await startWorker(WorkerModule);

    const errorOf = (id: string) =>
      query<{ last_sync_error: string | null; last_sync_attempt_at: Date | null; last_sync: Date | null }>(
        'SELECT last_sync_error, last_sync_attempt_at, last_sync FROM integrations.pos_integrations WHERE id = $1',
        [id],
      ).then((rows) => rows[0]!);
    const squareRow = await waitFor(
      async () => {
        const row = await errorOf(square.id);
        return row.last_sync_error ? row : undefined;
      },
      30000,
      'the Square sync attempt',
    );
    expect(squareRow.last_sync_error).toBe('Square API unreachable: ECONNREFUSED');
    expect(squareRow.last_sync_attempt_at).toBeInstanceOf(Date);
    expect(squareRow.last_sync).toBeNull();
    const toastRow = await waitFor(
      async () => {
        const row = await errorOf(toast.id);
        return row.last_sync_error ? row : undefined;
      },
      30000,
      'the Toast sync attempt',
    );
    expect(toastRow.last_sync_error).toBe(
      'Automatic sync is not available for Toast yet; send transactions to the webhook URL',
    );
    expect(await countsOf(user.id, square.id)).toEqual({ transactions: 0, events: 0 });
    const listed = (await send('GET', '/api/integrations/pos-systems', user)).body as { lastSyncError: string }[];
    expect(listed.map((p) => p.lastSyncError)).toEqual([squareRow.last_sync_error, toastRow.last_sync_error]);

    // One job scheduler per entry at its frequency, and the worker's own reconcile job.
    const queue = worker.get<BullQueue>(getQueueToken(Queue.IntegrationsSync));
    const everyOf = async (id: string) => (await queue.getJobScheduler(id))?.every;
    expect(await everyOf(`pos-sync:${square.id}`)).toBe(60_000);
    expect(await everyOf(`pos-sync:${toast.id}`)).toBe(86_400_000);
    expect(await everyOf('reconcile-sync-schedules')).toBe(600_000);

    const { PosSyncService } = jest.requireActual<typeof PosSyncFile>('../src/sync/pos-sync.service');
    expect(await worker.get(PosSyncService).sync(square.id)).toEqual({
      outcome: 'failed',
      error: 'Square API unreachable: ECONNREFUSED',
    });
  });
});
