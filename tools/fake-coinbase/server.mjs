#!/usr/bin/env node
// A FAKE Coinbase Commerce charges API: a test double for services/crypto-escrow's tests and the
// offline demo. It is not Coinbase. It implements the calls the service's charge adapter makes,
// with Commerce's wire format (X-CC-Api-Key, X-CC-Version, { data } envelopes, timeline statuses):
//   POST /charges                 GET /charges/:id_or_code
// Test controls (not Coinbase):
//   GET  /__fake/requests                       the API calls received
//   POST /__fake/charges/:id/resolve {status, context?, cryptoCurrency?, deliver?, webhookUrl?}
//        moves the charge to PENDING / COMPLETED / EXPIRED / CANCELED / UNRESOLVED / RESOLVED, records
//        the event Commerce would send and, when a webhook URL is known (--webhook-url or the body)
//        and deliver is not false, posts it signed. A payment after expiry is played as Commerce
//        reports it: EXPIRED, then UNRESOLVED with context DELAYED (charge:delayed), then RESOLVED
//        (charge:resolved) once the merchant resolves it; a late COMPLETED is accepted too.
//   POST /__fake/charges/:id/webhook {webhookUrl?}  (re)delivers the charge's latest event
//   GET  /__fake/events?charge=:id               the events recorded (oldest first), with their data
//   POST /__fake/events/:eventId/deliver {webhookUrl?}  delivers a recorded event again, as it was
//        (Commerce retries deliveries, and they may arrive late and out of order)
//   POST /__fake/outage {on}                    every API call answers 503 while on
//   GET  /pay/:code                              the hosted page: a developer plays the payer (pay / cancel,
//                                                and on an expired charge a late payment, then resolve)
// Webhooks are signed like Commerce's: X-CC-Webhook-Signature = hex HMAC-SHA256 of the raw body.
//   node tools/fake-coinbase/server.mjs --port 12121 [--webhook-url URL] [--webhook-secret S] [--api-key K]
// (secret and key also from COINBASE_COMMERCE_WEBHOOK_SECRET / COINBASE_COMMERCE_API_KEY)
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const API_VERSION = '2018-03-22';
const CHARGE_LIFETIME_MS = 60 * 60 * 1000;
const eventTypes = {
  NEW: 'charge:created',
  PENDING: 'charge:pending',
  COMPLETED: 'charge:confirmed',
  EXPIRED: 'charge:failed',
  CANCELED: 'charge:failed',
  RESOLVED: 'charge:resolved',
};
/** UNRESOLVED after expiry (DELAYED) is charge:delayed; Commerce names no event for the other contexts, the fake sends charge:failed. */
const eventTypeOf = (entry) =>
  entry.status === 'UNRESOLVED'
    ? entry.context === 'DELAYED'
      ? 'charge:delayed'
      : 'charge:failed'
    : (eventTypes[entry.status] ?? 'charge:pending');
const statuses = ['PENDING', 'COMPLETED', 'EXPIRED', 'CANCELED', 'UNRESOLVED', 'RESOLVED'];
const unresolvedContexts = ['DELAYED', 'OVERPAID', 'UNDERPAID', 'MULTIPLE', 'OTHER'];
const networkOf = { BTC: 'bitcoin', ETH: 'ethereum', MATIC: 'polygon', USDC: 'usdc' };

class ApiError extends Error {
  constructor(status, type, message) {
    super(message);
    this.status = status;
    this.body = { error: { type, message } };
  }
}

