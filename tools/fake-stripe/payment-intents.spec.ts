import Stripe from 'stripe';
import { stripeWebhookEndpoint, type StripeWebhookEndpoint } from '../../test-support/stripe-webhook-endpoint';
import { FakeStripePaymentsProcess } from '../../test-support/fake-stripe-payments';

// The fake's PaymentIntents, driven with the official SDK as the tokenization service drives them.
const PAYMENTS_SECRET = 'whsec_payments_fake_spec';
const BILLING_SECRET = 'whsec_billing_fake_spec';

type Endpoint = StripeWebhookEndpoint<{ id: string }>;
const webhookEndpoint = () => stripeWebhookEndpoint<{ id: string }>();

const sdkFor = (fake: FakeStripePaymentsProcess) =>
  new Stripe('sk_test_local', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });

/** An investment's payment, as tokenization creates it. */
const investmentParams = (investmentId: string, amount = 125000): Stripe.PaymentIntentCreateParams => ({
  amount,
  currency: 'nzd',
  metadata: { investmentId, userId: 'user-1', propertyId: 'property-1' },
  automatic_payment_methods: { enabled: true },
  description: 'Investment in 12 Queen Street, Auckland',
});

describe('fake Stripe: PaymentIntents', () => {
  let fake: FakeStripePaymentsProcess;
  let stripe: Stripe;
  let paymentsHook: Endpoint;
  let billingHook: Endpoint;

  beforeAll(async () => {
    [paymentsHook, billingHook] = await Promise.all([webhookEndpoint(), webhookEndpoint()]);
    fake = await FakeStripePaymentsProcess.start({
      webhookUrl: paymentsHook.url,
      webhookSecret: PAYMENTS_SECRET,
      args: ['--webhook-url', billingHook.url, '--webhook-secret', BILLING_SECRET],
    });
    stripe = sdkFor(fake);
  });

  afterAll(async () => {
    await fake?.stop();
    await Promise.all([paymentsHook?.close(), billingHook?.close()]);
  });

  const create = (investmentId: string, options: Stripe.RequestOptions = {}) =>
    stripe.paymentIntents.create(investmentParams(investmentId), options);
  const page = (id: string, returnUrl?: string) =>
    `${fake.url}/__fake/payment_intents/${id}/pay${returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ''}`;
  const submit = (url: string, form: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

  it('creates an intent waiting for a payment method, with a client secret, once per idempotency key', async () => {
    const intent = await create('inv-idem', { idempotencyKey: 'payments-spec-1' });
    const again = await create('inv-idem', { idempotencyKey: 'payments-spec-1' });

    expect(intent).toMatchObject({
      object: 'payment_intent',
      amount: 125000,
      amount_received: 0,
      currency: 'nzd',
      status: 'requires_payment_method',
      metadata: { investmentId: 'inv-idem', userId: 'user-1', propertyId: 'property-1' },
      description: 'Investment in 12 Queen Street, Auckland',
      automatic_payment_methods: { enabled: true },
      payment_method_types: ['card'],
      livemode: false,
      last_payment_error: null,
      latest_charge: null,
    });
    expect(intent.id).toMatch(/^pi_\w+$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_\\w+$`));
    expect(Math.abs(intent.created - Date.now() / 1000)).toBeLessThan(60);
    expect(again).toEqual(intent);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await fake.paymentIntents()).filter((pi) => pi.metadata.investmentId === 'inv-idem')).toHaveLength(1);
    const creates = (await fake.requests()).filter((r) => r.path === '/v1/payment_intents');
    expect(creates.some((r) => r.idempotencyKey === 'payments-spec-1')).toBe(true);

    await expect(create('inv-other', { idempotencyKey: 'payments-spec-1' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it('replays the first answer for a key even after the intent has moved on', async () => {
    const intent = await create('inv-replay', { idempotencyKey: 'payments-spec-2' });
    await fake.succeed(intent.id);
    expect((await create('inv-replay', { idempotencyKey: 'payments-spec-2' })).status).toBe('requires_payment_method');
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it("offers the allowed payment method types when given instead of automatic ones, as on the SDK's API version", async () => {
    const card = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'nzd',
      allowed_payment_method_types: ['card'],
    });
    expect(card).toMatchObject({
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
      automatic_payment_methods: null,
      metadata: {},
      description: null,
    });
    await expect(
      stripe.paymentIntents.create({
        amount: 5000,
        currency: 'nzd',
        allowed_payment_method_types: ['card'],
        automatic_payment_methods: { enabled: true },
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameters_exclusive' });
    // Removed from the create parameters on 2026-09-30.endive: the SDK's types no longer have it.
    const removed = { amount: 5000, currency: 'nzd', payment_method_types: ['card'] };
    await expect(stripe.paymentIntents.create(removed as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({
      statusCode: 400,
      code: 'payment_method_types_no_longer_supported',
      param: 'payment_method_types',
    });
  });

  it.each([
    [0, 'parameter_invalid_integer', 'This value must be greater than or equal to 1.'],
    [-100, 'parameter_invalid_integer', 'This value must be greater than or equal to 1.'],
    [1250.5, 'parameter_invalid_integer', 'Invalid integer: 1250.5'],
    [49, 'amount_too_small', 'Amount must be at least NZ$0.50 nzd'],
    [100_000_000, 'amount_too_large', 'Amount must be no more than NZ$999,999.99'],
  ])('refuses an amount of %p minor units as Stripe (%s)', async (amount, code, message) => {
    const before = (await fake.paymentIntents()).length;
    await expect(stripe.paymentIntents.create({ ...investmentParams('inv-bad'), amount })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code,
      param: 'amount',
      message,
      doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`,
    });
    expect(await fake.paymentIntents()).toHaveLength(before);
  });

  it('refuses an intent without an amount or a currency', async () => {
    const { amount: _amount, ...noAmount } = investmentParams('inv-no-amount');
    await expect(stripe.paymentIntents.create(noAmount as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'amount',
      message: 'Missing required param: amount.',
    });
    const { currency: _currency, ...noCurrency } = investmentParams('inv-no-currency');
    await expect(stripe.paymentIntents.create(noCurrency as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'currency',
    });
  });

  it('retrieves an intent, and answers 404 resource_missing for one it does not hold', async () => {
    const intent = await create('inv-retrieve');
    const { lastResponse: _created, ...createdFields } = intent;
    const { lastResponse: _retrieved, ...retrievedFields } = await stripe.paymentIntents.retrieve(intent.id);
    expect(retrievedFields).toEqual(createdFields);

    await expect(stripe.paymentIntents.retrieve('pi_unknown')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      param: 'intent',
      message: "No such payment_intent: 'pi_unknown'",
    });
  });

  it('succeed: succeeded with the amount received and a charge, and a signed payment_intent.succeeded for the payments endpoint', async () => {
    const intent = await create('inv-succeed');
    const outcome = await fake.succeed(intent.id);

    expect(outcome.paymentIntent).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 125000 });
    expect(outcome.paymentIntent.latest_charge).toMatch(/^ch_\w+$/);
    expect(outcome.webhookStatuses).toEqual([200]);
    const delivered = paymentsHook.of(intent.id);
    expect(delivered.map((item) => item.event.id)).toEqual(outcome.events);

    const event = stripe.webhooks.constructEvent(delivered[0]!.raw, delivered[0]!.signature, PAYMENTS_SECRET);
    expect(event.type).toBe('payment_intent.succeeded');
    expect(event.data.object).toMatchObject({
      id: intent.id,
      object: 'payment_intent',
      status: 'succeeded',
      amount: 125000,
      amount_received: 125000,
      latest_charge: outcome.paymentIntent.latest_charge,
      metadata: { investmentId: 'inv-succeed', userId: 'user-1', propertyId: 'property-1' },
    });
    expect(() => stripe.webhooks.constructEvent(delivered[0]!.raw, delivered[0]!.signature, BILLING_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'succeeded',
      amount_received: 125000,
      latest_charge: outcome.paymentIntent.latest_charge,
    });

    await expect(fake.succeed(intent.id)).rejects.toThrow(/payment_intent_unexpected_state/);

    // Stripe retries: the same event again, signed afresh.
    expect(await fake.resend(outcome.events[0])).toEqual({ events: outcome.events, webhookStatuses: [200] });
    const again = paymentsHook.of(intent.id);
    expect(again.map((item) => item.event.id)).toEqual([outcome.events[0], outcome.events[0]]);
    expect(stripe.webhooks.constructEvent(again[1]!.raw, again[1]!.signature, PAYMENTS_SECRET).data.object).toEqual(
      event.data.object,
    );
    await expect(fake.resend('evt_unknown')).rejects.toThrow(/404.*resource_missing/);
  });

  it('fail: still requires a payment method, with the decline as last_payment_error, until a card succeeds', async () => {
    const intent = await create('inv-fail');

    const declined = await fake.fail(intent.id);
    expect(declined.paymentIntent).toMatchObject({
      status: 'requires_payment_method',
      amount_received: 0,
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        type: 'card_error',
      },
    });
    expect(declined.webhookStatuses).toEqual([200]);
    const failed = await paymentsHook.next('payment_intent.payment_failed', intent.id);
    expect(stripe.webhooks.constructEvent(failed.raw, failed.signature, PAYMENTS_SECRET).data.object).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', type: 'card_error' },
    });

    await fake.fail(intent.id, 'insufficient_funds');
    expect((await stripe.paymentIntents.retrieve(intent.id)).last_payment_error).toMatchObject({
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      type: 'card_error',
    });
    await expect(fake.fail(intent.id, 'no_such_decline')).rejects.toThrow(/code must be one of card_declined/);

    await fake.succeed(intent.id);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'succeeded',
      last_payment_error: null,
    });
    expect(paymentsHook.of(intent.id).map((item) => item.event.type)).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
  });

  it('cancels an intent waiting for a payment method, not one that succeeded or was canceled, as Stripe', async () => {
    const intent = await create('inv-cancel');
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    const event = await paymentsHook.next('payment_intent.canceled', intent.id);
    expect(stripe.webhooks.constructEvent(event.raw, event.signature, PAYMENTS_SECRET).data.object).toMatchObject({
      status: 'canceled',
    });
    await expect(stripe.paymentIntents.cancel(intent.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
      message: expect.stringMatching(/^You cannot cancel this PaymentIntent because it has a status of canceled\./),
    });
    await expect(fake.succeed(intent.id)).rejects.toThrow(/it has a status of canceled/);

    const paid = await create('inv-cancel-paid');
    await fake.succeed(paid.id);
    const refused = await stripe.paymentIntents.cancel(paid.id).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
      message:
        'You cannot cancel this PaymentIntent because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.',
      payment_intent: { id: paid.id, status: 'succeeded' },
    });
    expect((await stripe.paymentIntents.retrieve(paid.id)).status).toBe('succeeded');
  });

  it("sends payment_intent events to the payments endpoint only, and billing's invoice events to billing's", async () => {
    const intent = await create('inv-routing');
    await fake.succeed(intent.id);
    expect(billingHook.received.some((item) => item.event.type.startsWith('payment_intent.'))).toBe(false);
    expect(paymentsHook.of(intent.id)).toHaveLength(1);

    const customer = await stripe.customers.create({ email: 'investor@example.com' });
    const product = await stripe.products.create({ name: 'Growth' });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'nzd',
      unit_amount: 4900,
      recurring: { interval: 'month' },
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
    });
    const paid = await fetch(`${fake.url}/__fake/subscriptions/${subscription.id}/pay`, { method: 'POST' });
    expect(paid.status).toBe(200);
    const invoice = billingHook.received.find((item) => item.event.type === 'invoice.paid');
    expect(stripe.webhooks.constructEvent(invoice!.raw, invoice!.signature, BILLING_SECRET).type).toBe('invoice.paid');
    expect(paymentsHook.received.every((item) => item.event.type.startsWith('payment_intent.'))).toBe(true);
  });

  it('hosted page: shows the amount and description escaped, and plays a decline, then a payment', async () => {
    const returnUrl = 'https://app.example/invest?step=pay&note="><script>alert(2)</script>';
    const intent = await stripe.paymentIntents.create({
      ...investmentParams('inv-page', 250075),
      description: 'Units in <script>alert(1)</script> & "Harbour" Lofts',
    });

    const shown = await fetch(page(intent.id, returnUrl));
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await shown.text();
    expect(html).toContain('<h1>Pay NZ$2,500.75</h1>');
    expect(html).toContain('Units in &#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;Harbour&#34; Lofts');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<button type="submit" name="outcome" value="succeeded">Pay</button>');
    expect(html).toContain('<button type="submit" name="outcome" value="failed">Decline</button>');
    const action = html.match(/<form method="post" action="([^"]+)">/)![1]!;
    expect(action.replace(/&#38;/g, '&')).toBe(
      new URL(page(intent.id, returnUrl)).pathname + new URL(page(intent.id, returnUrl)).search,
    );

    const declined = await submit(page(intent.id, returnUrl), { outcome: 'failed', code: 'expired_card' });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('The card was declined: Your card has expired. Try again.');
    expect((await paymentsHook.next('payment_intent.payment_failed', intent.id)).event.data.object).toMatchObject({
      last_payment_error: { code: 'expired_card' },
    });

    const refused = await submit(page(intent.id), { outcome: 'maybe' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('outcome must be succeeded or failed.');

    const paid = await submit(page(intent.id, returnUrl), { outcome: 'succeeded', code: 'card_declined' });
    expect(paid.status).toBe(200);
    const paidHtml = await paid.text();
    expect(paidHtml).toContain('Payment succeeded: <strong>NZ$2,500.75</strong> was paid.');
    expect(paidHtml).toContain(
      '<a href="https://app.example/invest?step=pay&#38;note=&#34;&#62;&#60;script&#62;alert(2)&#60;/script&#62;">Return</a>',
    );
    expect(paidHtml).not.toContain('<form');
    await paymentsHook.next('payment_intent.succeeded', intent.id);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');

    const twice = await submit(page(intent.id), { outcome: 'succeeded' });
    expect(twice.status).toBe(409);
    expect(paymentsHook.of(intent.id).map((item) => item.event.type)).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
  });

  it('hosted page: links back only to an http(s) return_url, and answers 404 for an unknown intent', async () => {
    const intent = await create('inv-page-links');
    const html = await (await fetch(page(intent.id, 'javascript:alert(1)'))).text();
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('Cancel and return');
    expect(await (await fetch(page(intent.id, 'http://localhost:8080/invest'))).text()).toContain(
      '<a href="http://localhost:8080/invest">Cancel and return</a>',
    );
    expect((await fetch(page('pi_unknown'))).status).toBe(404);
  });
});

