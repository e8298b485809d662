#!/usr/bin/env node
// A FAKE Stripe API server: a test double for the billing service's tests and the offline demo.
// It is not Stripe. It implements only the calls services/billing makes, with Stripe's wire
// format (form-encoded bodies as the SDK sends them, `expand[]`, list objects, error shape):
//   POST /v1/customers                      GET  /v1/prices?lookup_keys[]=...   POST /v1/prices
//   POST /v1/products                       POST /v1/subscriptions               GET  /v1/subscriptions/:id
//   POST /v1/subscriptions/:id              GET  /v1/invoice_payments?payment[payment_intent]=pi_...
//   GET  /v1/invoices/:id
// POSTs honour the Idempotency-Key header as Stripe does: the same key with the same request answers the
// first request's stored status and body again (header Idempotent-Replayed: true) and changes nothing; the
// same key with another request is a 400 idempotency_error.
// Test controls (not Stripe): GET /__fake/requests lists the calls received, GET /__fake/invoices/:id
// shows an invoice with its PaymentIntent, GET /__fake/customers and /__fake/subscriptions list what exists;
// POST /__fake/subscriptions/:id/pay marks the first invoice paid and,
// when started with a webhook URL and secret, delivers a signed invoice.paid event there.
// POST /__fake/invoices/:id/dispute [amount=] opens a dispute (a chargeback) on a paid invoice's charge
// (charge.dispute.created); POST /__fake/disputes/:id/funds_withdrawn, /funds_reinstated and /close
// [status=won|lost] move it on with the matching charge.dispute.* event, delivered the same way.
//   node tools/fake-stripe/server.mjs --port 12111 [--webhook-url URL --webhook-secret whsec_...]
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const newId = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Decodes Stripe's bracketed form encoding (a[b]=1&c[0]=x) into nested objects and arrays. */
export function decodeForm(text) {
  const root = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (last) node[key] = value;
      else node = node[key] ??= {};
    });
  }
  const arrays = (value) => {
    if (value === null || typeof value !== 'object') return value;
    const keys = Object.keys(value);
    const out = keys.length && keys.every((k, i) => k === String(i)) ? keys.map((k) => value[k]) : value;
    for (const k of Object.keys(out)) out[k] = arrays(out[k]);
    return out;
  };
  return arrays(root);
}

const list = (url, data) => ({ object: 'list', url, has_more: false, data });

class StripeError extends Error {
  constructor(status, message, type = 'invalid_request_error', param) {
    super(message);
    this.status = status;
    this.body = { error: { type, message, ...(param ? { param } : {}) } };
  }
}
const missing = (what, id) => new StripeError(404, `No such ${what}: '${id}'`, 'invalid_request_error', 'id');

/** Everything the fake holds; tests read it (e.g. how many calls were made). */
export function createState() {
  return {
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    disputes: new Map(),
    /** Idempotency-Key -> { request: method, path and body, status, body: the stored answer }. */
    idempotent: new Map(),
    /** Every request: { method, path, body, idempotencyKey? }. */
    requests: [],
  };
}

function invoiceView(state, invoice, expandSecret) {
  const { payment_intent: _pi, client_secret: secret, charge: _charge, ...rest } = invoice;
  return expandSecret ? { ...rest, confirmation_secret: { client_secret: secret, type: 'payment_intent' } } : rest;
}

function subscriptionView(state, subscription, expand = []) {
  const invoice = state.invoices.get(subscription.latest_invoice);
  const expanded = expand.some((path) => path === 'latest_invoice' || path.startsWith('latest_invoice.'));
  return {
    ...subscription,
    latest_invoice:
      expanded && invoice
        ? invoiceView(state, invoice, expand.includes('latest_invoice.confirmation_secret'))
        : subscription.latest_invoice,
  };
}

function createSubscription(state, body) {
  const customer = state.customers.get(body.customer);
  if (!customer) throw missing('customer', body.customer);
  const priceId = body.items?.[0]?.price;
  const price = state.prices.get(priceId);
  if (!price) throw missing('price', priceId);
  const start = now();
  const end = start + (price.recurring.interval === 'year' ? 365 : 30) * 86400;
  const id = newId('sub');
  const invoiceId = newId('in');
  const paymentIntent = newId('pi');
  state.invoices.set(invoiceId, {
    id: invoiceId,
    object: 'invoice',
    customer: customer.id,
    status: 'open',
    currency: price.currency,
    amount_due: price.unit_amount,
    amount_paid: 0,
    amount_remaining: price.unit_amount,
    period_start: start,
    period_end: start,
    created: start,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: id, metadata: body.metadata ?? {} },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [{ id: newId('il'), object: 'line_item', amount: price.unit_amount, period: { start, end } }],
    },
    payment_intent: paymentIntent,
    client_secret: `${paymentIntent}_secret_${randomBytes(12).toString('hex')}`,
  });
  const subscription = {
    id,
    object: 'subscription',
    customer: customer.id,
    status: body.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active',
    cancel_at_period_end: false,
    created: start,
    metadata: body.metadata ?? {},
    items: {
      object: 'list',
      has_more: false,
      data: [
        { id: newId('si'), object: 'subscription_item', price, current_period_start: start, current_period_end: end },
      ],
    },
    latest_invoice: invoiceId,
  };
  state.subscriptions.set(id, subscription);
  return subscription;
}

