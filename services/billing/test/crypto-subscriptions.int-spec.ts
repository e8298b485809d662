import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Queue as QueueName, type EventType, type MailJob } from '@app/contracts';
import { EventConsumer, redisOptions, type AuthUser } from '@app/platform';
import { Queue } from 'bullmq';
import type { Producer } from 'kafkajs';
import {
  accessCookie,
  connectEventProducer,
  eventMessage,
  eventTopic,
  largestEvent,
  query,
  rawRequest,
  startApp,
  startWorker,
  uniqueEmail,
  waitFor,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import type * as RenewalFile from '../src/crypto/crypto-renewal.service';
import type * as WorkerModuleFile from '../src/worker.module';

// Issue 21: a plan paid with crypto. crypto-escrow's ChargeCompleted (here produced to the real
// Kafka as its outbox would) activates the plan the charge was bought for, once per charge; a
// charge that expired leaves the plan as it was, one for anything else is ignored, and the
// worker mails the renewal reminder CRYPTO_RENEWAL_REMINDER_DAYS (7) before the period ends.

const DAY = 24 * 60 * 60 * 1000;
const userOf = (): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('crypto-plan'),
  emailVerified: true,
  role: 'user',
});

/** A subscription charge as crypto-escrow publishes it. */
const subscriptionCharge = (user: AuthUser, planId = 'growth', billingCycle = 'monthly', amount = '29.00') => ({
  userId: user.id,
  chargeId: randomUUID(),
  providerChargeId: `cb_${randomUUID()}`,
  code: randomUUID().slice(0, 8).toUpperCase(),
  provider: 'coinbase',
  amount,
  currency: 'USD',
  cryptoCurrency: 'BTC',
  description: 'Growth plan, one month',
  purpose: 'subscription',
  planId,
  billingCycle,
  payerEmail: user.email,
});