describe('fake Stripe: PaymentIntents without a payments endpoint', () => {
  let fake: FakeStripePaymentsProcess;
  let stripe: Stripe;
  let firstHook: Endpoint;
  let paymentsHook: Endpoint;

  beforeAll(async () => {
    [firstHook, paymentsHook] = await Promise.all([webhookEndpoint(), webhookEndpoint()]);
    fake = await FakeStripePaymentsProcess.start({
      args: ['--webhook-url', firstHook.url, '--webhook-secret', BILLING_SECRET],
    });
    stripe = sdkFor(fake);
  });

  afterAll(async () => {
    await fake?.stop();
    await Promise.all([firstHook?.close(), paymentsHook?.close()]);
  });

  it('sends their events to the first endpoint, as before, until one is set at runtime', async () => {
    const before = await stripe.paymentIntents.create(investmentParams('inv-before'));
    await fake.succeed(before.id);
    const toFirst = firstHook.of(before.id);
    expect(toFirst.map((item) => item.event.type)).toEqual(['payment_intent.succeeded']);
    expect(stripe.webhooks.constructEvent(toFirst[0]!.raw, toFirst[0]!.signature, BILLING_SECRET).type).toBe(
      'payment_intent.succeeded',
    );

    await fake.useWebhook(paymentsHook.url, PAYMENTS_SECRET);
    const after = await stripe.paymentIntents.create(investmentParams('inv-after'));
    const outcome = await fake.fail(after.id);
    expect(outcome.webhookStatuses).toEqual([200]);
    expect(firstHook.of(after.id)).toHaveLength(0);
    const delivered = paymentsHook.of(after.id);
    expect(stripe.webhooks.constructEvent(delivered[0]!.raw, delivered[0]!.signature, PAYMENTS_SECRET).type).toBe(
      'payment_intent.payment_failed',
    );
    expect((await fake.deliveries()).find((d) => d.event === outcome.events[0])).toMatchObject({
      type: 'payment_intent.payment_failed',
      url: paymentsHook.url,
      status: 200,
      error: null,
    });
  });
});