/** Marks a subscription's first invoice paid (what confirming the card would do) and returns both. */
export function paySubscription(state, subscriptionId) {
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription) throw missing('subscription', subscriptionId);
  const invoice = state.invoices.get(subscription.latest_invoice);
  Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
  subscription.status = 'active';
  return { subscription, invoice: invoiceView(state, invoice, false) };
}

/** Opens a dispute (needs_response: a chargeback, the amount withdrawn) on a paid invoice's charge. */
export function disputeInvoice(state, invoiceId, body = {}) {
  const invoice = state.invoices.get(invoiceId);
  if (!invoice) throw missing('invoice', invoiceId);
  if (invoice.status !== 'paid') throw new StripeError(400, `Invoice ${invoiceId} has no successful charge.`);
  invoice.charge ??= newId('ch');
  const dispute = {
    id: newId('du'),
    object: 'dispute',
    amount: body.amount === undefined ? invoice.amount_paid : Number(body.amount),
    balance_transactions: [],
    charge: invoice.charge,
    created: now(),
    currency: invoice.currency,
    evidence_details: { due_by: now() + 7 * 86400, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: invoice.payment_intent,
    reason: body.reason ?? 'fraudulent',
    status: body.status ?? 'needs_response',
  };
  state.disputes.set(dispute.id, dispute);
  return dispute;
}

/** What Stripe does to a dispute on each step: funds_withdrawn, funds_reinstated, or close (won or lost). */
export function moveDispute(state, disputeId, step, body = {}) {
  const dispute = state.disputes.get(disputeId);
  if (!dispute) throw missing('dispute', disputeId);
  if (step === 'funds_withdrawn') return { type: 'charge.dispute.funds_withdrawn', dispute };
  if (step === 'funds_reinstated') return { type: 'charge.dispute.funds_reinstated', dispute };
  if (step === 'close') {
    if (!['won', 'lost'].includes(body.status))
      throw new StripeError(400, 'status must be won or lost', undefined, 'status');
    dispute.status = body.status;
    return { type: 'charge.dispute.closed', dispute };
  }
  throw new StripeError(404, `Unknown dispute step ${step}.`);
}

/** A Stripe event envelope around an object, as webhooks deliver it. */
export const eventOf = (type, object) => ({
  id: newId('evt'),
  object: 'event',
  api_version: '2026-10-28.endive',
  created: now(),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: { object },
});

/** The Stripe-Signature header for a payload (same scheme as stripe.webhooks.generateTestHeaderString). */
export const signatureOf = (payload, secret, timestamp = now()) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

function route(state, method, path, body) {
  const parts = path.split('/').filter(Boolean);
  const [version, resource, id] = parts;
  if (version === '__fake' && resource === 'requests' && method === 'GET')
    return list('/__fake/requests', state.requests);
  if (version === '__fake' && resource === 'customers' && method === 'GET' && !id) {
    return list('/__fake/customers', [...state.customers.values()]);
  }
  if (version === '__fake' && resource === 'subscriptions' && method === 'GET' && !id) {
    return list('/__fake/subscriptions', [...state.subscriptions.values()]);
  }
  if (version === '__fake' && resource === 'invoices' && parts[3] === 'dispute' && method === 'POST') {
    const dispute = disputeInvoice(state, id, body);
    return { dispute, deliver: eventOf('charge.dispute.created', dispute) };
  }
  if (version === '__fake' && resource === 'disputes' && parts[3] && method === 'POST') {
    const { type, dispute } = moveDispute(state, id, parts[3], body);
    return { dispute, deliver: eventOf(type, { ...dispute }) };
  }
  if (version === '__fake' && resource === 'invoices' && method === 'GET') {
    if (!state.invoices.has(id)) throw missing('invoice', id);
    return state.invoices.get(id);
  }
  if (version === '__fake' && resource === 'subscriptions' && parts[3] === 'pay' && method === 'POST') {
    const paid = paySubscription(state, id);
    return { ...paid, deliver: eventOf('invoice.paid', paid.invoice) };
  }
  if (version !== 'v1') throw new StripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  const expand = body.expand ?? [];
  if (resource === 'customers' && method === 'POST' && !id) {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      email: body.email ?? null,
      name: body.name ?? null,
      business_name: body.business_name ?? null,
      metadata: body.metadata ?? {},
      created: now(),
    };
    state.customers.set(customer.id, customer);
    return customer;
  }
  if (resource === 'products' && method === 'POST' && !id) {
    const product = {
      id: newId('prod'),
      object: 'product',
      name: body.name,
      active: true,
      metadata: body.metadata ?? {},
    };
    state.products.set(product.id, product);
    return product;
  }
  if (resource === 'prices' && method === 'GET' && !id) {
    const keys = body.lookup_keys ?? [];
    const found = [...state.prices.values()].filter(
      (price) => keys.includes(price.lookup_key) && (body.active === undefined || String(price.active) === body.active),
    );
    return list('/v1/prices', found.slice(0, Number(body.limit ?? 10)));
  }
  if (resource === 'prices' && method === 'POST' && !id) {
    if (!state.products.has(body.product)) throw missing('product', body.product);
    if (body.transfer_lookup_key === 'true') {
      for (const other of state.prices.values()) if (other.lookup_key === body.lookup_key) other.lookup_key = null;
    }
    const price = {
      id: newId('price'),
      object: 'price',
      active: true,
      currency: body.currency,
      unit_amount: Number(body.unit_amount),
      recurring: { interval: body.recurring?.interval, interval_count: 1 },
      lookup_key: body.lookup_key ?? null,
      product: body.product,
      type: 'recurring',
      metadata: body.metadata ?? {},
    };
    state.prices.set(price.id, price);
    return price;
  }
  if (resource === 'subscriptions' && method === 'POST' && !id) {
    return subscriptionView(state, createSubscription(state, body), expand);
  }
  if (resource === 'subscriptions' && id) {
    const subscription = state.subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    if (method === 'POST' && body.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
    }
    if (method === 'GET' || method === 'POST') return subscriptionView(state, subscription, expand);
  }
  if (resource === 'invoices' && method === 'GET' && id) {
    if (!state.invoices.has(id)) throw missing('invoice', id);
    return invoiceView(state, state.invoices.get(id), false);
  }
  if (resource === 'invoice_payments' && method === 'GET' && !id) {
    const intent = body.payment?.payment_intent;
    const invoices = [...state.invoices.values()].filter((invoice) => invoice.payment_intent === intent);
    return list(
      '/v1/invoice_payments',
      invoices.map((invoice) => ({
        id: newId('inpay'),
        object: 'invoice_payment',
        invoice: invoice.id,
        payment: { type: 'payment_intent', payment_intent: intent },
        status: invoice.status === 'paid' ? 'paid' : 'open',
      })),
    );
  }
  throw new StripeError(404, `Unrecognized request URL (${method}: ${path}).`);
}

