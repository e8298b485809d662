import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { EventType } from '@app/contracts';
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
  startMailWorker,
  theOnlyMail,
  uniqueEmail,
  waitFor,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { billingConfigSchema } from '../src/config';
import { FakeStripeProcess } from './fake-stripe';

// Issue 39: a plan payment's receipt, by card (Stripe's invoice.paid) and with crypto
// (crypto-escrow's ChargeCompleted), reaches the member once however often the fact is delivered.

const config = parseConfig(billingConfigSchema);
const stripe = new Stripe('sk_test_local');
const userOf = (): AuthUser => ({ id: randomUUID(), email: uniqueEmail('receipt'), emailVerified: true, role: 'user' });

describe('billing: the receipt of a plan payment is mailed once', () => {
  let fake: FakeStripeProcess;
  let app: INestApplication;
  let worker: INestApplicationContext;
  let api: string;
  let producer: Producer;

  beforeAll(async () => {
    fake = await FakeStripeProcess.start();
    Object.assign(process.env, fake.env());
    producer = await connectEventProducer('billing-receipt-int', ['ChargeCompleted']);
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    worker = await startMailWorker();
  });

  afterAll(async () => {
    await producer?.disconnect();
    await worker?.close();
    await app?.close();
    await fake?.stop();
  });

  const signed = (payload: string) =>
    rawRequest(`${api}/api/webhooks/stripe`, 'POST', {
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: config.STRIPE_WEBHOOK_SECRET }),
      },
      body: payload,
    });

  const deliver = async (type: EventType, event: Record<string, unknown>) => {
    const id = randomUUID();
    await producer.send({
      topic: eventTopic(type),
      messages: [eventMessage(type, String(event.chargeId), event, { id, occurredAt: new Date() })],
    });
    await waitFor(
      async () => (await query('SELECT 1 FROM billing.inbox WHERE event_id = $1', [id])).length > 0 || undefined,
      30_000,
      `${type} ${id} consumed by billing`,
    );
  };

  it('card: invoice.paid delivered twice, and a second event for the same invoice, mail one receipt', async () => {
    const user = userOf();
    const created = await rawRequest(`${api}/api/create-subscription`, 'POST', {
      headers: { 'content-type': 'application/json', cookie: accessCookie(user) },
      body: JSON.stringify({
        planId: 'growth',
        billingCycle: 'annual',
        customerInfo: { name: 'Aroha Ngata', email: user.email, company: 'Kauri Coffee Roasters' },
      }),
    });
    const { subscriptionId } = created.body as { subscriptionId: string };
    const { event } = await fake.pay(subscriptionId);
    const payload = JSON.stringify(event);
    expect((await signed(payload)).status).toBe(200);
    expect((await signed(payload)).status).toBe(200);
    // Another event about the same paid invoice (a new event id): still one receipt.
    expect((await signed(JSON.stringify({ ...event, id: `${event.id}_copy` }))).status).toBe(200);

    const mail = await theOnlyMail(user.email, 'Receipt: 278.00 USD for the Growth plan');
    const [invoice] = await query<{ stripe_invoice_id: string }>(
      'SELECT stripe_invoice_id FROM billing.invoices WHERE user_id = $1',
      [user.id],
    );
    expect(mail.text).toContain('Plan: Growth (annual)');
    expect(mail.text).toContain('Amount paid: 278.00 USD, paid by card');
    expect(mail.text).toMatch(/Period: \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/);
    // The fake's invoices have no number: the receipt names the invoice by its id.
    expect(mail.text).toContain(`Reference: ${invoice!.stripe_invoice_id}`);
    expect(mail.text).toContain(`${config.PUBLIC_URL}/settings?tab=billing`);
    expect(mail.text).toContain('Payments Platform');
    expect(mail.html).toContain('278.00 USD');
    expect(mail.text).not.toMatch(/sk_test|whsec|secret/i);
  });

  it('crypto: ChargeCompleted delivered twice mails one receipt with the charge code', async () => {
    const user = userOf();
    const charge = {
      userId: user.id,
      chargeId: randomUUID(),
      providerChargeId: `cb_${randomUUID()}`,
      code: randomUUID().slice(0, 8).toUpperCase(),
      provider: 'coinbase',
      amount: '699.00',
      currency: 'USD',
      cryptoCurrency: 'ETH',
      description: 'Pro plan, one month',
      purpose: 'subscription',
      planId: 'pro',
      billingCycle: 'monthly',
      payerEmail: user.email,
    };
    await deliver('ChargeCompleted', charge);
    await deliver('ChargeCompleted', charge);

    const mail = await theOnlyMail(user.email, 'Receipt: 699.00 USD for the Enterprise plus Tokenization plan');
    expect(mail.text).toContain('Plan: Enterprise plus Tokenization (monthly)');
    expect(mail.text).toContain('Amount paid: 699.00 USD, paid with crypto');
    expect(mail.text).toContain(`Reference: ${charge.code}`);
    expect(mail.text).toMatch(/Period: \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/);
    expect(mail.html).toContain(charge.code);
  });
});