describe('billing: plans paid with crypto (ChargeCompleted from crypto-escrow)', () => {
  let app: INestApplication;
  let api: string;
  let producer: Producer;
  let worker: INestApplicationContext | undefined;
  let mailQueue: Queue<MailJob>;

  beforeAll(async () => {
    producer = await connectEventProducer('billing-crypto-int', ['ChargeCompleted', 'ChargeFailed']);
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    mailQueue = new Queue<MailJob>(QueueName.Mail, {
      connection: redisOptions(process.env.REDIS_URL!),
      prefix: process.env.QUEUE_PREFIX,
    });
  });

  afterAll(async () => {
    await producer?.disconnect();
    await mailQueue?.close();
    await worker?.close();
    await app?.close();
  });

  /** Produces the event to Kafka and waits until billing's consumer has taken it (its inbox row). */
  const deliver = async (type: EventType, event: Record<string, unknown>, occurredAt = new Date()) => {
    const id = randomUUID();
    await producer.send({
      topic: eventTopic(type),
      messages: [eventMessage(type, String(event.chargeId), event, { id, occurredAt })],
    });
    await waitFor(
      async () => (await query('SELECT 1 FROM billing.inbox WHERE event_id = $1', [id])).length > 0 || undefined,
      30_000,
      `${type} ${id} consumed by billing`,
    );
    return id;
  };
  const currentOf = async (user: AuthUser) =>
    (await rawRequest(`${api}/api/billing/subscription`, 'GET', { headers: { cookie: accessCookie(user) } }))
      .body as Record<string, unknown>;
  const rowsOf = (user: AuthUser) =>
    query<{ status: string; plan_id: string; billing_cycle: string; payment_method: string; current_period_end: Date }>(
      'SELECT status, plan_id, billing_cycle, payment_method, current_period_end FROM billing.subscriptions WHERE user_id = $1 ORDER BY created_at',
      [user.id],
    );
  const paymentsOf = (user: AuthUser) =>
    query<{ charge_id: string; status: string; period_start: Date | null; period_end: Date | null }>(
      'SELECT charge_id, status, period_start, period_end FROM billing.crypto_payments WHERE user_id = $1 ORDER BY created_at',
      [user.id],
    );
  const activationsOf = (user: AuthUser) =>
    query("SELECT 1 FROM billing.outbox WHERE key = $1 AND type = 'SubscriptionActivated'", [user.id]);

  it('activates the plan for the period the completed charge paid for', async () => {
    const user = userOf();
    expect(await currentOf(user)).toMatchObject({ planId: 'starter', status: 'none' });
    const paidAt = new Date();
    await deliver('ChargeCompleted', subscriptionCharge(user, 'pro', 'annual', '6710.00'), paidAt);

    const current = await currentOf(user);
    expect(current).toMatchObject({
      planId: 'pro',
      billingCycle: 'annual',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    const end = new Date(current.currentPeriodEnd as string);
    const expected = new Date(paidAt);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(Math.abs(end.getTime() - expected.getTime())).toBeLessThan(5_000);
    expect(await rowsOf(user)).toEqual([expect.objectContaining({ payment_method: 'crypto', status: 'active' })]);
    expect(await activationsOf(user)).toHaveLength(1);
  });

  it('activates once however often the same charge completes (same event again, or a new copy)', async () => {
    const user = userOf();
    const charge = subscriptionCharge(user);
    const first = await deliver('ChargeCompleted', charge);
    const periodEnd = (await currentOf(user)).currentPeriodEnd;
    expect(periodEnd).toEqual(expect.any(String));

    // The same event redelivered (the inbox) and another event about the same charge (the charge id).
    const consumer = app.get(EventConsumer);
    const again = eventMessage('ChargeCompleted', charge.chargeId, charge, { id: first });
    expect(await consumer.apply({ message: again } as never)).toBe(false);
    await deliver('ChargeCompleted', charge);
    await deliver('ChargeCompleted', charge);

    expect(await currentOf(user)).toMatchObject({ status: 'active', currentPeriodEnd: periodEnd });
    expect(await rowsOf(user)).toHaveLength(1);
    expect(await paymentsOf(user)).toEqual([expect.objectContaining({ charge_id: charge.chargeId, status: 'paid' })]);
    expect(await activationsOf(user)).toHaveLength(1);
  });

  it('leaves the plan inactive when the charge expires, and activates it if the expired charge is paid late', async () => {
    const user = userOf();
    const charge = subscriptionCharge(user);
    const { cryptoCurrency: _c, description: _d, payerEmail: _e, ...failed } = charge;
    await deliver('ChargeFailed', { ...failed, status: 'EXPIRED' });

    expect(await currentOf(user)).toMatchObject({ planId: 'starter', status: 'none' });
    expect(await rowsOf(user)).toEqual([]);
    expect(await paymentsOf(user)).toEqual([expect.objectContaining({ status: 'failed', period_start: null })]);

    // Coinbase: an EXPIRED charge may still be paid; crypto-escrow then publishes ChargeCompleted.
    await deliver('ChargeCompleted', charge);
    expect(await currentOf(user)).toMatchObject({ planId: 'growth', status: 'active' });
    expect(await paymentsOf(user)).toEqual([expect.objectContaining({ status: 'paid' })]);
  });

  it('ignores charges for anything else, and a subscription charge that does not pay the plan price', async () => {
    const user = userOf();
    await deliver('ChargeCompleted', { ...subscriptionCharge(user), purpose: '', planId: '', billingCycle: '' });
    // A payment of the wallet's Quick Crypto Payment card, whatever a caller wrote in its metadata.
    await deliver('ChargeCompleted', { ...subscriptionCharge(user), purpose: '' });
    await deliver('ChargeCompleted', subscriptionCharge(user, 'pro', 'monthly', '29.00'));

    expect(await currentOf(user)).toMatchObject({ planId: 'starter', status: 'none' });
    expect(await rowsOf(user)).toEqual([]);
    expect(await paymentsOf(user)).toEqual([]);
  });

  it('renews with a new charge: paid before the end, the period runs on from where it ended', async () => {
    const user = userOf();
    await deliver('ChargeCompleted', subscriptionCharge(user));
    const firstEnd = new Date((await currentOf(user)).currentPeriodEnd as string);
    await deliver('ChargeCompleted', subscriptionCharge(user));

    const renewed = new Date((await currentOf(user)).currentPeriodEnd as string);
    const expected = new Date(firstEnd);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    // One month after the first period's end (the day clamps at a shorter month's last day).
    expect(renewed.getTime() - firstEnd.getTime()).toBeGreaterThanOrEqual(27 * DAY);
    expect(renewed.getTime()).toBeLessThanOrEqual(expected.getTime());
    expect(await rowsOf(user)).toHaveLength(1);
    const payments = await paymentsOf(user);
    expect(payments.map((payment) => payment.period_start?.getTime())).toEqual([
      expect.any(Number),
      firstEnd.getTime(),
    ]);
    expect(await activationsOf(user)).toHaveLength(1);
  });

  it('mails the renewal reminder 7 days before the period ends, once, and ends the plan when the period is over', async () => {
    const user = userOf();
    await deliver('ChargeCompleted', subscriptionCharge(user));
    const [{ id, current_period_end: periodEnd }] = await query<{ id: string; current_period_end: Date }>(
      'SELECT id, current_period_end FROM billing.subscriptions WHERE user_id = $1',
      [user.id],
    );
    const { WorkerModule } = jest.requireActual<typeof WorkerModuleFile>('../src/worker.module');
    const { CryptoRenewalService } = jest.requireActual<typeof RenewalFile>('../src/crypto/crypto-renewal.service');
    worker ??= await startWorker(WorkerModule);
    const renewal = worker.get(CryptoRenewalService);
    const jobId = `crypto-renewal-${id}-${periodEnd.getTime()}`;

    // The clock is the job's argument: 8 days before the end is too early.
    await renewal.run(new Date(periodEnd.getTime() - 8 * DAY));
    expect(await mailQueue.getJob(jobId)).toBeUndefined();

    await renewal.run(new Date(periodEnd.getTime() - 7 * DAY + 60_000));
    const job = await mailQueue.getJob(jobId);
    expect(job?.data).toMatchObject({
      to: user.email,
      subject: `Your Growth plan ends on ${periodEnd.toISOString().slice(0, 10)}: renew with crypto`,
    });
    expect(job?.data.text).toContain('/payment?plan=growth&cycle=monthly');
    expect(job?.data.text).toContain('$29.00 USD');

    // Once per period: a later run queues nothing more for this user.
    await renewal.run(new Date(periodEnd.getTime() - DAY));
    const reminders = (await mailQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter(
      (queued) => queued.data.to === user.email && queued.data.subject.includes('renew with crypto'),
    );
    expect(reminders).toHaveLength(1);
    expect(await currentOf(user)).toMatchObject({ status: 'active' });

    // Not renewed: past the end the plan stops and the user is back on the free plan.
    await renewal.run(new Date(periodEnd.getTime() + 1_000));
    expect(await currentOf(user)).toMatchObject({ planId: 'starter', status: 'none' });
    expect(await rowsOf(user)).toEqual([expect.objectContaining({ status: 'canceled' })]);
  });

  it('sends no reminder once the user cancelled, and a card checkout is refused while the crypto plan runs', async () => {
    const user = userOf();
    await deliver('ChargeCompleted', subscriptionCharge(user));
    const cookie = accessCookie(user);
    const checkout = await rawRequest(`${api}/api/create-subscription`, 'POST', {
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        planId: 'pro',
        billingCycle: 'monthly',
        customerInfo: { name: 'Aroha Ngata', email: user.email, company: '' },
      }),
    });
    expect(checkout.status).toBe(409);

    const cancelled = await rawRequest(`${api}/api/billing/subscription/cancel`, 'POST', { headers: { cookie } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const [{ current_period_end: periodEnd }] = await rowsOf(user);
    const { WorkerModule } = jest.requireActual<typeof WorkerModuleFile>('../src/worker.module');
    const { CryptoRenewalService } = jest.requireActual<typeof RenewalFile>('../src/crypto/crypto-renewal.service');
    worker ??= await startWorker(WorkerModule);
    await worker.get(CryptoRenewalService).run(new Date(periodEnd.getTime() - DAY));
    const reminders = (await mailQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter(
      (queued) => queued.data.to === user.email && queued.data.subject.includes('renew with crypto'),
    );
    expect(reminders).toEqual([]);
  });

  it('takes every event it consumes at the largest values their bounds allow', async () => {
    const completed = largestEvent('ChargeCompleted', {
      planId: 'pro',
      billingCycle: 'annual',
      amount: '6710.00',
    });
    await deliver('ChargeCompleted', completed);
    const [row] = await query<{ payer_email: string; status: string }>(
      'SELECT payer_email, status FROM billing.subscriptions WHERE user_id = $1',
      [completed.userId],
    );
    expect(row).toEqual({ payer_email: completed.payerEmail, status: 'active' });
    const failed = largestEvent('ChargeFailed', { planId: 'growth', billingCycle: 'monthly' });
    await deliver('ChargeFailed', failed);
    expect(await query('SELECT status FROM billing.crypto_payments WHERE charge_id = $1', [failed.chargeId])).toEqual([
      { status: 'failed' },
    ]);
  });
});