const shortCode = () => Array.from(randomBytes(8), (byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[byte % 32]).join('');
const address = (network) =>
  network === 'bitcoin' ? `bc1q${randomBytes(19).toString('hex')}` : `0x${randomBytes(20).toString('hex')}`;

export const signatureOf = (payload, secret) => createHmac('sha256', secret).update(payload).digest('hex');

export function createState() {
  /** events: every event Commerce would have sent, oldest first: { event, chargeId, attempts }. */
  return { charges: new Map(), requests: [], events: [], outage: false };
}

const lastEntryOf = (charge) => charge.timeline[charge.timeline.length - 1];
const statusOf = (charge) => lastEntryOf(charge).status;

function expireIfDue(state, charge) {
  if (statusOf(charge) === 'NEW' && Date.parse(charge.expires_at) < Date.now()) {
    charge.timeline.push({ time: new Date().toISOString(), status: 'EXPIRED' });
    recordEvent(state, charge);
  }
  return charge;
}

function createCharge(state, body, baseUrl) {
  const amount = body?.local_price?.amount;
  const currency = body?.local_price?.currency;
  if (!body?.name || typeof body.name !== 'string') throw new ApiError(400, 'invalid_request', 'name is required');
  if (body.pricing_type !== 'fixed_price' && body.pricing_type !== 'no_price') {
    throw new ApiError(400, 'invalid_request', 'pricing_type must be fixed_price or no_price');
  }
  if (body.pricing_type === 'fixed_price' && (!/^\d+(\.\d+)?$/.test(String(amount ?? '')) || !currency)) {
    throw new ApiError(400, 'invalid_request', 'local_price is required for fixed_price');
  }
  const created = new Date();
  const id = randomUUID();
  const code = shortCode();
  const addresses = Object.fromEntries(Object.values(networkOf).map((network) => [network, address(network)]));
  const charge = {
    id,
    resource: 'charge',
    code,
    name: body.name,
    description: body.description ?? '',
    hosted_url: `${baseUrl}/pay/${code}`,
    created_at: created.toISOString(),
    expires_at: new Date(created.getTime() + CHARGE_LIFETIME_MS).toISOString(),
    pricing_type: body.pricing_type,
    pricing: body.pricing_type === 'fixed_price' ? { local: { amount: String(amount), currency } } : {},
    addresses,
    metadata: body.metadata ?? {},
    payments: [],
    timeline: [{ time: created.toISOString(), status: 'NEW' }],
    redirect_url: body.redirect_url ?? null,
    cancel_url: body.cancel_url ?? null,
  };
  state.charges.set(id, charge);
  return charge;
}

function findCharge(state, idOrCode) {
  const charge = state.charges.get(idOrCode) ?? [...state.charges.values()].find((c) => c.code === idOrCode);
  if (!charge) throw new ApiError(404, 'not_found', 'Not found');
  return expireIfDue(state, charge);
}

/** Records the event Commerce sends for the charge's current status: a snapshot of the charge then. */
function recordEvent(state, charge) {
  const entry = {
    chargeId: charge.id,
    attempts: 0,
    event: {
      id: randomUUID(),
      resource: 'event',
      type: eventTypeOf(lastEntryOf(charge)),
      api_version: API_VERSION,
      created_at: new Date().toISOString(),
      data: structuredClone(charge),
    },
  };
  state.events.push(entry);
  return entry;
}

/** The webhook envelope Commerce posts for an event (one per delivery attempt). */
export const webhookOf = (entry) => ({
  id: randomUUID(),
  scheduled_for: new Date().toISOString(),
  attempt_number: entry.attempts,
  event: entry.event,
});

function resolveCharge(state, id, body) {
  const charge = findCharge(state, id);
  const status = String(body.status ?? 'COMPLETED').toUpperCase();
  if (!statuses.includes(status)) {
    throw new ApiError(400, 'invalid_request', `status must be one of ${statuses.join(', ')}`);
  }
  const current = statusOf(charge);
  const context = status === 'UNRESOLVED' ? String(body.context ?? 'DELAYED').toUpperCase() : undefined;
  if (context && !unresolvedContexts.includes(context)) {
    throw new ApiError(400, 'invalid_request', `context must be one of ${unresolvedContexts.join(', ')}`);
  }
  // As Commerce: a payment after expiry is UNRESOLVED (DELAYED); only an unresolved charge is resolved.
  if (context === 'DELAYED' && current !== 'EXPIRED') {
    throw new ApiError(400, 'invalid_request', 'only an expired charge can be paid late (DELAYED)');
  }
  if (status === 'RESOLVED' && current !== 'UNRESOLVED') {
    throw new ApiError(400, 'invalid_request', 'only an UNRESOLVED charge can be resolved');
  }
  if (status === 'COMPLETED' || status === 'PENDING' || status === 'UNRESOLVED') {
    const symbol = String(body.cryptoCurrency ?? 'BTC').toUpperCase();
    const network = networkOf[symbol] ?? 'ethereum';
    if (!charge.payments.length) {
      charge.payments.push({
        network,
        transaction_id: randomBytes(32).toString('hex'),
        status: status === 'PENDING' ? 'PENDING' : 'CONFIRMED',
        detected_at: new Date().toISOString(),
        value: { local: charge.pricing.local ?? null, crypto: { amount: null, currency: symbol } },
      });
    } else {
      charge.payments[0].status = status === 'PENDING' ? 'PENDING' : 'CONFIRMED';
    }
  }
  const changed = current !== status || (context && lastEntryOf(charge).context !== context);
  if (changed) charge.timeline.push({ time: new Date().toISOString(), status, ...(context ? { context } : {}) });
  return { charge, event: changed ? recordEvent(state, charge) : latestEventOf(state, charge) };
}

/** The charge's latest recorded event, or a new one for its current status. */
function latestEventOf(state, charge) {
  const events = state.events.filter((entry) => entry.chargeId === charge.id);
  const last = events[events.length - 1];
  return last && last.event.data.timeline.length === charge.timeline.length ? last : recordEvent(state, charge);
}

async function deliver(entry, webhookUrl, secret) {
  entry.attempts += 1;
  const payload = JSON.stringify(webhookOf(entry));
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-cc-webhook-signature': signatureOf(payload, secret) },
    body: payload,
  });
  return response.status;
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The hosted payment page of the fake (hosted_url): shows the charge and lets a developer play the
 * payer, marking it paid or cancelled; the signed webhook follows as from Coinbase. Dev demo only.
 */
