import { runInNewContext } from 'node:vm';
import Stripe from 'stripe';
import { stripeWebhookEndpoint, type StripeWebhookEndpoint } from '../../test-support/stripe-webhook-endpoint';
import { FakeStripePaymentsProcess } from '../../test-support/fake-stripe-payments';

// The stand-in for Stripe.js the fake serves (stripe-js.js), run as a browser runs it (the script fetched
// from the fake, then the web app's calls: Stripe(pk), elements().create('card'), mount, confirmCardPayment),
// on a minimal DOM: its confirmation pays at the fake, which delivers the signed event as Stripe would.
const PAYMENTS_SECRET = 'whsec_payments_stripe_js_spec';
const BILLING_SECRET = 'whsec_billing_stripe_js_spec';

/** A DOM node enough for the stand-in's card field: children, attributes, inputs' values and events. */
class Node {
  children: Node[] = [];
  style: Record<string, string> = {};
  dataset: Record<string, string> = {};
  attributes: Record<string, string> = {};
  listeners: Record<string, (() => void)[]> = {};
  value = '';
  append(...nodes: Node[]) {
    this.children.push(...nodes);
  }
  replaceChildren() {
    this.children = [];
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  remove() {}
  /** The inputs below this node, by their aria-label. */
  inputs(): Record<string, Node> {
    const found: Record<string, Node> = {};
    const walk = (node: Node) => {
      if (node.attributes['aria-label']) found[node.attributes['aria-label']] = node;
      node.children.forEach(walk);
    };
    walk(this);
    return found;
  }
}

interface StandInElement {
  mount(target: Node): void;
  on(event: string, handler: (payload: unknown) => void): void;
}
interface StandInStripe {
  elements(): { create(type: string): StandInElement; getElement(type: string): StandInElement | null };
  confirmCardPayment(
    secret: string,
    data: { payment_method: { card: StandInElement } },
  ): Promise<{
    paymentIntent?: { id: string; status: string };
    error?: { type: string; code?: string; message: string };
  }>;
}

describe('fake Stripe: the stand-in for Stripe.js', () => {
  let fake: FakeStripePaymentsProcess;
  let stripe: Stripe;
  let paymentsHook: StripeWebhookEndpoint;
  let billingHook: StripeWebhookEndpoint;
  let script: string;

  beforeAll(async () => {
    [paymentsHook, billingHook] = await Promise.all([stripeWebhookEndpoint(), stripeWebhookEndpoint()]);
    fake = await FakeStripePaymentsProcess.start({
      webhookUrl: paymentsHook.url,
      webhookSecret: PAYMENTS_SECRET,
      args: ['--webhook-url', billingHook.url, '--webhook-secret', BILLING_SECRET],
    });
    stripe = new Stripe('sk_test_local', {
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const response = await fetch(`${fake.url}/v3`);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    script = await response.text();
  });

  afterAll(async () => {
    await fake?.stop();
    await Promise.all([paymentsHook?.close(), billingHook?.close()]);
  });

  /** Loads the script as from <script src="<fake>/v3"> and mounts a card field with these values. */
  function cardForm(number: string, expiry = '12 / 34', cvc = '123') {
    const window: { Stripe?: (key: string) => StandInStripe; location: { origin: string } } = {
      location: { origin: 'http://localhost:8080' },
    };
    const document = {
      currentScript: { src: `${fake.url}/v3` },
      createElement: () => new Node(),
      body: new Node(),
    };
    runInNewContext(script, { window, document, fetch, URLSearchParams, URL, setTimeout });
    const standIn = window.Stripe!('pk_test_local');
    const card = standIn.elements().create('card');
    const container = new Node();
    card.mount(container);
    const inputs = container.inputs();
    inputs['Card number']!.value = number;
    inputs['Expiration date MM / YY']!.value = expiry;
    inputs['CVC']!.value = cvc;
    return { standIn, card };
  }

  const investmentIntent = () =>
    stripe.paymentIntents.create({
      amount: 102500,
      currency: 'nzd',
      metadata: { investmentId: 'inv-stand-in' },
      automatic_payment_methods: { enabled: true },
    });

  it('pays an investment with 4242 4242 4242 4242: succeeded, and payment_intent.succeeded is delivered signed', async () => {
    const intent = await investmentIntent();
    const { standIn, card } = cardForm('4242 4242 4242 4242');

    const result = await standIn.confirmCardPayment(intent.client_secret!, { payment_method: { card } });

    expect(result.error).toBeUndefined();
    expect(result.paymentIntent).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    const delivered = await paymentsHook.next('payment_intent.succeeded', intent.id);
    expect(() => stripe.webhooks.constructEvent(delivered.raw, delivered.signature, PAYMENTS_SECRET)).not.toThrow();
  });

  it('declines 4000 0000 0000 0002 with the card error, and the intent waits for another card', async () => {
    const intent = await investmentIntent();
    const { standIn, card } = cardForm('4000 0000 0000 0002');

    const result = await standIn.confirmCardPayment(intent.client_secret!, { payment_method: { card } });

    expect(result.paymentIntent).toBeUndefined();
    expect(result.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    await paymentsHook.next('payment_intent.payment_failed', intent.id);

    const retry = cardForm('4242424242424242');
    const paid = await retry.standIn.confirmCardPayment(intent.client_secret!, {
      payment_method: { card: retry.card },
    });
    expect(paid.paymentIntent?.status).toBe('succeeded');
  });

  it('checks the card in the page: an invalid number or a past expiry never reaches the fake', async () => {
    const intent = await investmentIntent();
    const before = (await (await fetch(`${fake.url}/__fake/requests`)).json()) as { data: unknown[] };

    const invalid = cardForm('4242 4242 4242 4241');
    const expired = cardForm('4242 4242 4242 4242', '01 / 20');
    const badNumber = await invalid.standIn.confirmCardPayment(intent.client_secret!, {
      payment_method: { card: invalid.card },
    });
    const past = await expired.standIn.confirmCardPayment(intent.client_secret!, {
      payment_method: { card: expired.card },
    });

    expect(badNumber.error).toMatchObject({ type: 'validation_error', code: 'invalid_number' });
    expect(past.error).toMatchObject({ type: 'validation_error', code: 'invalid_expiry_year_past' });
    const after = (await (await fetch(`${fake.url}/__fake/requests`)).json()) as { data: unknown[] };
    expect(after.data.length).toBe(before.data.length);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });

  it("answers the browser's preflight of a confirmation from a page whose requests carry extra headers", async () => {
    const preflight = await fetch(`${fake.url}/v1/payment_intents/pi_any/confirm`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:18080',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-forwarded-for',
      },
    });

    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-forwarded-for');
  });

  it("refuses a confirmation without the intent's client secret or a publishable key", async () => {
    const intent = await investmentIntent();
    const confirm = (form: Record<string, string>) =>
      fetch(`${fake.url}/v1/payment_intents/${intent.id}/confirm`, {
        method: 'POST',
        body: new URLSearchParams({ 'payment_method_data[card][number]': '4242424242424242', ...form }),
      });

    const noKey = await confirm({ client_secret: intent.client_secret! });
    const wrongSecret = await confirm({ key: 'pk_test_local', client_secret: `${intent.id}_secret_guessed` });

    expect(noKey.status).toBe(401);
    expect(wrongSecret.status).toBe(404);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });

  it("pays a subscription's first invoice from its confirmation secret: invoice.paid is delivered to billing's endpoint", async () => {
    const customer = await stripe.customers.create({ email: 'card@example.com' });
    const product = await stripe.products.create({ name: 'Pro' });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 69900,
      recurring: { interval: 'month' },
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const { standIn, card } = cardForm('4242 4242 4242 4242');

    const result = await standIn.confirmCardPayment(invoice.confirmation_secret!.client_secret, {
      payment_method: { card },
    });

    expect(result.paymentIntent?.status).toBe('succeeded');
    expect((await stripe.invoices.retrieve(invoice.id!)).status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    const delivered = await billingHook.next('invoice.paid', invoice.id);
    expect(() => stripe.webhooks.constructEvent(delivered.raw, delivered.signature, BILLING_SECRET)).not.toThrow();
  });
});
