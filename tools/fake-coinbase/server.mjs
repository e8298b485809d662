#!/usr/bin/env node
// A FAKE Coinbase Commerce charges API: a test double for services/crypto-escrow's tests and the
// offline demo. It is not Coinbase. It implements the calls the service's charge adapter makes,
// with Commerce's wire format (X-CC-Api-Key, X-CC-Version, { data } envelopes, timeline statuses):
//   POST /charges                 GET /charges/:id_or_code
// Test controls (not Coinbase):
//   GET  /__fake/requests                       the API calls received
//   POST /__fake/charges/:id/resolve {status, cryptoCurrency?, deliver?, webhookUrl?}
//        moves the charge to COMPLETED / EXPIRED / CANCELED / PENDING and, when a webhook URL is
//        known (--webhook-url or the body) and deliver is not false, posts the signed event there
//   POST /__fake/charges/:id/webhook {webhookUrl?}  (re)delivers the event for the current status
//   POST /__fake/outage {on}                    every API call answers 503 while on
//   GET  /pay/:code                              the hosted page: a developer plays the payer (pay / cancel)
// Webhooks are signed like Commerce's: X-CC-Webhook-Signature = hex HMAC-SHA256 of the raw body.
//   node tools/fake-coinbase/server.mjs --port 12121 [--webhook-url URL] [--webhook-secret S] [--api-key K]
// (secret and key also from COINBASE_COMMERCE_WEBHOOK_SECRET / COINBASE_COMMERCE_API_KEY)
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const API_VERSION = '2018-03-22';
const CHARGE_LIFETIME_MS = 60 * 60 * 1000;
const eventTypeOf = {
  NEW: 'charge:created',
  PENDING: 'charge:pending',
  COMPLETED: 'charge:confirmed',
  EXPIRED: 'charge:failed',
  CANCELED: 'charge:failed',
};
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
  return { charges: new Map(), requests: [], outage: false };
}

const statusOf = (charge) => charge.timeline[charge.timeline.length - 1].status;

function expireIfDue(charge) {
  if (statusOf(charge) === 'NEW' && Date.parse(charge.expires_at) < Date.now()) {
    charge.timeline.push({ time: new Date().toISOString(), status: 'EXPIRED' });
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
  return expireIfDue(charge);
}

/** The webhook envelope Commerce posts for a charge event. */
export const webhookOf = (charge) => ({
  id: randomUUID(),
  scheduled_for: new Date().toISOString(),
  attempt_number: 1,
  event: {
    id: randomUUID(),
    resource: 'event',
    type: eventTypeOf[statusOf(charge)] ?? 'charge:pending',
    api_version: API_VERSION,
    created_at: new Date().toISOString(),
    data: charge,
  },
});

function resolveCharge(state, id, body) {
  const charge = findCharge(state, id);
  const status = String(body.status ?? 'COMPLETED').toUpperCase();
  if (!['PENDING', 'COMPLETED', 'EXPIRED', 'CANCELED'].includes(status)) {
    throw new ApiError(400, 'invalid_request', 'status must be PENDING, COMPLETED, EXPIRED or CANCELED');
  }
  if (status === 'COMPLETED' || status === 'PENDING') {
    const symbol = String(body.cryptoCurrency ?? 'BTC').toUpperCase();
    const network = networkOf[symbol] ?? 'ethereum';
    if (!charge.payments.length) {
      charge.payments.push({
        network,
        transaction_id: randomBytes(32).toString('hex'),
        status: status === 'COMPLETED' ? 'CONFIRMED' : 'PENDING',
        detected_at: new Date().toISOString(),
        value: { local: charge.pricing.local ?? null, crypto: { amount: null, currency: symbol } },
      });
    } else {
      charge.payments[0].status = status === 'COMPLETED' ? 'CONFIRMED' : 'PENDING';
    }
  }
  if (statusOf(charge) !== status) charge.timeline.push({ time: new Date().toISOString(), status });
  return charge;
}

async function deliver(charge, webhookUrl, secret) {
  const payload = JSON.stringify(webhookOf(charge));
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
async function payPage(state, code, action, method, res, { webhookUrl, webhookSecret }) {
  const charge = findCharge(state, code);
  if (method === 'POST' && (action === 'complete' || action === 'cancel')) {
    resolveCharge(state, charge.id, { status: action === 'complete' ? 'COMPLETED' : 'CANCELED' });
    if (webhookUrl && webhookSecret) await deliver(charge, webhookUrl, webhookSecret).catch(() => null);
    res.writeHead(303, { location: `/pay/${charge.code}` });
    return res.end();
  }
  const price = charge.pricing.local ? `${charge.pricing.local.amount} ${charge.pricing.local.currency}` : 'no price';
  const open = ['NEW', 'PENDING'].includes(statusOf(charge));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Coinbase Commerce</title></head>
<body><main><h1>Fake Coinbase Commerce (test double, no real payment)</h1>
<p>${escapeHtml(charge.description || charge.name)}: <strong>${escapeHtml(price)}</strong></p>
<p>Status: <strong>${escapeHtml(statusOf(charge))}</strong></p>
${
  open
    ? `<form method="post" action="/pay/${charge.code}/complete"><button>Simulate payment</button></form>
<form method="post" action="/pay/${charge.code}/cancel"><button>Cancel payment</button></form>`
    : ''
}
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
          if (parts[1] === 'charges' && parts[2] && req.method === 'POST') {
            const target = body.webhookUrl ?? webhookUrl;
            const charge = parts[3] === 'resolve' ? resolveCharge(state, parts[2], body) : findCharge(state, parts[2]);
            let webhookStatus = null;
            if (target && webhookSecret && body.deliver !== false)
              webhookStatus = await deliver(charge, target, webhookSecret);
            return reply(200, { data: charge, webhookStatus });
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