const payActions = {
  complete: { status: 'COMPLETED' },
  cancel: { status: 'CANCELED' },
  'pay-late': { status: 'UNRESOLVED', context: 'DELAYED' },
  resolve: { status: 'RESOLVED' },
};

async function payPage(state, code, action, method, res, { webhookUrl, webhookSecret }) {
  const charge = findCharge(state, code);
  if (method === 'POST' && payActions[action]) {
    const { event } = resolveCharge(state, charge.id, payActions[action]);
    if (webhookUrl && webhookSecret) await deliver(event, webhookUrl, webhookSecret).catch(() => null);
    res.writeHead(303, { location: `/pay/${charge.code}` });
    return res.end();
  }
  const price = charge.pricing.local ? `${charge.pricing.local.amount} ${charge.pricing.local.currency}` : 'no price';
  const open = ['NEW', 'PENDING'].includes(statusOf(charge));
  const button = (name, label) =>
    `<form method="post" action="/pay/${charge.code}/${name}"><button>${label}</button></form>`;
  const late =
    statusOf(charge) === 'EXPIRED'
      ? button('pay-late', 'Simulate late payment (after expiry)')
      : statusOf(charge) === 'UNRESOLVED'
        ? button('resolve', 'Resolve (merchant accepts the payment)')
        : '';
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Coinbase Commerce</title></head>
<body><main><h1>Fake Coinbase Commerce (test double, no real payment)</h1>
<p>${escapeHtml(charge.description || charge.name)}: <strong>${escapeHtml(price)}</strong></p>
<p>Status: <strong>${escapeHtml(statusOf(charge))}</strong></p>
${open ? `${button('complete', 'Simulate payment')}\n${button('cancel', 'Cancel payment')}` : late}
</main></body></html>`);
}

/** Starts the fake on loopback; port 0 picks a free one. */
export function startFakeCoinbase({ port = 0, host = '127.0.0.1', webhookUrl, webhookSecret, apiKey } = {}) {
  const state = createState();
  let baseUrl = '';
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake-coinbase');
      const parts = url.pathname.split('/').filter(Boolean);
      const reply = (status, json) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      try {
        let body = {};
        if (chunks.length) {
          try {
            body = JSON.parse(Buffer.concat(chunks).toString());
          } catch {
            throw new ApiError(400, 'invalid_request', 'Malformed JSON');
          }
        }
        if (parts[0] === '__fake') {
          if (parts[1] === 'requests' && req.method === 'GET') return reply(200, { data: state.requests });
          if (parts[1] === 'outage' && req.method === 'POST') {
            state.outage = body.on !== false;
            return reply(200, { outage: state.outage });
          }
          const target = body.webhookUrl ?? webhookUrl;
          const send = async (event) =>
            target && webhookSecret && body.deliver !== false ? deliver(event, target, webhookSecret) : null;
          if (parts[1] === 'charges' && parts[2] && req.method === 'POST') {
            let charge;
            let event;
            if (parts[3] === 'resolve') ({ charge, event } = resolveCharge(state, parts[2], body));
            else if (parts[3] === 'webhook') {
              charge = findCharge(state, parts[2]);
              event = latestEventOf(state, charge);
            } else throw new ApiError(404, 'not_found', 'Not found');
            const webhookStatus = await send(event);
            return reply(200, { data: charge, event: { id: event.event.id, type: event.event.type }, webhookStatus });
          }
          if (parts[1] === 'events' && !parts[2] && req.method === 'GET') {
            const charge = url.searchParams.get('charge');
            const events = state.events.filter((entry) => !charge || entry.chargeId === charge);
            return reply(200, { data: events.map((entry) => ({ ...entry.event, attempts: entry.attempts })) });
          }
          if (parts[1] === 'events' && parts[2] && parts[3] === 'deliver' && req.method === 'POST') {
            const event = state.events.find((entry) => entry.event.id === parts[2]);
            if (!event) throw new ApiError(404, 'not_found', 'No such event');
            if (!target || !webhookSecret) throw new ApiError(400, 'invalid_request', 'no webhook URL or secret');
            return reply(200, { id: event.event.id, type: event.event.type, webhookStatus: await send(event) });
          }
          throw new ApiError(404, 'not_found', 'Not found');
        }
        if (parts[0] === 'pay' && parts[1])
          return payPage(state, parts[1], parts[2], req.method, res, { webhookUrl, webhookSecret });
        state.requests.push({ method: req.method, path: url.pathname, body });
        if (state.outage) throw new ApiError(503, 'service_unavailable', 'Service temporarily unavailable');
        const key = req.headers['x-cc-api-key'];
        if (!key || (apiKey && key !== apiKey)) throw new ApiError(401, 'authorization_error', 'No such API key.');
        if (parts[0] === 'charges' && parts.length === 1 && req.method === 'POST') {
          return reply(201, { data: createCharge(state, body, baseUrl) });
        }
        if (parts[0] === 'charges' && parts.length === 2 && req.method === 'GET') {
          return reply(200, { data: findCharge(state, parts[1]) });
        }
        throw new ApiError(404, 'not_found', 'Not found');
      } catch (error) {
        if (error instanceof ApiError) return reply(error.status, error.body);
        reply(500, { error: { type: 'internal_server_error', message: String(error?.message ?? error) } });
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      baseUrl = `http://${host}:${actual}`;
      resolve({ url: baseUrl, port: actual, state, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const fake = await startFakeCoinbase({
    port: Number(arg('port') ?? process.env.PORT ?? 12121),
    webhookUrl: arg('webhook-url') ?? process.env.FAKE_COINBASE_WEBHOOK_URL,
    webhookSecret: arg('webhook-secret') ?? process.env.COINBASE_COMMERCE_WEBHOOK_SECRET,
    apiKey: arg('api-key') ?? process.env.COINBASE_COMMERCE_API_KEY,
  });
  console.warn(`fake Coinbase Commerce API (a test double, not Coinbase) listening on ${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
