import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { BillingPayment } from '@app/contracts';
import { parseConfig, type AuthUser } from '@app/platform';
import type { Producer } from 'kafkajs';
import Stripe from 'stripe';
import {
  accessCookie,
  connectEventProducer,
  eventMessage,
  eventTopic,
  query,
  rawRequest,
  startApp,
  uniqueEmail,
  waitFor,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { billingConfigSchema } from '../src/config';
import { FakeStripeProcess } from './fake-stripe';

// Settings → Billing's payment history (issue 39): what a user paid the platform for plans, a card
// invoice (paid through the fake Stripe and its signed webhook) and a crypto charge (crypto-escrow's
// ChargeCompleted on the real Kafka), listed for its owner only, newest first.

const stripe = new Stripe('sk_test_local');
const userOf = (): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('payments'),
  emailVerified: true,
  role: 'user',
});

describe('billing: GET /api/billing/payments', () => {
  let fake: FakeStripeProcess;
  let app: INestApplication;
  let api: string;
  let producer: Producer;
  let webhookSecret: string;

  beforeAll(async () => {
    fake = await FakeStripeProcess.start();
    Object.assign(process.env, fake.env());
    webhookSecret = parseConfig(billingConfigSchema).STRIPE_WEBHOOK_SECRET;
    producer = await connectEventProducer('billing-payments-int', ['ChargeCompleted', 'ChargeFailed']);
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
  });

  afterAll(async () => {
    await producer?.disconnect();
    await app?.close();
    await fake?.stop();
  });

  const signed = (payload: string) =>
    rawRequest(`${api}/api/webhooks/stripe`, 'POST', {
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      body: payload,
    });
  const paymentsOf = async (user: AuthUser) => {
    const reply = await rawRequest(`${api}/api/billing/payments`, 'GET', { headers: { cookie: accessCookie(user) } });
    expect(reply.status).toBe(200);
    return (reply.body as { payments: BillingPayment[] }).payments;
  };
  /** A card checkout of the plan, paid: the invoice id. */
  const payByCard = async (user: AuthUser, planId: string, billingCycle: string) => {
    const created = await rawRequest(`${api}/api/create-subscription`, 'POST', {
      headers: { 'content-type': 'application/json', cookie: accessCookie(user) },
      body: JSON.stringify({ planId, billingCycle, customerInfo: { name: 'Aroha Ngata', email: user.email } }),
    });
    expect(created.status).toBe(200);
    const { event } = await fake.pay((created.body as { subscriptionId: string }).subscriptionId);
    expect((await signed(JSON.stringify(event))).status).toBe(200);
    return (event.data.object as { id: string }).id;
  };
  /** crypto-escrow's ChargeCompleted for a plan charge, once billing has consumed it. */
  const payByCrypto = async (user: AuthUser, planId: string, billingCycle: string, amount: string) => {
    const chargeId = randomUUID();
    const charge = {
      userId: user.id,
      chargeId,
      providerChargeId: `cb_${randomUUID()}`,
      code: 'K7XQ2M9P',
      provider: 'coinbase',
      amount,
      currency: 'USD',
      cryptoCurrency: 'BTC',
      description: `${planId} plan`,
      purpose: 'subscription',
      planId,
      billingCycle,
      payerEmail: user.email,
    };
    const id = randomUUID();
    await producer.send({
      topic: eventTopic('ChargeCompleted'),
      messages: [eventMessage('ChargeCompleted', chargeId, charge, { id, occurredAt: new Date() })],
    });
    await waitFor(
      async () =>
        (await query('SELECT 1 FROM billing.crypto_payments WHERE charge_id = $1', [chargeId])).length > 0 || undefined,
      30_000,
      `ChargeCompleted ${chargeId} applied by billing`,
    );
    return chargeId;
  };

  it("lists the owner's card invoice and crypto charge, newest first, and nobody else's", async () => {
    const owner = userOf();
    const stranger = userOf();
    expect(await paymentsOf(owner)).toEqual([]);

    const invoiceId = await payByCard(owner, 'pro', 'monthly');
    const cryptoCharge = await payByCrypto(owner, 'growth', 'annual', '278.00');

    const payments = await paymentsOf(owner);
    expect(payments).toEqual([
      {
        id: cryptoCharge,
        method: 'crypto',
        description: 'Growth, annual',
        amount: '278.00',
        currency: 'USD',
        status: 'paid',
        paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        reference: cryptoCharge,
      },
      {
        id: invoiceId,
        method: 'card',
        description: 'Enterprise plus Tokenization, monthly',
        amount: '699.00',
        currency: 'USD',
        status: 'paid',
        paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        reference: invoiceId,
      },
    ]);
    expect(Date.parse(payments[0]!.paidAt)).toBeGreaterThanOrEqual(Date.parse(payments[1]!.paidAt));

    // Another user, even one who pays too, sees only their own.
    expect(await paymentsOf(stranger)).toEqual([]);
    const theirs = await payByCrypto(stranger, 'growth', 'monthly', '29.00');
    expect((await paymentsOf(stranger)).map((payment) => payment.id)).toEqual([theirs]);
    expect((await paymentsOf(owner)).map((payment) => payment.id)).toEqual([cryptoCharge, invoiceId]);
  });

  it('shows a refunded card invoice as refunded', async () => {
    const user = userOf();
    const invoiceId = await payByCard(user, 'growth', 'monthly');
    const { event } = await fake.refund(invoiceId);
    expect((await signed(JSON.stringify(event))).status).toBe(200);
    expect(await paymentsOf(user)).toEqual([
      expect.objectContaining({
        id: invoiceId,
        amount: '29.00',
        status: 'refunded',
        description: 'Growth, monthly',
      }),
    ]);
  });

  it('needs a session and a verified e-mail', async () => {
    expect((await rawRequest(`${api}/api/billing/payments`, 'GET')).status).toBe(401);
    const unverified = { ...userOf(), emailVerified: false };
    const reply = await rawRequest(`${api}/api/billing/payments`, 'GET', {
      headers: { cookie: accessCookie(unverified) },
    });
    expect(reply.status).toBe(403);
  });
});
