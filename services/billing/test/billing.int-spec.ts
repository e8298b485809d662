import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { fromBinary } from '@bufbuild/protobuf';
import {
  SubscriptionActivatedSchema,
  InvoiceDisputedSchema,
  InvoicePaidSchema,
  annualPrice,
  planViews,
} from '@app/contracts';
import { parseConfig, type AuthUser } from '@app/platform';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import Stripe from 'stripe';
import {
  bodyOf,
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
import { billingConfigSchema } from '../src/config';
import type * as ReconcileFile from '../src/reconcile/reconcile.processor';
import type * as WorkerModuleFile from '../src/worker.module';
import { FakeStripeProcess } from './fake-stripe';

// The billing service against the real Postgres, Redis and Kafka, with its Stripe SDK pointed at
// the fake Stripe API (tools/fake-stripe, a test double). Webhooks are signed with the SDK's helper.

const config = parseConfig(billingConfigSchema);
const stripe = new Stripe('sk_test_local');
const userOf = (emailVerified = true): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('billing'),
  emailVerified,
  role: 'user',
});
const cookieOf = (user: AuthUser) => accessCookie(user);
const customerInfo = (user: AuthUser) => ({ name: 'Aroha Ngata', email: user.email, company: 'Kauri Coffee Roasters' });
const topic = `${process.env.KAFKA_TOPIC_PREFIX}billing.events.v1`;

