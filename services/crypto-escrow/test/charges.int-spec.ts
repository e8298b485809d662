import { createHmac, randomUUID } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { ChargeCompletedSchema, ChargeFailedSchema, coinbaseSignatureHeader, Queue } from '@app/contracts';
import { type AuthUser } from '@app/platform';
import { redisOptions } from '@app/platform/redis';
import { Queue as BullQueue } from 'bullmq';
import { query, rawRequest, uniqueEmail, waitFor, accessCookie } from '../../../test-support';
import { expectErrorReply } from '../../../test-support/error-reply';
import { CryptoServiceProcesses } from './crypto-service';
import { FakeCoinbaseProcess, type FakeCharge } from './fake-coinbase';
import { CryptoEvents } from './kafka-events';

// The crypto service (built, as the launcher runs it) against the real Postgres, Redis and Kafka,
// with the fake Coinbase Commerce API (tools/fake-coinbase) on loopback. Polling every 100 ms here
// instead of 10 s, so polls and webhooks really race.
const webhookSecret = `whsec-${randomUUID()}`;
const apiKey = `cc-key-${randomUUID()}`;
const userOf = (): AuthUser => ({ id: randomUUID(), email: uniqueEmail('crypto'), emailVerified: true, role: 'user' });
const cookieOf = (user: AuthUser) => accessCookie(user);

interface ChargeBody {
  id: string;
  providerChargeId: string;
  code: string;
  hostedUrl: string;
  addresses: Record<string, string>;
  status: string;
  state: string;
  amount: string;
  [field: string]: unknown;
}