/** Starts the fake on loopback; port 0 picks a free one. */
export function startFakeStripe({ port = 0, host = '127.0.0.1', webhookUrl, webhookSecret } = {}) {
  const state = createState();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const raw = Buffer.concat(chunks).toString();
      const body = req.method === 'GET' ? decodeForm(url.search.slice(1)) : decodeForm(raw);
      const isApi = !url.pathname.startsWith('/__fake/');
      // Stripe ignores the key on GET and DELETE, which are idempotent anyway.
      const key = isApi && req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      if (isApi) {
        state.requests.push({ method: req.method, path: url.pathname, body, ...(key ? { idempotencyKey: key } : {}) });
      }
      const reply = (status, json, headers = {}) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          ...(key ? { 'idempotency-key': key } : {}),
          ...headers,
        });
        res.end(JSON.stringify(json));
      };
      // Replies of requests that ran are stored under their key (errors too, as Stripe does).
      const answer = (status, json) => {
        if (key) state.idempotent.set(key, { request: `${req.method} ${url.pathname} ${raw}`, status, body: json });
        reply(status, json);
      };
      if (isApi && !/^Bearer [sr]k_\w+$/.test(req.headers.authorization ?? '')) {
        return reply(401, new StripeError(401, 'Invalid API Key provided.').body);
      }
      const stored = key ? state.idempotent.get(key) : undefined;
      if (stored && stored.request !== `${req.method} ${url.pathname} ${raw}`) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        return reply(400, { error: { type: 'idempotency_error', message } });
      }
      if (stored) return reply(stored.status, stored.body, { 'idempotent-replayed': 'true' });
      try {
        const result = route(state, req.method, url.pathname, body);
        if (result?.deliver) {
          const { deliver, ...rest } = result;
          if (webhookUrl && webhookSecret) {
            const payload = JSON.stringify(deliver);
            const delivered = await fetch(webhookUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'stripe-signature': signatureOf(payload, webhookSecret) },
              body: payload,
            });
            return reply(200, { ...rest, event: deliver.id, webhookStatus: delivered.status });
          }
          return reply(200, { ...rest, event: deliver });
        }
        answer(200, result);
      } catch (error) {
        if (error instanceof StripeError) return answer(error.status, error.body);
        answer(500, { error: { type: 'api_error', message: String(error?.message ?? error) } });
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolve({
        url: `http://${host}:${actual}`,
        host,
        port: actual,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const fake = await startFakeStripe({
    port: Number(arg('port') ?? process.env.PORT ?? 12111),
    webhookUrl: arg('webhook-url') ?? process.env.FAKE_STRIPE_WEBHOOK_URL,
    webhookSecret: arg('webhook-secret') ?? process.env.STRIPE_WEBHOOK_SECRET,
  });
  console.warn(`fake Stripe API (a test double, not Stripe) listening on ${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