describe('billing: plans, checkout, Stripe webhooks and the events they publish', () => {
  let fake: FakeStripeProcess;
  let app: INestApplication;
  let api: string;
  let consumer: Consumer;
  let worker: INestApplicationContext | undefined;
  const consumed: { type: string; value: Buffer }[] = [];

  beforeAll(async () => {
    fake = await FakeStripeProcess.start();
    Object.assign(process.env, fake.env());
    // Config is read when the module is loaded, so after the fake's port is known.
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    const kafka = new Kafka({ brokers: [process.env.KAFKA_BROKERS!], logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }] }).catch(() => undefined);
    await admin.disconnect();
    consumer = kafka.consumer(testConsumerConfig('billing'));
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: false });
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    await consumer.run({
      eachMessage: async ({ message }) => {
        consumed.push({ type: String(message.headers?.['event-type'] ?? ''), value: message.value! });
      },
    });
    // Events published from now on are read: the group owns the partitions at their latest offsets.
    await joined;
  });

  afterAll(async () => {
    await consumer?.disconnect();
    await worker?.close();
    await app?.close();
    await fake?.stop();
  });

  const post = (path: string, body: unknown, user?: AuthUser) =>
    rawRequest(`${api}${path}`, 'POST', {
      headers: { 'content-type': 'application/json', ...(user ? { cookie: cookieOf(user) } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const subscribe = (user: AuthUser, planId = 'growth', billingCycle = 'monthly') =>
    post('/api/create-subscription', { planId, billingCycle, customerInfo: customerInfo(user) }, user);
  const sendWebhook = (payload: string, signature?: string) =>
    rawRequest(`${api}/api/webhooks/stripe`, 'POST', {
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      body: payload,
    });
  const signed = (payload: string) =>
    sendWebhook(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: config.STRIPE_WEBHOOK_SECRET }));
  const subscriptionRow = (stripeId: string) =>
    query<{ status: string; plan_id: string; billing_cycle: string; cancel_at_period_end: boolean }>(
      'SELECT status, plan_id, billing_cycle, cancel_at_period_end FROM billing.subscriptions WHERE stripe_subscription_id = $1',
      [stripeId],
    );
  const outboxOf = (userId: string) =>
    query<{ type: string }>('SELECT type FROM billing.outbox WHERE key = $1 ORDER BY created_at', [userId]);

  it('serves the plans with annual prices 278 and 6,710 and the publishable key from config', async () => {
    const plans = await bodyOf<{ plans: ReturnType<typeof planViews> }>(await fetch(`${api}/api/plans`));
    expect(plans.plans).toEqual(planViews());
    expect(plans.plans.map((plan) => plan.annualPrice)).toEqual([0, 278, 6710]);
    expect(annualPrice(29)).toBe(278);
    expect(await bodyOf(await fetch(`${api}/api/billing/config`))).toEqual({
      publishableKey: 'pk_test_local',
      stripeJsUrl: null,
    });
  });

  it('checkout → signed invoice.paid → active subscription, SubscriptionActivated in the outbox and on Kafka', async () => {
    const user = userOf();
    const created = await subscribe(user, 'growth', 'annual');
    expect(created.status).toBe(200);
    const { subscriptionId, status, clientSecret } = created.body as Record<string, string>;
    expect(subscriptionId).toMatch(/^sub_/);
    expect(status).toBe('incomplete');
    expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(await subscriptionRow(subscriptionId)).toEqual([
      { status: 'incomplete', plan_id: 'growth', billing_cycle: 'annual', cancel_at_period_end: false },
    ]);
    // The right price: 278 dollars a year, found again by its lookup key.
    const calls = await fake.requests();
    const priceCreated = calls.find(
      (c) => c.path === '/v1/prices' && c.method === 'POST' && c.body.lookup_key === 'growth_annual',
    );
    if (priceCreated)
      expect(priceCreated.body).toMatchObject({ unit_amount: '27800', recurring: { interval: 'year' } });
    const subscriptionCall = calls.find((c) => c.path === '/v1/subscriptions' && c.method === 'POST');
    expect(subscriptionCall?.body).toMatchObject({
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { userId: user.id, planId: 'growth', billingCycle: 'annual' },
    });
    const customerCall = calls.find((c) => c.path === '/v1/customers' && c.body.email === user.email);
    expect(customerCall?.body).toMatchObject({ name: 'Aroha Ngata', metadata: { userId: user.id } });

    const { event } = await fake.pay(subscriptionId);
    const reply = await signed(JSON.stringify(event));
    expect(reply.status).toBe(200);
    expect(await subscriptionRow(subscriptionId)).toEqual([expect.objectContaining({ status: 'active' })]);
    expect(await outboxOf(user.id)).toEqual([{ type: 'InvoicePaid' }, { type: 'SubscriptionActivated' }]);
    const current = await rawRequest(`${api}/api/billing/subscription`, 'GET', { headers: { cookie: cookieOf(user) } });
    expect(current.body).toMatchObject({
      planId: 'growth',
      planName: 'Growth',
      billingCycle: 'annual',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: expect.stringMatching(/^\d{4}-/),
    });

    const activated = await waitFor(
      async () =>
        consumed
          .filter((m) => m.type === 'SubscriptionActivated')
          .map((m) => fromBinary(SubscriptionActivatedSchema, m.value))
          .find((e) => e.userId === user.id),
      30000,
      'SubscriptionActivated on Kafka',
    );
    expect(activated).toMatchObject({ subscriptionId, planId: 'growth', billingCycle: 'annual' });
    const paid = await waitFor(
      async () =>
        consumed
          .filter((m) => m.type === 'InvoicePaid')
          .map((m) => fromBinary(InvoicePaidSchema, m.value))
          .find((e) => e.userId === user.id),
      30000,
      'InvoicePaid on Kafka',
    );
    expect(paid).toMatchObject({ amount: 27800n, currency: 'usd', planId: 'growth', billingCycle: 'annual' });
  });

  it('applies the same webhook ten times (even at once) exactly once', async () => {
    const user = userOf();
    const { subscriptionId } = (await subscribe(user)).body as Record<string, string>;
    const { event } = await fake.pay(subscriptionId);
    const payload = JSON.stringify(event);
    const replies = await Promise.all(Array.from({ length: 5 }, () => signed(payload)));
    for (let i = 0; i < 5; i += 1) replies.push(await signed(payload));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(replies.filter((r) => (r.body as { outcome: string }).outcome === 'applied')).toHaveLength(1);
    expect(await query('SELECT amount FROM billing.invoices WHERE user_id = $1', [user.id])).toEqual([
      { amount: '2900' },
    ]);
    expect(await outboxOf(user.id)).toEqual([{ type: 'InvoicePaid' }, { type: 'SubscriptionActivated' }]);
    expect(
      await query('SELECT 1 FROM billing.processed_webhook_events WHERE stripe_event_id = $1', [event.id]),
    ).toHaveLength(1);
  });

  it('decides from the objects read back from Stripe: a signed invoice.paid for an open invoice activates nothing', async () => {
    const user = userOf();
    const { subscriptionId } = (await subscribe(user)).body as Record<string, string>;
    const [subscription] = (await fake.subscriptions()).filter((s) => s.id === subscriptionId) as unknown as {
      latest_invoice: string;
    }[];
    const open = (await (await fetch(`${fake.url}/__fake/invoices/${subscription!.latest_invoice}`)).json()) as {
      id: string;
      status: string;
      amount_due: number;
    };
    expect(open.status).toBe('open');
    const claim = (type: string, object: Record<string, unknown>) => ({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    // Signed with billing's real secret (as a leaked secret would allow), but Stripe says the invoice is open.
    const forged = claim('invoice.paid', { ...open, object: 'invoice', status: 'paid', amount_paid: open.amount_due });
    const reply = await signed(JSON.stringify(forged));
    expect(reply).toMatchObject({ status: 200, body: { received: true, outcome: 'mismatch' } });
    // Nor can a live subscription be ended by a claim: Stripe says it is not canceled.
    const ended = claim('customer.subscription.deleted', {
      id: subscriptionId,
      object: 'subscription',
      status: 'canceled',
    });
    expect(await signed(JSON.stringify(ended))).toMatchObject({ status: 200, body: { outcome: 'mismatch' } });
    expect(await subscriptionRow(subscriptionId)).toEqual([expect.objectContaining({ status: 'incomplete' })]);
    expect(await outboxOf(user.id)).toEqual([]);
    expect(await query('SELECT 1 FROM billing.invoices WHERE user_id = $1', [user.id])).toEqual([]);
    const current = await rawRequest(`${api}/api/billing/subscription`, 'GET', { headers: { cookie: cookieOf(user) } });
    expect(current.body).not.toMatchObject({ status: 'active' });
    // Not recorded: the event id is not spent.
    expect(
      await query('SELECT 1 FROM billing.processed_webhook_events WHERE stripe_event_id = $1', [forged.id]),
    ).toEqual([]);

    // The card is really paid: Stripe's own event, checked the same way, activates it.
    const { event } = await fake.pay(subscriptionId);
    expect(await signed(JSON.stringify(event))).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    expect(await subscriptionRow(subscriptionId)).toEqual([expect.objectContaining({ status: 'active' })]);
    expect(await outboxOf(user.id)).toEqual([{ type: 'InvoicePaid' }, { type: 'SubscriptionActivated' }]);
  });

  it.each([
    ['no signature', undefined],
    ['a wrong secret', 'whsec_someone_else'],
    ['a stale timestamp', 'stale'],
    ['garbage', 't=1,v1=deadbeef'],
  ])('refuses a webhook with %s: 400 and nothing changes', async (_case, kind) => {
    const user = userOf();
    const { subscriptionId } = (await subscribe(user)).body as Record<string, string>;
    const { event } = await fake.pay(subscriptionId);
    const payload = JSON.stringify(event);
    const signature =
      kind === undefined
        ? undefined
        : kind === 'stale'
          ? stripe.webhooks.generateTestHeaderString({
              payload,
              secret: config.STRIPE_WEBHOOK_SECRET,
              timestamp: Math.floor(Date.now() / 1000) - 3600,
            })
          : kind.startsWith('whsec_')
            ? stripe.webhooks.generateTestHeaderString({ payload, secret: kind })
            : kind;
    const reply = await sendWebhook(payload, signature);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: 'INVALID_SIGNATURE', message: expect.any(String) });
    expect(await subscriptionRow(subscriptionId)).toEqual([expect.objectContaining({ status: 'incomplete' })]);
    expect(await outboxOf(user.id)).toEqual([]);
    expect(
      await query('SELECT 1 FROM billing.processed_webhook_events WHERE stripe_event_id = $1', [event.id]),
    ).toEqual([]);
    // A tampered body under a valid signature of the original is refused too.
    const tampered = payload.replace('"amount_paid":2900', '"amount_paid":1');
    const good = stripe.webhooks.generateTestHeaderString({ payload, secret: config.STRIPE_WEBHOOK_SECRET });
    expect((await sendWebhook(tampered, good)).status).toBe(400);
  });

  it('records unknown event types once, with no effect', async () => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const reply = await signed(payload);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ received: true, outcome: 'ignored' });
  });

  it('marks failed renewals past due, updates and deletes from subscription events, and publishes refunds', async () => {
    const user = userOf();
    const { subscriptionId } = (await subscribe(user, 'pro', 'monthly')).body as Record<string, string>;
    const { event } = await fake.pay(subscriptionId);
    expect((await signed(JSON.stringify(event))).status).toBe(200);
    const invoice = event.data.object as { id: string; customer: string };
    // The renewal is a new invoice of the next period whose payment fails (a paid invoice never fails again).
    const { event: failed } = await fake.failRenewal(subscriptionId);
    expect((await signed(JSON.stringify(failed))).status).toBe(200);
    expect(await subscriptionRow(subscriptionId)).toEqual([expect.objectContaining({ status: 'past_due' })]);

    const { event: updated } = await fake.updateSubscription(subscriptionId, {
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: 1_900_000_000,
    });
    expect((await signed(JSON.stringify(updated))).status).toBe(200);
    const afterUpdate = await query<{ status: string; cancel_at_period_end: boolean; current_period_end: Date }>(
      'SELECT status, cancel_at_period_end, current_period_end FROM billing.subscriptions WHERE stripe_subscription_id = $1',
      [subscriptionId],
    );
    expect(afterUpdate).toEqual([
      { status: 'active', cancel_at_period_end: true, current_period_end: new Date(1_900_000_000_000) },
    ]);

    const { charge, event: refunded } = await fake.refund(invoice.id);
    expect(charge).toMatchObject({ amount_refunded: 69900, refunded: true });
    expect((await signed(JSON.stringify(refunded))).status).toBe(200);
    expect(
      await query('SELECT status, amount_refunded FROM billing.invoices WHERE stripe_invoice_id = $1', [invoice.id]),
    ).toEqual([{ status: 'refunded', amount_refunded: '69900' }]);

    const { event: deleted } = await fake.updateSubscription(subscriptionId, { status: 'canceled' });
    expect(deleted.type).toBe('customer.subscription.deleted');
    expect((await signed(JSON.stringify(deleted))).status).toBe(200);
    expect(await subscriptionRow(subscriptionId)).toEqual([expect.objectContaining({ status: 'canceled' })]);
    expect((await outboxOf(user.id)).map((r) => r.type)).toEqual([
      'InvoicePaid',
      'SubscriptionActivated',
      'SubscriptionActivated',
      'InvoiceRefunded',
    ]);
  });

  it('publishes InvoiceDisputed when a chargeback takes the money and InvoiceDisputeWon when it comes back', async () => {
    const user = userOf();
    const { subscriptionId } = (await subscribe(user, 'pro', 'monthly')).body as Record<string, string>;
    const { event: paid } = await fake.pay(subscriptionId);
    const invoice = paid.data.object as { id: string };
    const deliver = async (event: unknown, outcome: string) =>
      expect(await signed(JSON.stringify(event))).toMatchObject({ status: 200, body: { received: true, outcome } });

    // Stripe may report the dispute before the invoice's payment: the invoice's customer names the user.
    const { dispute, event: created } = await fake.dispute(invoice.id);
    await deliver(created, 'applied');
    await deliver(paid, 'applied');
    await deliver((await fake.disputeStep(dispute.id, 'funds_withdrawn')).event, 'applied');
    await deliver((await fake.disputeStep(dispute.id, 'funds_reinstated')).event, 'applied');
    const closed = (await fake.disputeStep(dispute.id, 'close', 'won')).event;
    await deliver(closed, 'applied');
    await deliver(closed, 'duplicate');
    // An inquiry withdraws nothing; a second dispute, for part of the invoice, is lost.
    await deliver((await fake.dispute(invoice.id, { status: 'warning_needs_response' })).event, 'ignored');
    const lost = await fake.dispute(invoice.id, { amount: 10000 });
    await deliver((await fake.disputeStep(lost.dispute.id, 'close', 'lost')).event, 'applied');
    // A signed dispute event Stripe has no dispute for (read back by id) changes nothing.
    await deliver(
      {
        ...created,
        id: `evt_${randomUUID()}`,
        data: { object: { ...dispute, id: `du_${randomUUID()}`, payment_intent: 'pi_other' } },
      },
      'mismatch',
    );

    const rows = await query<{ type: string; payload: Buffer }>(
      'SELECT type, payload FROM billing.outbox WHERE key = $1 ORDER BY seq',
      [user.id],
    );
    expect(rows.map((row) => row.type)).toEqual([
      'InvoiceDisputed',
      'InvoicePaid',
      'SubscriptionActivated',
      'InvoiceDisputed',
      'InvoiceDisputeWon',
      'InvoiceDisputeWon',
      'InvoiceDisputed',
    ]);
    const decoded = rows
      .filter((row) => row.type.startsWith('InvoiceDispute'))
      .map((row) => fromBinary(InvoiceDisputedSchema, row.payload));
    const of = (disputeId: string, amount: bigint) => ({
      userId: user.id,
      invoiceId: invoice.id,
      disputeId,
      amount,
      currency: 'usd',
    });
    expect(decoded).toEqual(
      [...Array(4).fill(of(dispute.id, 69900n)), of(lost.dispute.id, 10000n)].map((fields) =>
        expect.objectContaining(fields),
      ),
    );
  });

  /** A subscription event as Stripe sends it; `created` orders it among the subscription's events. */
  const subscriptionEvent = (
    type: 'customer.subscription.updated' | 'customer.subscription.deleted',
    subscriptionId: string,
    created: number,
    object: { status: string; cancel_at_period_end: boolean },
  ) => ({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type,
    created,
    data: {
      object: {
        id: subscriptionId,
        object: 'subscription',
        metadata: {},
        items: { data: [{ current_period_end: 1_900_000_000 }] },
        ...object,
      },
    },
  });
  const outcomeOf = async (event: unknown) => {
    const reply = await signed(JSON.stringify(event));
    expect(reply.status).toBe(200);
    return (reply.body as { outcome: string }).outcome;
  };

  it('ignores a retried older customer.subscription.updated that arrives after customer.subscription.deleted', async () => {
    const user = userOf();
    const { subscriptionId } = (await subscribe(user)).body as Record<string, string>;
    const { event: paid } = await fake.pay(subscriptionId);
    expect(await outcomeOf(paid)).toBe('applied');
    // Stripe has it canceled now (billing reads it back); its events arrive out of order.
    await fake.updateSubscription(subscriptionId, { status: 'canceled' });
    const active = { status: 'active', cancel_at_period_end: false };
    const older = subscriptionEvent('customer.subscription.updated', subscriptionId, paid.created + 10, active);
    const deleted = subscriptionEvent('customer.subscription.deleted', subscriptionId, paid.created + 20, {
      status: 'canceled',
      cancel_at_period_end: false,
    });
    expect(await outcomeOf(deleted)).toBe('applied');
    expect(await subscriptionRow(subscriptionId)).toEqual([expect.objectContaining({ status: 'canceled' })]);

    expect(await outcomeOf(older)).toBe('stale');
    // Of the same second as the deletion: a canceled subscription is final in Stripe.
    const sameSecond = subscriptionEvent('customer.subscription.updated', subscriptionId, deleted.created, active);
    expect(await outcomeOf(sameSecond)).toBe('stale');
    expect(await subscriptionRow(subscriptionId)).toEqual([expect.objectContaining({ status: 'canceled' })]);
    expect(await outboxOf(user.id)).toEqual([{ type: 'InvoicePaid' }, { type: 'SubscriptionActivated' }]);
    const current = await rawRequest(`${api}/api/billing/subscription`, 'GET', { headers: { cookie: cookieOf(user) } });
    expect(current.body).toMatchObject({ planId: 'starter', status: 'none' });
    // A redelivery of the stale event is still a duplicate.
    expect(await outcomeOf(older)).toBe('duplicate');
  });

  it('ignores a subscription update older than the last one applied', async () => {
    const user = userOf();
    const { subscriptionId } = (await subscribe(user)).body as Record<string, string>;
    const { event: paid } = await fake.pay(subscriptionId);
    await outcomeOf(paid);
    await fake.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    const cancelling = subscriptionEvent('customer.subscription.updated', subscriptionId, paid.created + 20, {
      status: 'active',
      cancel_at_period_end: true,
    });
    const older = subscriptionEvent('customer.subscription.updated', subscriptionId, paid.created + 10, {
      status: 'past_due',
      cancel_at_period_end: false,
    });
    expect(await outcomeOf(cancelling)).toBe('applied');
    expect(await outcomeOf(older)).toBe('stale');
    expect(await subscriptionRow(subscriptionId)).toEqual([
      expect.objectContaining({ status: 'active', cancel_at_period_end: true }),
    ]);
  });

  it('ignores a late invoice.payment_failed after the invoice was paid: it stays paid and the subscription active', async () => {
    const user = userOf();
    const { subscriptionId } = (await subscribe(user, 'pro', 'monthly')).body as Record<string, string>;
    const { event: paid } = await fake.pay(subscriptionId);
    expect(await outcomeOf(paid)).toBe('applied');
    const invoice = paid.data.object as { id: string };
    // The first attempt failed before the retry that paid; Stripe delivers its event last.
    const late = {
      ...paid,
      id: `evt_${randomUUID()}`,
      type: 'invoice.payment_failed',
      created: paid.created - 30,
      data: { object: { ...invoice, status: 'open', amount_paid: 0 } },
    };
    expect(await outcomeOf(late)).toBe('stale');
    expect(
      await query('SELECT status, amount FROM billing.invoices WHERE stripe_invoice_id = $1', [invoice.id]),
    ).toEqual([{ status: 'paid', amount: '69900' }]);
    expect(await subscriptionRow(subscriptionId)).toEqual([expect.objectContaining({ status: 'active' })]);
    expect(await outboxOf(user.id)).toEqual([{ type: 'InvoicePaid' }, { type: 'SubscriptionActivated' }]);
  });

  it('starts one Stripe subscription for a double click: both answers carry its client secret', async () => {
    const user = userOf();
    const replies = await Promise.all([subscribe(user), subscribe(user)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const [first, second] = replies.map((r) => r.body as Record<string, string>);
    expect(first).toMatchObject({ subscriptionId: expect.stringMatching(/^sub_/), status: 'incomplete' });
    expect(first!.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(second).toEqual(first);
    const ofUser = (objects: { metadata: Record<string, string> }[]) =>
      objects.filter((o) => o.metadata.userId === user.id);
    expect(ofUser(await fake.subscriptions())).toHaveLength(1);
    expect(ofUser(await fake.customers())).toHaveLength(1);
    expect(
      await query('SELECT stripe_subscription_id FROM billing.subscriptions WHERE user_id = $1', [user.id]),
    ).toEqual([{ stripe_subscription_id: first!.subscriptionId }]);
    const creates = (await fake.requests()).filter(
      (c) => c.path === '/v1/subscriptions' && c.method === 'POST' && c.body.customer !== undefined,
    );
    const mine = creates.filter((c) => (c.body.metadata as Record<string, string>).userId === user.id);
    expect(mine).toEqual([
      expect.objectContaining({ idempotencyKey: expect.stringMatching(/^billing-subscription-/) }),
    ]);

    // Coming back to checkout later resumes the same unpaid subscription; another plan starts its own.
    expect((await subscribe(user)).body).toEqual(first);
    const pro = (await subscribe(user, 'pro', 'monthly')).body as Record<string, string>;
    expect(pro.subscriptionId).not.toBe(first!.subscriptionId);
    expect(ofUser(await fake.subscriptions())).toHaveLength(2);
  });

  it('gets the same Stripe subscription again when the answer of its create was lost', async () => {
    const user = userOf();
    const first = (await subscribe(user)).body as Record<string, string>;
    // As if billing had crashed between Stripe's answer and storing it: the retry repeats the create.
    await query('DELETE FROM billing.subscriptions WHERE user_id = $1', [user.id]);
    const retried = await subscribe(user);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(first);
    const creates = (await fake.requests()).filter(
      (c) =>
        c.path === '/v1/subscriptions' &&
        c.method === 'POST' &&
        (c.body.metadata as Record<string, string> | undefined)?.userId === user.id,
    );
    expect(creates).toHaveLength(2);
    expect(creates[1]!.idempotencyKey).toBe(creates[0]!.idempotencyKey);
    expect((await fake.subscriptions()).filter((o) => o.metadata.userId === user.id)).toHaveLength(1);
    expect(
      await query('SELECT stripe_subscription_id FROM billing.subscriptions WHERE user_id = $1', [user.id]),
    ).toEqual([{ stripe_subscription_id: first.subscriptionId }]);
  });

  it('stores one free plan for a double click', async () => {
    const user = userOf();
    const replies = await Promise.all([subscribe(user, 'starter'), subscribe(user, 'starter')]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(replies[1]!.body).toEqual(replies[0]!.body);
    expect(await query('SELECT 1 FROM billing.subscriptions WHERE user_id = $1', [user.id])).toHaveLength(1);
    expect(await outboxOf(user.id)).toEqual([{ type: 'SubscriptionActivated' }]);
  });

  it('starts the free plan without Stripe and with no card', async () => {
    const user = userOf();
    const before = (await fake.requests()).length;
    const reply = await subscribe(user, 'starter', 'monthly');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'active', clientSecret: null });
    expect((await fake.requests()).length).toBe(before);
    const current = await rawRequest(`${api}/api/billing/subscription`, 'GET', { headers: { cookie: cookieOf(user) } });
    expect(current.body).toMatchObject({ planId: 'starter', status: 'active', currentPeriodEnd: null });
  });

  it('answers starter/none for a user without a subscription', async () => {
    const user = userOf();
    const current = await rawRequest(`${api}/api/billing/subscription`, 'GET', { headers: { cookie: cookieOf(user) } });
    expect(current.body).toEqual({
      planId: 'starter',
      planName: 'Starter',
      billingCycle: null,
      status: 'none',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
  });

  it('cancels at period end in Stripe and locally', async () => {
    const user = userOf();
    const { subscriptionId } = (await subscribe(user)).body as Record<string, string>;
    const { event } = await fake.pay(subscriptionId);
    await signed(JSON.stringify(event));
    const reply = await post('/api/billing/subscription/cancel', '', user);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ planId: 'growth', status: 'active', cancelAtPeriodEnd: true });
    expect(await subscriptionRow(subscriptionId)).toEqual([expect.objectContaining({ cancel_at_period_end: true })]);
    const call = (await fake.requests()).find(
      (c) => c.path === `/v1/subscriptions/${subscriptionId}` && c.method === 'POST',
    );
    expect(call?.body).toMatchObject({ cancel_at_period_end: 'true' });
    const nothing = await post('/api/billing/subscription/cancel', '', userOf());
    expect(nothing.status).toBe(409);
  });

  it('needs a session and a verified e-mail', async () => {
    const body = { planId: 'growth', billingCycle: 'monthly', customerInfo: customerInfo(userOf()) };
    expect((await post('/api/create-subscription', body)).status).toBe(401);
    const unverified = await post('/api/create-subscription', body, userOf(false));
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({ error: 'EMAIL_NOT_VERIFIED' });
  });

  it.each([
    ['an unknown plan', { planId: 'platinum' }, 'planId', 'Unknown plan. Choose growth, pro or starter.'],
    [
      'an unknown cycle',
      { billingCycle: 'weekly' },
      'billingCycle',
      'Unknown billing cycle. Choose monthly or annual.',
    ],
    [
      'a missing name',
      { customerInfo: { name: '', email: 'a@example.test' } },
      'customerInfo.name',
      'Full name is required',
    ],
    [
      'a bad e-mail',
      { customerInfo: { name: 'A', email: 'nope' } },
      'customerInfo.email',
      'Please enter a valid email address',
    ],
    ['a wrong type', { planId: 42 }, 'planId', 'Unknown plan. Choose growth, pro or starter.'],
    ['an unknown field', { userId: randomUUID() }, 'userId', 'Unknown field(s): userId'],
  ])('refuses %s with a 400 naming the field, calling no Stripe', async (_case, change, path, message) => {
    const user = userOf();
    const before = (await fake.requests()).length;
    const reply = await post(
      '/api/create-subscription',
      { planId: 'growth', billingCycle: 'monthly', customerInfo: customerInfo(user), ...change },
      user,
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      error: 'VALIDATION_FAILED',
      details: expect.arrayContaining([{ path, message }]),
    });
    expect((await fake.requests()).length).toBe(before);
    expect(await query('SELECT 1 FROM billing.subscriptions WHERE user_id = $1', [user.id])).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"planId": ', 400, 'MALFORMED_BODY'],
    ['an array', '[]', 400, 'VALIDATION_FAILED'],
    ['null', 'null', 400, 'MALFORMED_BODY'],
    ['a 1 MB body', JSON.stringify({ planId: 'growth', pad: 'x'.repeat(1024 * 1024) }), 413, 'PAYLOAD_TOO_LARGE'],
  ])('answers %s with a 4xx in the error shape', async (_case, body, status, code) => {
    const reply = await post('/api/create-subscription', body, userOf());
    expect(reply.status).toBe(status);
    expect(reply.body).toMatchObject({ error: code, message: expect.any(String) });
  });

  it('heals a subscription whose webhook was missed: the worker reads it back from Stripe', async () => {
    const { WorkerModule } = jest.requireActual<typeof WorkerModuleFile>('../src/worker.module');
    const { ReconcileProcessor, RECONCILE_SCHEDULER_ID, RECONCILE_EVERY_MS } = jest.requireActual<typeof ReconcileFile>(
      '../src/reconcile/reconcile.processor',
    );
    const user = userOf();
    const fresh = userOf();
    const { subscriptionId } = (await subscribe(user)).body as Record<string, string>;
    const { subscriptionId: recent } = (await subscribe(fresh)).body as Record<string, string>;
    await fake.pay(subscriptionId);
    await fake.pay(recent);
    // Paid in Stripe, but the webhook never came; only the older one is past the grace period.
    await query(
      "UPDATE billing.subscriptions SET created_at = now() - interval '6 minutes' WHERE stripe_subscription_id = $1",
      [subscriptionId],
    );
    // Earlier runs' leftovers (unknown to this fake) are not this test's business.
    await query(
      "UPDATE billing.subscriptions SET status = 'incomplete_expired' WHERE status = 'incomplete' AND created_at < now() - interval '1 hour'",
    );
    worker = await startWorker(WorkerModule);
    const processor = worker.get(ReconcileProcessor);
    const schedulers = await processor['queue'].getJobSchedulers();
    expect(schedulers).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: RECONCILE_SCHEDULER_ID, every: RECONCILE_EVERY_MS })]),
    );
    // The scheduler's first run starts at once and may heal the row first; either way it is healed once.
    await processor.reconcile();
    expect(await subscriptionRow(subscriptionId)).toEqual([expect.objectContaining({ status: 'active' })]);
    expect(await subscriptionRow(recent)).toEqual([expect.objectContaining({ status: 'incomplete' })]);
    expect(await outboxOf(user.id)).toEqual([{ type: 'SubscriptionActivated' }]);
  });
});