describe('crypto charges: Coinbase Commerce behind the provider port, polled and webhooked exactly once', () => {
  let coinbase: FakeCoinbaseProcess;
  let service: CryptoServiceProcesses;
  // Kept apart so a broken broker fails only the tests that read Kafka.
  let kafka: Promise<CryptoEvents>;
  let events: CryptoEvents;
  // The poll queue as the worker sees it, to tell when a charge's poll schedule is gone.
  let pollQueue: BullQueue | undefined;

  beforeAll(async () => {
    coinbase = await FakeCoinbaseProcess.start({ webhookSecret, apiKey });
    kafka = CryptoEvents.start();
    kafka.then((started) => (events = started)).catch(() => undefined);
    service = await CryptoServiceProcesses.start({
      COINBASE_COMMERCE_API_URL: coinbase.url,
      COINBASE_COMMERCE_API_KEY: apiKey,
      COINBASE_COMMERCE_WEBHOOK_SECRET: webhookSecret,
      XRPL_SERVER_URL: 'ws://127.0.0.1:9',
      CHARGE_POLL_INTERVAL_MS: '100',
    });
  });

  afterAll(async () => {
    await service?.stop();
    await kafka?.then((started) => started.stop()).catch(() => undefined);
    await coinbase?.stop();
    await pollQueue?.close();
  });

  const send = (method: string, path: string, user: AuthUser | undefined, body?: unknown) =>
    rawRequest(`${service.url}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(user ? { cookie: cookieOf(user) } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const createCharge = async (user: AuthUser, body: Record<string, unknown> = {}) => {
    const reply = await send('POST', '/api/crypto/coinbase/charge', user, {
      amount: 500,
      currency: 'USD',
      description: 'Invoice 1042',
      metadata: { orderId: 'ord-1042', preferredCurrency: 'BTC' },
      ...body,
    });
    expect(reply.status).toBe(201);
    return reply.body as ChargeBody;
  };
  const webhookOf = (charge: FakeCharge, type = 'charge:confirmed') => {
    const raw = JSON.stringify({
      id: randomUUID(),
      event: { id: randomUUID(), type, api_version: '2018-03-22', data: charge },
    });
    return { raw, signature: createHmac('sha256', webhookSecret).update(raw).digest('hex') };
  };
  const postWebhook = (raw: string, signature: string | undefined) =>
    rawRequest(`${service.url}/api/crypto/coinbase/webhook`, 'POST', {
      headers: {
        'content-type': 'application/json',
        // As the gateway adds it: the event then names the request that settled the charge.
        'x-request-id': `webhook-${randomUUID()}`,
        ...(signature ? { [coinbaseSignatureHeader]: signature } : {}),
      },
      body: raw,
    });
  const outboxCount = async (chargeId: string, type: string) =>
    (
      await query<{ n: number }>(`SELECT count(*)::int AS n FROM crypto.outbox WHERE key = $1 AND type = $2`, [
        chargeId,
        type,
      ])
    )[0]!.n;
  const onKafka = () => kafka;
  const completedOnKafka = (chargeId: string) =>
    events
      .of('ChargeCompleted')
      .map((v) => fromBinary(ChargeCompletedSchema, v))
      .filter((e) => e.chargeId === chargeId);
  const failedOnKafka = (chargeId: string) =>
    events
      .of('ChargeFailed')
      .map((v) => fromBinary(ChargeFailedSchema, v))
      .filter((e) => e.chargeId === chargeId);

  it('creates a charge at the provider for the session user (a userId in the body is ignored) and answers the spec-7 fields', async () => {
    const user = userOf();
    const charge = await createCharge(user, {
      metadata: { userId: randomUUID(), preferredCurrency: 'ETH', orderId: 'A-1' },
    });
    expect(charge).toMatchObject({
      status: 'NEW',
      state: 'processing',
      amount: '500.00',
      currency: 'USD',
      preferredCurrency: 'ETH',
    });
    expect(charge.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(charge.hostedUrl).toContain(`/pay/${charge.code}`);
    expect(Object.keys(charge.addresses).sort()).toEqual(['BTC', 'ETH', 'MATIC', 'USDC']);
    const sent = (await coinbase.requests()).find(
      (r) => r.method === 'POST' && (r.body.metadata as { chargeId?: string })?.chargeId === charge.id,
    );
    expect(sent?.body).toMatchObject({
      pricing_type: 'fixed_price',
      local_price: { amount: '500.00', currency: 'USD' },
      metadata: { userId: user.id, preferredCurrency: 'ETH', orderId: 'A-1' },
    });
    const read = await send('GET', `/api/crypto/coinbase/charge/${charge.id}`, user);
    expect(read.body).toMatchObject({ id: charge.id, code: charge.code, status: 'NEW' });
  });

  it("answers 404 for another user's charge and for ids that are not charges, 401 without a session", async () => {
    const charge = await createCharge(userOf());
    expectErrorReply(await send('GET', `/api/crypto/coinbase/charge/${charge.id}`, userOf()), {
      status: 404,
      error: 'NOT_FOUND',
    });
    expectErrorReply(await send('GET', '/api/crypto/coinbase/charge/not-a-uuid', userOf()), { status: 404 });
    expect((await send('GET', `/api/crypto/coinbase/charge/${charge.id}`, undefined)).status).toBe(401);
  });

  it('refuses bad amounts with a 400 and says Payment Failed when the provider is down', async () => {
    const user = userOf();
    expectErrorReply(await send('POST', '/api/crypto/coinbase/charge', user, { amount: -5 }), {
      status: 400,
      details: [{ path: 'amount', message: 'Amount must be a positive amount with at most 2 decimals' }],
    });
    expectErrorReply(await send('POST', '/api/crypto/coinbase/charge', user, { amount: 5, currency: 'EUR' }), {
      status: 400,
      details: [{ path: 'currency', message: 'Currency must be USD' }],
    });
    // Unknown fields are refused as on every other route (metadata alone is free-form); nothing is created.
    // (The worker keeps polling earlier charges: count creations only.)
    const creations = async () => (await coinbase.requests()).filter((r) => r.method === 'POST').length;
    const creationsBefore = await creations();
    expectErrorReply(
      await send('POST', '/api/crypto/coinbase/charge', user, {
        amount: 5,
        userId: randomUUID(),
        pricing_type: 'no_price',
      }),
      {
        status: 400,
        error: 'VALIDATION_FAILED',
        details: [{ path: 'userId,pricing_type', message: 'Unknown field(s): userId, pricing_type' }],
      },
    );
    expect(await query('SELECT id FROM crypto.charges WHERE user_id = $1', [user.id])).toEqual([]);
    expect(await creations()).toBe(creationsBefore);
    await coinbase.outage(true);
    try {
      const reply = await send('POST', '/api/crypto/coinbase/charge', user, { amount: 5 });
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 503,
        body: { error: 'SERVICE_UNAVAILABLE', message: 'Failed to create crypto payment. Please try again.' },
      });
    } finally {
      await coinbase.outage(false);
    }
  });

  it('the poll sees COMPLETED and publishes one ChargeCompleted with every field, even when the webhook arrives too', async () => {
    await onKafka();
    const user = userOf();
    const charge = await createCharge(user);
    await coinbase.resolve(charge.providerChargeId, { status: 'COMPLETED', cryptoCurrency: 'BTC', deliver: false });
    const done = await waitFor(
      async () => {
        const reply = await send('GET', `/api/crypto/coinbase/charge/${charge.id}`, user);
        return (reply.body as ChargeBody).status === 'COMPLETED' && (reply.body as ChargeBody);
      },
      15_000,
      'the poll to see COMPLETED',
    );
    expect(done).toMatchObject({ state: 'completed' });
    expect(done.completedAt).toEqual(expect.any(String));
    // The provider's webhook for the same completion arrives late, twice.
    const { data } = await coinbase.resolve(charge.providerChargeId, { status: 'COMPLETED', deliver: false });
    const { raw, signature } = webhookOf(data);
    expect((await postWebhook(raw, signature)).status).toBe(200);
    expect((await postWebhook(raw, signature)).status).toBe(200);
    await waitFor(async () => completedOnKafka(charge.id).length > 0, 20_000, 'ChargeCompleted on Kafka');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await outboxCount(charge.id, 'ChargeCompleted')).toBe(1);
    const published = completedOnKafka(charge.id);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      userId: user.id,
      chargeId: charge.id,
      providerChargeId: charge.providerChargeId,
      code: charge.code,
      provider: 'coinbase',
      amount: '500.00',
      currency: 'USD',
      cryptoCurrency: 'BTC',
      description: 'Invoice 1042',
    });
    expect(published[0]!.occurredAt).toBeDefined();
  });

  it('refuses webhooks whose signature is missing or wrong, and changes nothing', async () => {
    const user = userOf();
    const charge = await createCharge(user);
    const { data } = await coinbase.resolve(charge.providerChargeId, { status: 'PENDING', deliver: false });
    const { raw } = webhookOf({ ...data, timeline: [...data.timeline, { status: 'COMPLETED' }] });
    expectErrorReply(await postWebhook(raw, undefined), { status: 400, error: 'INVALID_SIGNATURE' });
    expectErrorReply(await postWebhook(raw, 'ab'.repeat(32)), { status: 400, error: 'INVALID_SIGNATURE' });
    expect(await outboxCount(charge.id, 'ChargeCompleted')).toBe(0);
  });

  it('decides from the charge read back from Coinbase: a signed charge:confirmed for a charge still NEW or PENDING completes nothing', async () => {
    const user = userOf();
    const charge = await createCharge(user);
    // The charge as Commerce created it (NEW), as a body would carry it.
    const opened: FakeCharge = {
      id: charge.providerChargeId,
      code: charge.code,
      timeline: [{ status: 'NEW' }],
      metadata: { chargeId: charge.id, userId: user.id },
      pricing: { local: { amount: '500.00', currency: 'USD' } },
    };
    const claimCompleted = (data: FakeCharge) =>
      webhookOf({ ...data, timeline: [...data.timeline, { status: 'COMPLETED' }] }, 'charge:confirmed');
    const unpaid = async () => {
      const read = await send('GET', `/api/crypto/coinbase/charge/${charge.id}`, user);
      expect((read.body as ChargeBody).state).not.toBe('completed');
      expect((read.body as ChargeBody).status).not.toBe('COMPLETED');
      expect(await outboxCount(charge.id, 'ChargeCompleted')).toBe(0);
    };

    // Coinbase still reports NEW: the webhook secret's holder cannot make it paid.
    const whileNew = claimCompleted(opened);
    expect((await postWebhook(whileNew.raw, whileNew.signature)).status).toBe(200);
    await unpaid();
    // The payer's transaction is seen but not confirmed (PENDING): still not paid.
    const { data: pending } = await coinbase.resolve(charge.providerChargeId, { status: 'PENDING', deliver: false });
    const whilePending = claimCompleted(pending);
    expect((await postWebhook(whilePending.raw, whilePending.signature)).status).toBe(200);
    // Let the 100 ms poll run a few times: it reads PENDING from Coinbase too.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await unpaid();
    expect(((await send('GET', `/api/crypto/coinbase/charge/${charge.id}`, user)).body as ChargeBody).status).toBe(
      'PENDING',
    );

    // Coinbase confirms the payment: its own event completes the charge, once.
    const confirmed = await coinbase.resolve(charge.providerChargeId, {
      status: 'COMPLETED',
      webhookUrl: `${service.url}/api/crypto/coinbase/webhook`,
    });
    expect(confirmed.webhookStatus).toBe(200);
    await waitFor(async () => (await outboxCount(charge.id, 'ChargeCompleted')) === 1, 10_000, 'ChargeCompleted');
    expect((await send('GET', `/api/crypto/coinbase/charge/${charge.id}`, user)).body).toMatchObject({
      status: 'COMPLETED',
      state: 'completed',
    });
  });

  it('race: the 100 ms poll and three copies of the webhook reporting the same completion publish exactly one ChargeCompleted, 40 charges over', async () => {
    await onKafka();
    const user = userOf();
    const rounds = 40;
    const charges = await Promise.all(Array.from({ length: rounds }, () => createCharge(user)));
    const expires = (index: number) => index % 8 === 7;
    await Promise.all(
      charges.map(async (charge, index) => {
        // Coinbase flips the charge; the webhook follows 0-250 ms later, three copies at once,
        // while the worker polls every 100 ms: sometimes the poll wins, sometimes a webhook.
        const { data } = await coinbase.resolve(charge.providerChargeId, {
          status: expires(index) ? 'EXPIRED' : 'COMPLETED',
          cryptoCurrency: 'ETH',
          deliver: false,
        });
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 250)));
        const { raw, signature } = webhookOf(data, expires(index) ? 'charge:failed' : 'charge:confirmed');
        const replies = await Promise.all([
          postWebhook(raw, signature),
          postWebhook(raw, signature),
          postWebhook(raw, signature),
        ]);
        expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
      }),
    );
    const completed = charges.filter((_, index) => !expires(index));
    const expired = charges.filter((_, index) => expires(index));
    await waitFor(
      async () =>
        completed.every((c) => completedOnKafka(c.id).length > 0) &&
        expired.every((c) => failedOnKafka(c.id).length > 0),
      30_000,
      'every charge settled on Kafka',
    );
    await new Promise((r) => setTimeout(r, 2000));
    for (const charge of completed) {
      expect({ charge: charge.id, outbox: await outboxCount(charge.id, 'ChargeCompleted') }).toEqual({
        charge: charge.id,
        outbox: 1,
      });
      expect(completedOnKafka(charge.id)).toHaveLength(1);
      expect(failedOnKafka(charge.id)).toHaveLength(0);
    }
    for (const charge of expired) {
      expect(await outboxCount(charge.id, 'ChargeFailed')).toBe(1);
      expect(failedOnKafka(charge.id).map((e) => e.status)).toEqual(['EXPIRED']);
      expect(completedOnKafka(charge.id)).toHaveLength(0);
    }
    // Both paths won races: a webhook's event carries its request id, a poll's does not.
    const winners = await query<{ via: string; n: number }>(
      `SELECT CASE WHEN headers ? 'request-id' THEN 'webhook' ELSE 'poll' END AS via, count(*)::int AS n
         FROM crypto.outbox WHERE key = ANY($1) GROUP BY 1`,
      [charges.map((c) => c.id)],
    );
    expect(Object.fromEntries(winners.map((w) => [w.via, w.n]))).toEqual({
      webhook: expect.any(Number),
      poll: expect.any(Number),
    });
    expect(winners.reduce((sum, w) => sum + w.n, 0)).toBe(rounds);
  });

  it('a canceled charge publishes one ChargeFailed and never a ChargeCompleted afterwards', async () => {
    await onKafka();
    const user = userOf();
    const charge = await createCharge(user);
    const { data } = await coinbase.resolve(charge.providerChargeId, { status: 'CANCELED', deliver: false });
    const { raw, signature } = webhookOf(data, 'charge:failed');
    expect((await postWebhook(raw, signature)).status).toBe(200);
    const late = webhookOf({ ...data, timeline: [...data.timeline, { status: 'COMPLETED' }] });
    expect((await postWebhook(late.raw, late.signature)).status).toBe(200);
    const read = await send('GET', `/api/crypto/coinbase/charge/${charge.id}`, user);
    expect(read.body).toMatchObject({ status: 'CANCELED', state: 'failed' });
    await waitFor(async () => failedOnKafka(charge.id).length > 0, 20_000, 'ChargeFailed on Kafka');
    expect(await outboxCount(charge.id, 'ChargeCompleted')).toBe(0);
    expect(failedOnKafka(charge.id)[0]).toMatchObject({
      userId: user.id,
      status: 'CANCELED',
      amount: '500.00',
      provider: 'coinbase',
    });
  });

  describe('paid after it expired', () => {
    const hook = () => `${service.url}/api/crypto/coinbase/webhook`;
    const read = async (user: AuthUser, id: string) =>
      (await send('GET', `/api/crypto/coinbase/charge/${id}`, user)).body as ChargeBody;
    const unpublished = async (chargeId: string) =>
      (
        await query<{ n: number }>(
          `SELECT count(*)::int AS n FROM crypto.outbox WHERE key = $1 AND published_at IS NULL`,
          [chargeId],
        )
      )[0]!.n;
    const typesOnKafka = (chargeId: string) =>
      events.received.filter((event) => event.key === chargeId).map((event) => event.type);

    it('charge:failed, charge:delayed, charge:resolved: recorded as paid, one ChargeFailed then one ChargeCompleted, whatever Commerce redelivers while the poll runs', async () => {
      await onKafka();
      const user = userOf();
      const charge = await createCharge(user);
      const expired = await coinbase.resolve(charge.providerChargeId, { status: 'EXPIRED', webhookUrl: hook() });
      expect(expired).toMatchObject({ event: { type: 'charge:failed' }, webhookStatus: 200 });
      expect(await read(user, charge.id)).toMatchObject({ status: 'EXPIRED', state: 'failed', completedAt: null });
      await waitFor(async () => failedOnKafka(charge.id).length > 0, 20_000, 'ChargeFailed on Kafka');

      // The payer pays after the expiry: Commerce reports it UNRESOLVED (DELAYED), then resolves it.
      const delayed = await coinbase.resolve(charge.providerChargeId, {
        status: 'UNRESOLVED',
        context: 'DELAYED',
        cryptoCurrency: 'ETH',
        webhookUrl: hook(),
      });
      expect(delayed).toMatchObject({ event: { type: 'charge:delayed' }, webhookStatus: 200 });
      expect(await read(user, charge.id)).toMatchObject({
        status: 'UNRESOLVED',
        state: 'processing',
        completedAt: null,
      });
      const resolved = await coinbase.resolve(charge.providerChargeId, { status: 'RESOLVED', webhookUrl: hook() });
      expect(resolved).toMatchObject({ event: { type: 'charge:resolved' }, webhookStatus: 200 });
      const paid = await read(user, charge.id);
      expect(paid).toMatchObject({ status: 'RESOLVED', state: 'completed' });
      expect(paid.completedAt).toEqual(expect.any(String));

      // Commerce retries every event, newest first, three times over and all at once, while the
      // 100 ms poll keeps reading the charge: nothing moves back, nothing is published again.
      const recorded = await coinbase.events(charge.providerChargeId);
      expect(recorded.map((event) => event.type)).toEqual(['charge:failed', 'charge:delayed', 'charge:resolved']);
      const statuses = await Promise.all(
        [...recorded].reverse().flatMap((event) => [1, 2, 3].map(() => coinbase.deliver(event.id, hook()))),
      );
      expect(statuses).toEqual(Array(9).fill(200));
      expect(await read(user, charge.id)).toMatchObject({ status: 'RESOLVED', state: 'completed' });
      expect(await outboxCount(charge.id, 'ChargeFailed')).toBe(1);
      expect(await outboxCount(charge.id, 'ChargeCompleted')).toBe(1);

      await waitFor(async () => completedOnKafka(charge.id).length > 0, 20_000, 'ChargeCompleted on Kafka');
      await waitFor(async () => (await unpublished(charge.id)) === 0, 20_000, 'the outbox relayed');
      // Same key, same partition: analytics sees the failure, then the completion.
      expect(typesOnKafka(charge.id)).toEqual(['ChargeFailed', 'ChargeCompleted']);
      expect(failedOnKafka(charge.id)[0]).toMatchObject({ status: 'EXPIRED' });
      expect(completedOnKafka(charge.id)[0]).toMatchObject({
        userId: user.id,
        chargeId: charge.id,
        providerChargeId: charge.providerChargeId,
        amount: '500.00',
        currency: 'USD',
        cryptoCurrency: 'ETH',
        description: 'Invoice 1042',
      });
    });

    it('the poll alone sees a late COMPLETED after EXPIRED: paid, ChargeCompleted once', async () => {
      await onKafka();
      const user = userOf();
      const charge = await createCharge(user);
      await coinbase.resolve(charge.providerChargeId, { status: 'EXPIRED', deliver: false });
      await waitFor(async () => (await read(user, charge.id)).status === 'EXPIRED', 15_000, 'the poll to see EXPIRED');
      await coinbase.resolve(charge.providerChargeId, { status: 'COMPLETED', cryptoCurrency: 'BTC', deliver: false });
      const paid = await waitFor(
        async () => {
          const body = await read(user, charge.id);
          return body.status === 'COMPLETED' && body;
        },
        15_000,
        'the poll to see the late payment',
      );
      expect(paid).toMatchObject({ state: 'completed', completedAt: expect.any(String) });
      await waitFor(async () => completedOnKafka(charge.id).length > 0, 20_000, 'ChargeCompleted on Kafka');
      await waitFor(async () => (await unpublished(charge.id)) === 0, 20_000, 'the outbox relayed');
      expect(await outboxCount(charge.id, 'ChargeFailed')).toBe(1);
      expect(await outboxCount(charge.id, 'ChargeCompleted')).toBe(1);
      expect(typesOnKafka(charge.id)).toEqual(['ChargeFailed', 'ChargeCompleted']);
      expect(completedOnKafka(charge.id)[0]).toMatchObject({ cryptoCurrency: 'BTC' });
    });

    it('webhooks out of order (charge:resolved first, stale charge:delayed and charge:failed after): paid, ChargeCompleted once, no ChargeFailed', async () => {
      await onKafka();
      const user = userOf();
      const charge = await createCharge(user);
      // Webhooks only: this charge's polling window is closed, and its poll schedule gone, first.
      pollQueue ??= new BullQueue(Queue.CryptoChargePoll, {
        connection: redisOptions(process.env.REDIS_URL!),
        prefix: process.env.QUEUE_PREFIX,
      });
      await query(`UPDATE crypto.charges SET poll_until = now() - interval '1 second' WHERE id = $1`, [charge.id]);
      await waitFor(
        // (BullMQ answers an object for any id; a scheduler that exists has its interval.)
        async () => !(await pollQueue!.getJobScheduler(`charge-poll:${charge.id}`))?.every,
        15_000,
        'the poll schedule to end',
      );
      for (const step of [
        { status: 'EXPIRED' },
        { status: 'UNRESOLVED', context: 'DELAYED' },
        { status: 'RESOLVED' },
      ]) {
        await coinbase.resolve(charge.providerChargeId, { ...step, deliver: false });
      }
      const recorded = await coinbase.events(charge.providerChargeId);
      for (const event of [...recorded].reverse()) expect(await coinbase.deliver(event.id, hook())).toBe(200);
      expect(await read(user, charge.id)).toMatchObject({ status: 'RESOLVED', state: 'completed' });
      await waitFor(async () => completedOnKafka(charge.id).length > 0, 20_000, 'ChargeCompleted on Kafka');
      await waitFor(async () => (await unpublished(charge.id)) === 0, 20_000, 'the outbox relayed');
      expect(await outboxCount(charge.id, 'ChargeCompleted')).toBe(1);
      expect(await outboxCount(charge.id, 'ChargeFailed')).toBe(0);
      expect(typesOnKafka(charge.id)).toEqual(['ChargeCompleted']);
    });
  });
});
