#!/usr/bin/env node
// A FAKE Stripe API server: a test double for the billing, identity and tokenization services' tests and
// the offline demo. It is not Stripe. It implements only the calls those services make, with Stripe's wire
// format (form-encoded bodies as the SDK sends them, `expand[]`, list objects, error shape):
//   POST /v1/customers                      GET  /v1/prices?lookup_keys[]=...   POST /v1/prices
//   POST /v1/products                       POST /v1/subscriptions               GET  /v1/subscriptions/:id
//   POST /v1/subscriptions/:id              GET  /v1/invoice_payments?payment[payment_intent]=pi_...
//   GET  /v1/invoices/:id                   GET  /v1/charges/:id                 GET  /v1/disputes/:id
// Stripe Identity (KYC):
//   POST /v1/identity/verification_sessions            type document | id_number, options[document][...],
//        metadata, client_reference_id, return_url, provided_details[email]; answers a session in
//        requires_input whose url is the fake's hosted verification page (below)
//   GET  /v1/identity/verification_sessions/:id        expand[]=verified_outputs, expand[]=last_verification_report
//        (verified_outputs is null unless expanded; url and client_secret only while requires_input)
//   POST /v1/identity/verification_sessions/:id/cancel only from requires_input, else a 400 as Stripe's;
//        identity.verification_session.canceled follows the answer
//   GET  /v1/identity/verification_reports/:id
// Payments (tokenization's investments):
//   POST /v1/payment_intents                amount (minor units), currency, metadata, description,
//        automatic_payment_methods[enabled] (the default) or allowed_payment_method_types[], customer, as
//        on the SDK's API version (2026-10-28.endive: payment_method_types[] is a 400
//        payment_method_types_no_longer_supported); Stripe's 400s for amounts (parameter_missing,
//        parameter_invalid_integer, amount_too_small, amount_too_large); answers an intent in
//        requires_payment_method with its client_secret
//   GET  /v1/payment_intents/:id            (404 resource_missing, param intent)
//   POST /v1/payment_intents/:id/cancel     [cancellation_reason=] not once succeeded or canceled (400
//        payment_intent_unexpected_state, as Stripe's); payment_intent.canceled follows the answer
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
// POST /__fake/invoices/:id/refund [amount=] refunds a paid invoice's charge (charge.refunded);
// POST /__fake/subscriptions/:id/renewal_fails makes the next period's invoice, open with its payment
// declined, the subscription past_due (invoice.payment_failed); POST /__fake/subscriptions/:id/update
// [status=, cancel_at_period_end=, current_period_end=] moves a subscription (customer.subscription.updated,
// or .deleted once canceled). The services read these objects back by id, so a test sets the provider's
// state here before it sends an event about it.
// Identity controls (not Stripe; bodies form-encoded or JSON):
//   GET  /__fake/identity/verify/:id      the hosted verification page a session's url points to: a user
//        plays the document check (names, Verified or Failed with one of Stripe's last_error codes)
//   POST /__fake/identity/verify/:id      the page's form: the session goes to processing and
//        identity.verification_session.processing is delivered, then a 303 to the session's return_url;
//        --identity-delay-ms later (the provider's latency) the check finishes: verified (verified_outputs,
//        a report, .verified) or requires_input (last_error, a report, .requires_input)
//   POST /__fake/identity/verification_sessions/:id/complete outcome=verified|failed [code=, first_name=,
//        last_name=] does the same at once (from requires_input, or ending a pending check early) and
//        answers { session (verified_outputs expanded), events: [ids], webhookStatuses: [status|null] }
//   GET  /__fake/identity/verification_sessions lists the sessions (verified_outputs expanded)
//   POST /__fake/identity/webhook_endpoint url=&secret= sets the identity endpoint (tests learn their
//        service's port after starting the fake)
// Stripe.js offline: GET /v3 (and /endive/stripe.js) serves a stand-in for Stripe.js (stripe-js.js: Stripe(pk),
// elements, a card field of three inputs, confirmCardPayment, confirmPayment), whose confirmation calls
//   POST /v1/payment_intents/:id/confirm  key=pk_..., client_secret, payment_method_data[card][number|exp_month|
//        exp_year|cvc], from any origin (no Authorization, as Stripe.js calls it): Stripe's test cards decide
//        (4000 0000 0000 0002 and the other paymentDeclines' cards are declined with a 402 card_error, any
//        other pays); an investment's intent is confirmed as the succeed/fail controls do it, a subscription
//        invoice's is paid (invoice.paid); the event is delivered before the answer
// Payments controls (not Stripe; bodies form-encoded or JSON):
//   POST /__fake/payment_intents/:id/succeed   the customer paid by card: succeeded, amount_received,
//        latest_charge ch_..., payment_method pm_...; payment_intent.succeeded is delivered
//   POST /__fake/payment_intents/:id/fail [code=card_declined]  the card was declined (code: one of
//        paymentDeclines, e.g. insufficient_funds, expired_card): still requires_payment_method, with
//        last_payment_error { code, decline_code, message, type card_error, charge, payment_method } and the
//        failed charge as latest_charge; payment_intent.payment_failed is delivered
//        Both only from requires_payment_method (else the 400 Stripe gives on confirming), and answer
//        { paymentIntent, events: [id], webhookStatuses: [status|null] } once the event was delivered
//   GET  /__fake/payment_intents           lists the intents
//   GET  /__fake/payment_intents/:id/pay[?return_url=]  the hosted payment page (Stripe.js cannot load
//        offline): the amount and description, Pay and Decline (with a decline reason); POST to the same URL
//        outcome=succeeded|failed [code=] does what succeed or fail does and shows the outcome, with a link
//        to return_url (http or https only) when given
//   POST /__fake/payments/webhook_endpoint url=&secret= sets the payments endpoint (tests learn their
//        service's port after starting the fake)
//   GET  /__fake/deliveries               every webhook delivery: event, type, url, status, error
//   POST /__fake/events/:id/resend        delivers an event again (same id, signed afresh), as Stripe retries
//        one: answers { events: [id], webhookStatuses: [status|null] }
// Webhooks: like an account with three endpoints, each with its own signing secret and event filter, events
// whose type starts with `identity.` go to the identity endpoint (none configured: not delivered, and
// recorded so), `payment_intent.` ones to the payments endpoint (none configured: to the first one, as
// before; billing ignores them), every other event to the first one. Stripe-Signature as Stripe signs it (signatureOf).
// A delivery that fails is recorded, never fatal.
//   node tools/fake-stripe/server.mjs --port 12111 [--webhook-url URL --webhook-secret whsec_...]
//     [--identity-webhook-url URL --identity-webhook-secret whsec_...]
//     [--payments-webhook-url URL --payments-webhook-secret whsec_...] [--public-url URL]
//     [--identity-delay-ms 1500]
// (also from FAKE_STRIPE_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET, FAKE_STRIPE_IDENTITY_WEBHOOK_URL,
// STRIPE_IDENTITY_WEBHOOK_SECRET, FAKE_STRIPE_PAYMENTS_WEBHOOK_URL, STRIPE_TOKENIZATION_WEBHOOK_SECRET,
// FAKE_STRIPE_PUBLIC_URL (default http://127.0.0.1:<port>), FAKE_STRIPE_IDENTITY_DELAY_MS)
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/** The stand-in for Stripe.js (stripe-js.js), at Stripe's own paths for it. */
const stripeJs = readFileSync(new URL('./stripe-js.js', import.meta.url), 'utf8');
const stripeJsPaths = new Set(['/v3', '/v3/', '/endive/stripe.js']);
/** Where Stripe.js confirms a PaymentIntent from the browser. */
const browserConfirmPath = /^\/v1\/payment_intents\/(\w+)\/confirm$/;

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

/** Stripe's error answer; `details`: code (doc_url follows from it), decline_code, payment_intent... */
class StripeError extends Error {
  constructor(status, message, type = 'invalid_request_error', param, details = {}) {
    super(message);
    this.status = status;
    const docUrl = details.code
      ? { doc_url: `https://stripe.com/docs/error-codes/${details.code.replace(/_/g, '-')}` }
      : {};
    this.body = { error: { type, message, ...(param ? { param } : {}), ...docUrl, ...details } };
  }
}
const missing = (what, id, param = 'id') =>
  new StripeError(404, `No such ${what}: '${id}'`, 'invalid_request_error', param, { code: 'resource_missing' });

/** Everything the fake holds; tests read it (e.g. how many calls were made). */
export function createState() {
  return {
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    disputes: new Map(),
    /** Charges of paid invoices (made when a dispute or refund names one), by id. */
    charges: new Map(),
    /** Identity: sessions by id (with the fake's own fields, see verificationSessionView) and reports. */
    verificationSessions: new Map(),
    verificationReports: new Map(),
    /** Payments: PaymentIntents by id. */
    paymentIntents: new Map(),
    /** Every webhook delivery: { event, type, url, status, error }. */
    deliveries: [],
    /** Every event delivered (or meant to be) by id, to be sent again. */
    events: new Map(),
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
  const charge = chargeOfInvoice(state, invoice);
  const dispute = {
    id: newId('du'),
    object: 'dispute',
    amount: body.amount === undefined ? invoice.amount_paid : Number(body.amount),
    balance_transactions: [],
    charge: charge.id,
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

/** The charge that paid an invoice (made on first use: a dispute or a refund names it). */
export function chargeOfInvoice(state, invoice) {
  if (invoice.status !== 'paid' && invoice.status !== 'refunded')
    throw new StripeError(400, `Invoice ${invoice.id} has no successful charge.`);
  invoice.charge ??= newId('ch');
  if (!state.charges.has(invoice.charge)) {
    state.charges.set(invoice.charge, {
      id: invoice.charge,
      object: 'charge',
      amount: invoice.amount_paid,
      amount_refunded: 0,
      refunded: false,
      captured: true,
      paid: true,
      status: 'succeeded',
      currency: invoice.currency,
      customer: invoice.customer,
      payment_intent: invoice.payment_intent,
      created: now(),
      livemode: false,
      metadata: {},
    });
  }
  return state.charges.get(invoice.charge);
}

/** Refunds a paid invoice's charge (all of it unless `amount`): what the dashboard's refund does. */
export function refundInvoice(state, invoiceId, body = {}) {
  const invoice = state.invoices.get(invoiceId);
  if (!invoice) throw missing('invoice', invoiceId);
  const charge = chargeOfInvoice(state, invoice);
  const amount = body.amount === undefined ? charge.amount - charge.amount_refunded : Number(body.amount);
  if (!Number.isInteger(amount) || amount <= 0 || amount > charge.amount - charge.amount_refunded)
    throw new StripeError(400, `Refund amount must be between 1 and ${charge.amount - charge.amount_refunded}.`);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  return charge;
}

/**
 * A subscription's renewal whose payment fails: a new open invoice for the next period, the attempt
 * declined, the subscription past_due (as Stripe's smart retries leave it until one succeeds).
 */
export function failRenewal(state, subscriptionId) {
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription) throw missing('subscription', subscriptionId);
  const item = subscription.items.data[0];
  const start = item.current_period_end;
  const end = start + (item.price.recurring.interval === 'year' ? 365 : 30) * 86400;
  const id = newId('in');
  const paymentIntent = newId('pi');
  const invoice = {
    id,
    object: 'invoice',
    customer: subscription.customer,
    status: 'open',
    currency: item.price.currency,
    amount_due: item.price.unit_amount,
    amount_paid: 0,
    amount_remaining: item.price.unit_amount,
    attempt_count: 1,
    period_start: start,
    period_end: start,
    created: now(),
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [{ id: newId('il'), object: 'line_item', amount: item.price.unit_amount, period: { start, end } }],
    },
    payment_intent: paymentIntent,
    client_secret: `${paymentIntent}_secret_${randomBytes(12).toString('hex')}`,
  };
  state.invoices.set(id, invoice);
  Object.assign(item, { current_period_start: start, current_period_end: end });
  subscription.latest_invoice = id;
  subscription.status = 'past_due';
  return invoiceView(state, invoice, false);
}

/**
 * Moves a subscription as the dashboard or Stripe's own schedule would: status (canceled ends it),
 * cancel_at_period_end, current_period_end (seconds). Answers the subscription and its event:
 * customer.subscription.deleted once canceled, else customer.subscription.updated.
 */
export function updateSubscription(state, subscriptionId, body = {}) {
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription) throw missing('subscription', subscriptionId);
  const statuses = ['incomplete', 'active', 'past_due', 'unpaid', 'canceled'];
  if (body.status !== undefined) {
    if (!statuses.includes(body.status)) throw new StripeError(400, `status must be one of ${statuses.join(', ')}`);
    subscription.status = body.status;
    if (body.status === 'canceled') subscription.canceled_at = now();
  }
  if (body.cancel_at_period_end !== undefined)
    subscription.cancel_at_period_end = String(body.cancel_at_period_end) === 'true';
  if (body.current_period_end !== undefined)
    subscription.items.data[0].current_period_end = Number(body.current_period_end);
  const type = subscription.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated';
  return { type, subscription: subscriptionView(state, subscription) };
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

// ---------------------------------------------------------------------------------------------
// Stripe Identity: verification sessions, their reports and the hosted verification page.

/**
 * The last_error codes the fake can play, with Stripe's reasons, and the check each one fails
 * (`main`: the session's own check, document or id_number).
 */
export const identityFailures = {
  document_expired: { reason: 'The document is expired.', check: 'document' },
  document_unverified_other: { reason: 'The document was unverified.', check: 'document' },
  selfie_face_mismatch: { reason: "The captured face image does not match with the document's face.", check: 'selfie' },
  id_number_mismatch: {
    reason: "The information provided couldn't be matched with global databases.",
    check: 'id_number',
  },
  consent_declined: { reason: 'The user declined to be verified by Stripe.', check: 'main' },
  under_supported_age: {
    reason: 'This type of document is not supported for users under the age of majority.',
    check: 'main',
  },
};

/** What the fake's "document" says besides the names the user types: fixed, like Stripe's test data. */
const fakeDocument = {
  dob: { day: 3, month: 10, year: 1987 },
  address: {
    city: 'San Francisco',
    country: 'US',
    line1: '1234 Main St.',
    line2: null,
    postal_code: '94111',
    state: 'CA',
  },
  issued_date: { day: 1, month: 3, year: 2021 },
  issuing_country: 'US',
};

const selfieRequired = (session) => session.options?.document?.require_matching_selfie === true;
const idNumberChecked = (session) =>
  session.type === 'id_number' || session.options?.document?.require_id_number === true;

/** The checks a session runs: its own (document or id_number), a selfie and an ID number when its options ask. */
const checksOf = (session) => ({
  document: session.type === 'document',
  selfie: session.type === 'document' && selfieRequired(session),
  id_number: idNumberChecked(session),
});

/** The failure codes that can happen to a session: those of the checks it runs. */
export function failureCodesFor(session) {
  const checks = checksOf(session);
  return Object.keys(identityFailures).filter((code) => {
    const { check } = identityFailures[code];
    return check === 'main' || checks[check];
  });
}

const booleanParam = (value) => (value === 'true' ? true : value === 'false' ? false : value);

/** The session's options as Stripe echoes them (the SDK sends booleans as "true"/"false"). */
function sessionOptions(type, options = {}) {
  if (type === 'id_number') return { id_number: {} };
  const document = options.document && typeof options.document === 'object' ? options.document : {};
  return { document: Object.fromEntries(Object.entries(document).map(([key, value]) => [key, booleanParam(value)])) };
}

const findVerificationSession = (state, id) => {
  const session = state.verificationSessions.get(id);
  if (!session) throw missing('verification_session', id);
  return session;
};

/** POST /v1/identity/verification_sessions: a session in requires_input; its url is the fake's hosted page. */
export function createVerificationSession(state, body, publicUrl) {
  if (!body.type) throw new StripeError(400, 'Missing required param: type.', undefined, 'type');
  if (!['document', 'id_number'].includes(body.type)) {
    throw new StripeError(400, `Invalid type: must be one of document or id_number`, undefined, 'type');
  }
  const id = newId('vs');
  const session = {
    id,
    object: 'identity.verification_session',
    client_reference_id: body.client_reference_id ?? null,
    created: now(),
    last_error: null,
    last_verification_report: null,
    livemode: false,
    metadata: body.metadata && typeof body.metadata === 'object' ? body.metadata : {},
    options: sessionOptions(body.type, body.options),
    provided_details: body.provided_details && typeof body.provided_details === 'object' ? body.provided_details : {},
    redaction: null,
    related_customer: body.related_customer ?? null,
    status: 'requires_input',
    type: body.type,
    // Not Stripe fields: shown only through verificationSessionView.
    secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    hostedUrl: `${publicUrl}/__fake/identity/verify/${id}`,
    returnUrl: body.return_url ?? null,
    outputs: null,
  };
  state.verificationSessions.set(id, session);
  return session;
}

/** A session as the API answers it; `expand` as Stripe's (verified_outputs, last_verification_report). */
export function verificationSessionView(state, session, expand = []) {
  const { secret, hostedUrl, returnUrl: _returnUrl, outputs, ...fields } = session;
  const open = session.status === 'requires_input';
  const reportId = session.last_verification_report;
  return structuredClone({
    ...fields,
    client_secret: open ? secret : null,
    last_verification_report:
      reportId && expand.includes('last_verification_report') ? state.verificationReports.get(reportId) : reportId,
    url: open ? hostedUrl : null,
    verified_outputs: expand.includes('verified_outputs') ? outputs : null,
  });
}

/** POST .../cancel: only from requires_input, as Stripe; canceling cannot be undone. */
export function cancelVerificationSession(state, id) {
  const session = findVerificationSession(state, id);
  if (session.status !== 'requires_input') {
    throw new StripeError(
      400,
      `This VerificationSession cannot be canceled because it is in the ${session.status} state.`,
    );
  }
  session.status = 'canceled';
  return session;
}

/**
 * What a user submits for a session (the hosted page's form or the complete control), checked:
 * outcome verified or failed, a failure code the session's checks can give, names (Jenny Rosen unless given).
 */
export function identitySubmission(session, body = {}) {
  const outcome = body.outcome;
  if (outcome !== 'verified' && outcome !== 'failed') {
    throw new StripeError(400, 'outcome must be verified or failed.', undefined, 'outcome');
  }
  const first_name = String(body.first_name ?? 'Jenny').trim();
  const last_name = String(body.last_name ?? 'Rosen').trim();
  if (!first_name || !last_name) {
    throw new StripeError(
      400,
      'Enter the first and last name as they appear on the document.',
      undefined,
      'first_name',
    );
  }
  if (outcome === 'verified') return { outcome, first_name, last_name };
  const codes = failureCodesFor(session);
  const code = body.code || (session.type === 'id_number' ? 'id_number_mismatch' : 'document_unverified_other');
  if (!codes.includes(code)) {
    throw new StripeError(400, `code must be one of ${codes.join(', ')} for this session.`, undefined, 'code');
  }
  return { outcome, code, first_name, last_name };
}

/** The user submitted: requires_input -> processing (the hosted URL is used up until the check fails). */
export function submitVerificationSession(state, id) {
  const session = findVerificationSession(state, id);
  if (session.status !== 'requires_input') {
    throw new StripeError(
      400,
      `This VerificationSession cannot be submitted because it is in the ${session.status} state.`,
    );
  }
  session.status = 'processing';
  return session;
}

/** The report of one attempt: each check the session runs, verified unless the submission failed it. */
function verificationReport(session, submission) {
  const failure = submission.outcome === 'failed' ? identityFailures[submission.code] : undefined;
  const error = failure ? { code: submission.code, reason: failure.reason } : null;
  const main = session.type === 'id_number' ? 'id_number' : 'document';
  const fails = (check) =>
    Boolean(failure) && (failure.check === check || (failure.check === 'main' && check === main));
  const names = (failed) =>
    failed
      ? { first_name: null, last_name: null }
      : { first_name: submission.first_name, last_name: submission.last_name };
  const checks = checksOf(session);
  const report = {
    id: newId('vr'),
    object: 'identity.verification_report',
    client_reference_id: session.client_reference_id,
    created: now(),
    livemode: false,
    options: structuredClone(session.options),
    type: session.type,
    verification_session: session.id,
  };
  if (checks.document) {
    const failed = fails('document');
    report.document = {
      status: failed ? 'unverified' : 'verified',
      error: failed ? error : null,
      ...names(failed),
      address: failed ? null : fakeDocument.address,
      files: [newId('file'), newId('file')],
      issued_date: failed ? null : fakeDocument.issued_date,
      issuing_country: failed ? null : fakeDocument.issuing_country,
      type: session.options.document?.allowed_types?.[0] ?? 'driving_license',
    };
  }
  if (checks.selfie) {
    const failed = fails('selfie');
    report.selfie = {
      status: failed ? 'unverified' : 'verified',
      error: failed ? error : null,
      document: report.document.files[0],
      selfie: newId('file'),
    };
  }
  if (checks.id_number) {
    const failed = fails('id_number');
    report.id_number = {
      status: failed ? 'unverified' : 'verified',
      error: failed ? error : null,
      ...names(failed),
      id_number_type: 'us_ssn',
    };
  }
  return report;
}

/**
 * The provider finished checking a processing session: verified (verified_outputs filled) or back to
 * requires_input with last_error; either way a new report is its last_verification_report.
 */
export function finishVerificationSession(state, id, submission) {
  const session = findVerificationSession(state, id);
  if (session.status !== 'processing') {
    throw new StripeError(400, `This VerificationSession is not processing (it is ${session.status}).`);
  }
  const report = verificationReport(session, submission);
  state.verificationReports.set(report.id, report);
  session.last_verification_report = report.id;
  if (submission.outcome === 'verified') {
    session.status = 'verified';
    session.last_error = null;
    session.outputs = {
      address: session.type === 'document' ? fakeDocument.address : null,
      dob: fakeDocument.dob,
      email: session.provided_details.email ?? null,
      first_name: submission.first_name,
      id_number_type: idNumberChecked(session) ? 'us_ssn' : null,
      last_name: submission.last_name,
      phone: null,
    };
  } else {
    session.status = 'requires_input';
    session.last_error = { code: submission.code, reason: identityFailures[submission.code].reason };
  }
  return session;
}

/** The event a session's current state gives (processing, verified, requires_input, canceled). */
const sessionEvent = (state, session) =>
  eventOf(`identity.verification_session.${session.status}`, verificationSessionView(state, session));

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const pageStyle = `
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #1b1c20; color: #e6e6e9; }
  main { max-width: 34rem; margin: 2.5rem auto; padding: 1.5rem 2rem 2rem; background: #25272c; border-radius: 8px; }
  .fake { font-size: 0.875rem; color: #f2c979; background: #2f2919; border: 1px solid #5b4a22; border-radius: 6px; padding: 0.5rem 0.75rem; }
  h1 { font-size: 1.4rem; margin: 1.25rem 0 0.5rem; }
  label { display: block; margin: 1rem 0 0.25rem; }
  input[type='text'], select { width: 100%; box-sizing: border-box; padding: 0.5rem; font: inherit; color: inherit;
    background: #1b1c20; border: 1px solid #4a4d55; border-radius: 4px; }
  fieldset { margin: 1.25rem 0 0; border: 1px solid #4a4d55; border-radius: 6px; }
  .choice { margin: 0.5rem 0; }
  .choice label { display: inline; margin: 0 0 0 0.4rem; font-weight: 600; }
  .hint { margin: 0 0 0 1.7rem; color: #a4a7ae; font-size: 0.875rem; }
  .error { color: #ff9f9f; }
  button { margin-top: 1.5rem; padding: 0.6rem 1.25rem; font: inherit; font-weight: 600; color: #1b1c20;
    background: #e6e6e9; border: 0; border-radius: 4px; cursor: pointer; }
  a { color: #9db9ff; }
  code { color: #c9cbd1; }`;

const statusTexts = {
  processing:
    'The document was submitted and is being checked. The site that sent you here is told when the check ends.',
  verified: 'This identity is verified.',
  canceled: 'This verification session was canceled.',
};

/**
 * The hosted verification page (the session's url): the form while the session needs input (names,
 * an outcome, a failure reason), otherwise its status and a link back. `problem`: why the last post was refused.
 */
export function verificationPage(session, problem) {
  const title = 'Verify your identity: local fake of Stripe Identity (test double, not Stripe)';
  const back = session.returnUrl
    ? `<p><a href="${escapeHtml(session.returnUrl)}">${session.status === 'requires_input' ? 'Cancel and return' : 'Return'}</a></p>`
    : '';
  const checks = checksOf(session);
  const what =
    session.type === 'id_number'
      ? 'an ID number check'
      : checks.selfie
        ? 'a document check with a selfie'
        : 'a document check';
  const matched =
    session.type === 'id_number'
      ? 'the ID number matches'
      : checks.selfie
        ? 'the document and selfie match'
        : 'the document is genuine';
  let content;
  if (session.status === 'requires_input') {
    const lastError = session.last_error
      ? `<p class="error" role="alert">The last attempt failed: ${escapeHtml(session.last_error.reason)} Try again.</p>`
      : '';
    const refused = problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : '';
    const options = failureCodesFor(session)
      .map((code) => `<option value="${code}">${escapeHtml(identityFailures[code].reason)} (${code})</option>`)
      .join('');
    content = `${lastError}${refused}
<form method="post" action="/__fake/identity/verify/${escapeHtml(session.id)}">
  <label for="first_name">First name</label>
  <input type="text" id="first_name" name="first_name" value="Jenny" required autocomplete="off">
  <label for="last_name">Last name</label>
  <input type="text" id="last_name" name="last_name" value="Rosen" required autocomplete="off">
  <fieldset>
    <legend>Outcome</legend>
    <div class="choice">
      <input type="radio" id="outcome-verified" name="outcome" value="verified" checked aria-describedby="outcome-verified-hint">
      <label for="outcome-verified">Verified</label>
      <p class="hint" id="outcome-verified-hint">Verify: ${matched}.</p>
    </div>
    <div class="choice">
      <input type="radio" id="outcome-failed" name="outcome" value="failed" aria-describedby="outcome-failed-hint">
      <label for="outcome-failed">Failed</label>
      <p class="hint" id="outcome-failed-hint">The check fails with the failure reason below.</p>
    </div>
  </fieldset>
  <label for="code">Failure reason</label>
  <select id="code" name="code">${options}</select>
  <button type="submit">Submit verification</button>
</form>`;
  } else {
    content = `<p role="status">Status: <strong>${escapeHtml(session.status)}</strong>. ${escapeHtml(statusTexts[session.status] ?? '')}</p>`;
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${pageStyle}</style></head>
<body><main>
<p class="fake" role="note">Local fake of Stripe Identity: a test double for development and tests. This is not Stripe; no document or selfie is collected and nothing is really verified.</p>
<h1>Verify your identity</h1>
<p>Session <code>${escapeHtml(session.id)}</code>: ${what}.</p>
${content}
${back}
</main></body></html>`;
}

// ---------------------------------------------------------------------------------------------
// Payments: PaymentIntents (one-off card payments) and a hosted page that plays the card.

/** Stripe's minimum charge, in minor units, where it is not 50 (0.50 of the currency). */
const minimumAmounts = { dkk: 250, gbp: 30, hkd: 400, nok: 300, sek: 300 };
/** The most one payment can be, in minor units (999,999.99 in a two-decimal currency). */
const maximumAmount = 99_999_999;

/** An amount in minor units as a person reads it: 125000 nzd -> NZ$1,250.00 (zero-decimal currencies too). */
export function formatAmount(amount, currency) {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  return format.format(amount / 10 ** format.resolvedOptions().maximumFractionDigits);
}

const missingParam = (param) =>
  new StripeError(400, `Missing required param: ${param}.`, undefined, param, { code: 'parameter_missing' });

/** A whole number of minor units; the SDK sends it as a string. */
function integerParam(body, param) {
  const value = body[param];
  if (value === undefined) throw missingParam(param);
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    throw new StripeError(
      400,
      `Invalid integer: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
      undefined,
      param,
      {
        code: 'parameter_invalid_integer',
      },
    );
  }
  return Number(value);
}

/**
 * Which payment methods an intent offers, as on the SDK's API version (2026-10-28.endive): automatic ones
 * (the default; the fake's are card alone), or those in allowed_payment_method_types[], never both.
 * payment_method_types is no longer a parameter there (a 400; its message is the fake's own), only the
 * answer's list of what the customer can use.
 */
function paymentMethodsOf(body) {
  if (body.payment_method_types !== undefined) {
    throw new StripeError(
      400,
      'payment_method_types is no longer supported on this API version: use automatic_payment_methods or allowed_payment_method_types.',
      undefined,
      'payment_method_types',
      { code: 'payment_method_types_no_longer_supported' },
    );
  }
  const automatic = body.automatic_payment_methods;
  const allowed = body.allowed_payment_method_types;
  if (allowed === undefined) {
    return {
      allowed_payment_method_types: null,
      automatic_payment_methods:
        automatic?.enabled === 'false'
          ? null
          : { allow_redirects: automatic?.allow_redirects ?? 'always', enabled: true },
      payment_method_types: ['card'],
    };
  }
  if (automatic !== undefined) {
    throw new StripeError(
      400,
      'You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods.',
      undefined,
      undefined,
      { code: 'parameters_exclusive' },
    );
  }
  if (!Array.isArray(allowed) || !allowed.length || allowed.some((type) => typeof type !== 'string')) {
    throw new StripeError(400, 'Invalid array', undefined, 'allowed_payment_method_types');
  }
  return { allowed_payment_method_types: allowed, automatic_payment_methods: null, payment_method_types: allowed };
}

const findPaymentIntent = (state, id) => {
  const intent = state.paymentIntents.get(id);
  if (!intent) throw missing('payment_intent', id, 'intent');
  return intent;
};

/** POST /v1/payment_intents: an intent waiting for a payment method, with Stripe's checks of amount and currency. */
export function createPaymentIntent(state, body) {
  const amount = integerParam(body, 'amount');
  if (body.currency === undefined) throw missingParam('currency');
  const currency = String(body.currency).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency))
    throw new StripeError(400, `Invalid currency: ${body.currency}.`, undefined, 'currency');
  if (amount < 1) {
    throw new StripeError(400, 'This value must be greater than or equal to 1.', undefined, 'amount', {
      code: 'parameter_invalid_integer',
    });
  }
  const minimum = minimumAmounts[currency] ?? 50;
  if (amount < minimum) {
    throw new StripeError(
      400,
      `Amount must be at least ${formatAmount(minimum, currency)} ${currency}`,
      undefined,
      'amount',
      {
        code: 'amount_too_small',
      },
    );
  }
  if (amount > maximumAmount) {
    throw new StripeError(
      400,
      `Amount must be no more than ${formatAmount(maximumAmount, currency)}`,
      undefined,
      'amount',
      {
        code: 'amount_too_large',
      },
    );
  }
  if (body.customer && !state.customers.has(body.customer)) throw missing('customer', body.customer, 'customer');
  const id = newId('pi');
  const intent = {
    id,
    object: 'payment_intent',
    ...paymentMethodsOf(body),
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    confirmation_method: 'automatic',
    created: now(),
    currency,
    customer: body.customer || null,
    customer_account: null,
    // Stripe treats an empty string as unset.
    description: body.description || null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: body.metadata && typeof body.metadata === 'object' ? body.metadata : {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_record: null,
    processing: null,
    receipt_email: body.receipt_email || null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
  state.paymentIntents.set(id, intent);
  return intent;
}

/** Stripe's 400 for an intent in the wrong status for a call; the error carries the intent, as Stripe's does. */
const unexpectedState = (intent, message) =>
  new StripeError(400, message, 'invalid_request_error', undefined, {
    code: 'payment_intent_unexpected_state',
    payment_intent: structuredClone(intent),
  });

const cancelableStatuses = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const cancellationReasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];

/** POST /v1/payment_intents/:id/cancel: not once it succeeded or was canceled, as Stripe. */
export function cancelPaymentIntent(state, id, body = {}) {
  const intent = findPaymentIntent(state, id);
  const reason = body.cancellation_reason;
  if (reason !== undefined && !cancellationReasons.includes(reason)) {
    throw new StripeError(
      400,
      'Invalid cancellation_reason: must be one of duplicate, fraudulent, requested_by_customer, or abandoned',
      undefined,
      'cancellation_reason',
    );
  }
  if (!cancelableStatuses.includes(intent.status)) {
    throw unexpectedState(
      intent,
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelableStatuses.join(', ')}.`,
    );
  }
  Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: reason ?? null });
  return intent;
}

/**
 * The declines the fake can play (the fail control's and the hosted page's `code`), as Stripe reports
 * them in last_payment_error, with the last four digits of Stripe's test card for each.
 */
export const paymentDeclines = {
  card_declined: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
    last4: '0002',
  },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    last4: '9995',
  },
  lost_card: { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.', last4: '9987' },
  stolen_card: {
    code: 'card_declined',
    decline_code: 'stolen_card',
    message: 'Your card was declined.',
    last4: '9979',
  },
  expired_card: {
    code: 'expired_card',
    decline_code: 'expired_card',
    message: 'Your card has expired.',
    last4: '0069',
  },
  incorrect_cvc: {
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
    last4: '0127',
  },
  processing_error: {
    code: 'processing_error',
    decline_code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
    last4: '0119',
  },
};

/** What the card does (the controls' and the hosted page's form), checked: succeeded, or failed with a decline. */
export function paymentSubmission(body = {}) {
  if (body.outcome === 'succeeded') return { outcome: 'succeeded' };
  if (body.outcome !== 'failed') {
    throw new StripeError(400, 'outcome must be succeeded or failed.', undefined, 'outcome');
  }
  const code = body.code || 'card_declined';
  if (!Object.hasOwn(paymentDeclines, code)) {
    throw new StripeError(400, `code must be one of ${Object.keys(paymentDeclines).join(', ')}.`, undefined, 'code');
  }
  return { outcome: 'failed', code };
}

/** A card payment method as Stripe attaches it (Stripe's test Visa with these last four digits). */
const cardPaymentMethod = (last4) => ({
  id: newId('pm'),
  object: 'payment_method',
  card: {
    brand: 'visa',
    country: 'US',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 3,
    funding: 'credit',
    last4,
  },
  created: now(),
  customer: null,
  livemode: false,
  metadata: {},
  type: 'card',
});

/**
 * The customer confirmed with a card: succeeded (the amount received, a charge), or declined: back to
 * requires_payment_method with last_payment_error and the failed charge as latest_charge, as Stripe.
 * Only an intent waiting for a payment method can be confirmed.
 */
export function confirmPaymentIntent(state, id, submission) {
  const intent = findPaymentIntent(state, id);
  if (intent.status === 'succeeded') {
    throw unexpectedState(
      intent,
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
    );
  }
  if (intent.status !== 'requires_payment_method') {
    throw unexpectedState(
      intent,
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.`,
    );
  }
  const charge = newId('ch');
  if (submission.outcome === 'succeeded') {
    return Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge,
      payment_method: newId('pm'),
      last_payment_error: null,
    });
  }
  const { last4, ...decline } = paymentDeclines[submission.code];
  return Object.assign(intent, {
    latest_charge: charge,
    payment_method: null,
    last_payment_error: {
      charge,
      ...decline,
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
      payment_method: cardPaymentMethod(last4),
      type: 'card_error',
    },
  });
}

/** The event of an intent's new state: succeeded, payment_failed (declined, waiting again) or canceled. */
const paymentIntentEvent = (intent) =>
  eventOf(
    intent.status === 'requires_payment_method' ? 'payment_intent.payment_failed' : `payment_intent.${intent.status}`,
    structuredClone(intent),
  );

/** Stripe's test cards 4000 0000 0000 <last4> that are declined, by last four digits (paymentDeclines). */
const declineOfTestCard = new Map(
  Object.entries(paymentDeclines).map(([code, { last4 }]) => [`400000000000${last4}`, code]),
);

/**
 * What a card number does, as on Stripe's test cards: one of the declines' cards is declined with its
 * code; any other (4242 4242 4242 4242, 4000 0025 0000 3155 once authenticated in the browser) pays.
 */
export function cardSubmission(number) {
  const code = declineOfTestCard.get(String(number ?? '').replace(/\D/g, ''));
  return code ? { outcome: 'failed', code } : { outcome: 'succeeded' };
}

/** The Stripe error a declined confirmation answers (HTTP 402), with the intent as it now is. */
const declineError = (intent) => {
  const { code, decline_code: declineCode, message, charge, doc_url: docUrl } = intent.last_payment_error;
  return new StripeError(402, message, 'card_error', undefined, {
    code,
    decline_code: declineCode,
    charge,
    doc_url: docUrl,
    payment_intent: structuredClone(intent),
  });
};

/**
 * POST /v1/payment_intents/:id/confirm as Stripe.js calls it from the browser: the publishable key
 * (`key`) and the intent's client_secret in the body, the card in payment_method_data[card]. Answers
 * what to deliver: the intent's event (an investment's) or invoice.paid (a subscription's invoice).
 */
export function confirmFromBrowser(state, id, body) {
  const card = body.payment_method_data?.card;
  if (!card?.number) throw missingParam('payment_method_data[card][number]');
  const submission = cardSubmission(card.number);
  const intent = state.paymentIntents.get(id);
  if (intent) {
    if (body.client_secret !== intent.client_secret) throw missing('payment_intent', id, 'intent');
    confirmPaymentIntent(state, id, submission);
    return {
      intent,
      event: paymentIntentEvent(intent),
      error: intent.status === 'succeeded' ? null : declineError(intent),
    };
  }
  const invoice = [...state.invoices.values()].find((candidate) => candidate.payment_intent === id);
  if (!invoice || body.client_secret !== invoice.client_secret) throw missing('payment_intent', id, 'intent');
  const invoiceIntent = {
    id,
    object: 'payment_intent',
    amount: invoice.amount_due,
    currency: invoice.currency,
    client_secret: invoice.client_secret,
    status: invoice.status === 'paid' ? 'succeeded' : 'requires_payment_method',
    last_payment_error: null,
  };
  if (invoice.status !== 'open') {
    throw unexpectedState(
      invoiceIntent,
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
    );
  }
  if (submission.outcome === 'failed') {
    const { last4: _last4, ...decline } = paymentDeclines[submission.code];
    invoiceIntent.last_payment_error = {
      ...decline,
      charge: newId('ch'),
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
      type: 'card_error',
    };
    return { intent: invoiceIntent, event: null, error: declineError(invoiceIntent) };
  }
  const subscription = state.subscriptions.get(invoice.parent?.subscription_details?.subscription);
  Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
  if (subscription && subscription.latest_invoice === invoice.id) subscription.status = 'active';
  Object.assign(invoiceIntent, { status: 'succeeded', amount_received: invoice.amount_due });
  return { intent: invoiceIntent, event: eventOf('invoice.paid', invoiceView(state, invoice, false)), error: null };
}

/** A return_url to link to: http(s) only, so the link cannot run script. */
function returnUrlOf(value) {
  try {
    return value && ['http:', 'https:'].includes(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The hosted payment page (what Stripe.js would show, which cannot load offline): Pay, or Decline with one
 * of Stripe's declines, while the intent waits for a payment method; otherwise its outcome. `returnUrl`:
 * where its links lead back to; `problem`: why the last post was refused.
 */
export function paymentPage(intent, { returnUrl = null, problem } = {}) {
  const amount = formatAmount(intent.amount, intent.currency);
  const query = returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : '';
  const open = intent.status === 'requires_payment_method';
  const back = returnUrl
    ? `<p><a href="${escapeHtml(returnUrl)}">${open ? 'Cancel and return' : 'Return'}</a></p>`
    : '';
  let content;
  if (open) {
    const declined = intent.last_payment_error
      ? `<p class="error" role="alert">The card was declined: ${escapeHtml(intent.last_payment_error.message)} Try again.</p>`
      : '';
    const refused = problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : '';
    const options = Object.entries(paymentDeclines)
      .map(([code, { message }]) => `<option value="${code}">${escapeHtml(message)} (${code})</option>`)
      .join('');
    content = `${declined}${refused}
<form method="post" action="${escapeHtml(`/__fake/payment_intents/${encodeURIComponent(intent.id)}/pay${query}`)}">
  <button type="submit" name="outcome" value="succeeded">Pay</button>
  <fieldset>
    <legend>Or play a declined card</legend>
    <label for="code">Decline reason</label>
    <select id="code" name="code">${options}</select>
    <button type="submit" name="outcome" value="failed">Decline</button>
  </fieldset>
</form>`;
  } else if (intent.status === 'succeeded') {
    content = `<p role="status">Payment succeeded: <strong>${escapeHtml(amount)}</strong> was paid. The site that sent you here is told of the payment.</p>`;
  } else {
    content = `<p role="status">Status: <strong>${escapeHtml(intent.status)}</strong>. This payment can no longer be paid; nothing was charged.</p>`;
  }
  const description = intent.description ? `<p>${escapeHtml(intent.description)}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(amount)}: local fake of Stripe (test double, not Stripe)</title><style>${pageStyle}</style></head>
<body><main>
<p class="fake" role="note">Local fake of Stripe payments: a test double for development and tests. This is not Stripe; no card is asked for and nothing is charged.</p>
<h1>Pay ${escapeHtml(amount)}</h1>
${description}
<p>PaymentIntent <code>${escapeHtml(intent.id)}</code>.</p>
${content}
${back}
</main></body></html>`;
}

/**
 * The API calls and the synchronous test controls. `context`: the public base URL (sessions' hosted
 * pages) and deliverLater (an event Stripe sends after its answer).
 */
function route(state, method, path, body, context) {
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
  if (version === '__fake' && resource === 'invoices' && parts[3] === 'refund' && method === 'POST') {
    const charge = refundInvoice(state, id, body);
    return { charge, deliver: eventOf('charge.refunded', { ...charge }) };
  }
  if (version === '__fake' && resource === 'subscriptions' && parts[3] === 'renewal_fails' && method === 'POST') {
    const invoice = failRenewal(state, id);
    return { invoice, deliver: eventOf('invoice.payment_failed', invoice) };
  }
  if (version === '__fake' && resource === 'subscriptions' && parts[3] === 'update' && method === 'POST') {
    const { type, subscription } = updateSubscription(state, id, body);
    return { subscription, deliver: eventOf(type, subscription) };
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
  if (resource === 'charges' && method === 'GET' && id && !parts[3]) {
    if (!state.charges.has(id)) throw missing('charge', id);
    return state.charges.get(id);
  }
  if (resource === 'disputes' && method === 'GET' && id && !parts[3]) {
    if (!state.disputes.has(id)) throw missing('dispute', id);
    return state.disputes.get(id);
  }
  if (resource === 'identity' && id === 'verification_sessions') {
    const [, , , sessionId, action] = parts;
    if (method === 'POST' && !sessionId) {
      return verificationSessionView(state, createVerificationSession(state, body, context.publicUrl), expand);
    }
    if (method === 'GET' && sessionId && !action) {
      return verificationSessionView(state, findVerificationSession(state, sessionId), expand);
    }
    if (method === 'POST' && sessionId && action === 'cancel') {
      const session = cancelVerificationSession(state, sessionId);
      context.deliverLater(sessionEvent(state, session));
      return verificationSessionView(state, session, expand);
    }
  }
  if (resource === 'identity' && id === 'verification_reports' && method === 'GET' && parts[3] && !parts[4]) {
    const report = state.verificationReports.get(parts[3]);
    if (!report) throw missing('verification_report', parts[3]);
    return report;
  }
  if (resource === 'payment_intents') {
    const action = parts[3];
    if (method === 'POST' && !id) return createPaymentIntent(state, body);
    if (method === 'GET' && id && !action) return findPaymentIntent(state, id);
    if (method === 'POST' && id && action === 'cancel') {
      const intent = cancelPaymentIntent(state, id, body);
      context.deliverLater(paymentIntentEvent(intent));
      return intent;
    }
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

/** The controls' answers: an HTML page or JSON. */
const responders = (res) => ({
  html: (status, page, headers = {}) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(page);
  },
  json: (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  },
});

/** A control's body: JSON when it says so, else Stripe's form encoding. */
function controlBody(req, raw) {
  if (!/json/i.test(req.headers['content-type'] ?? '')) return decodeForm(raw);
  try {
    const parsed = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    throw new StripeError(400, 'Invalid JSON body.');
  }
}

/**
 * Starts the fake on loopback; port 0 picks a free one. Webhooks: `identityWebhookUrl`/`identityWebhookSecret`
 * get Identity's events, `paymentsWebhookUrl`/`paymentsWebhookSecret` the PaymentIntents' (none: they go
 * with the rest), `webhookUrl`/`webhookSecret` every other event. `publicUrl`: the base of the hosted
 * verification pages (default http://host:port); `identityDelayMs`: how long the provider takes to finish
 * a check submitted on that page.
 */
export function startFakeStripe({
  port = 0,
  host = '127.0.0.1',
  webhookUrl,
  webhookSecret,
  identityWebhookUrl,
  identityWebhookSecret,
  paymentsWebhookUrl,
  paymentsWebhookSecret,
  publicUrl,
  identityDelayMs = 1500,
} = {}) {
  const state = createState();
  const endpoints = {
    default: webhookUrl && webhookSecret ? { url: webhookUrl, secret: webhookSecret } : undefined,
    identity:
      identityWebhookUrl && identityWebhookSecret
        ? { url: identityWebhookUrl, secret: identityWebhookSecret }
        : undefined,
    payments:
      paymentsWebhookUrl && paymentsWebhookSecret
        ? { url: paymentsWebhookUrl, secret: paymentsWebhookSecret }
        : undefined,
  };
  /** The endpoint an event goes to: Identity's to identity's, PaymentIntents' to payments' if there is one. */
  const endpointOf = (type) => {
    if (type.startsWith('identity.')) return endpoints.identity;
    if (type.startsWith('payment_intent.')) return endpoints.payments ?? endpoints.default;
    return endpoints.default;
  };
  /** Checks submitted on the hosted page, waiting out the provider's latency: session id -> timer. */
  const pendingChecks = new Map();
  let baseUrl = '';

  /** Posts an event, signed, to the endpoint its type routes to; records and answers the delivery, never throws. */
  const deliver = async (event) => {
    const endpoint = endpointOf(event.type);
    state.events.set(event.id, event);
    const delivery = { event: event.id, type: event.type, url: endpoint?.url ?? null, status: null, error: null };
    state.deliveries.push(delivery);
    if (!endpoint) {
      delivery.error = 'no webhook endpoint is configured for this event';
      return delivery;
    }
    try {
      const payload = JSON.stringify(event);
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signatureOf(payload, endpoint.secret) },
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      await response.arrayBuffer();
      delivery.status = response.status;
    } catch (error) {
      delivery.error = String(error?.message ?? error);
    }
    return delivery;
  };
  /** Stripe sends most events after its answer: delivered once the current request is done. */
  const deliverLater = (event) => setImmediate(() => void deliver(event));

  /** Ends a processing session's check and delivers its outcome (verified or requires_input). */
  const finishCheck = async (sessionId, submission) => {
    const session = finishVerificationSession(state, sessionId, submission);
    const event = sessionEvent(state, session);
    return { event, delivery: await deliver(event) };
  };
  const finishLater = (sessionId, submission) => {
    const timer = setTimeout(() => {
      pendingChecks.delete(sessionId);
      finishCheck(sessionId, submission).catch((error) => console.error(`fake Stripe: check of ${sessionId}:`, error));
    }, identityDelayMs);
    pendingChecks.set(sessionId, timer);
  };

  /** The Identity controls (hosted page, complete, listings); false when the path is not one of them. */
  const identityControl = async (req, res, parts, raw) => {
    const [, , kind, sessionId, action] = parts;
    const { html, json } = responders(res);
    if (kind === 'verify' && sessionId && !action && (req.method === 'GET' || req.method === 'POST')) {
      const session = state.verificationSessions.get(sessionId);
      if (!session) {
        return html(
          404,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found: local fake of Stripe Identity</title></head>
<body><main><h1>No such verification session</h1><p>This local fake of Stripe Identity (a test double) has no session ${escapeHtml(sessionId)}.</p></main></body></html>`,
        );
      }
      if (req.method === 'GET') return html(200, verificationPage(session));
      if (session.status !== 'requires_input') return html(409, verificationPage(session));
      let submission;
      try {
        submission = identitySubmission(session, decodeForm(raw));
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        return html(400, verificationPage(session, error.message));
      }
      submitVerificationSession(state, sessionId);
      await deliver(sessionEvent(state, session));
      html(303, '', { location: session.returnUrl ?? `/__fake/identity/verify/${sessionId}` });
      return finishLater(sessionId, submission);
    }
    try {
      if (kind === 'verification_sessions' && !sessionId && req.method === 'GET') {
        const sessions = [...state.verificationSessions.values()];
        return json(
          200,
          list(
            '/__fake/identity/verification_sessions',
            sessions.map((session) => verificationSessionView(state, session, ['verified_outputs'])),
          ),
        );
      }
      if (kind === 'verification_sessions' && sessionId && action === 'complete' && req.method === 'POST') {
        const session = findVerificationSession(state, sessionId);
        const submission = identitySubmission(session, controlBody(req, raw));
        const deliveries = [];
        if (pendingChecks.has(sessionId)) {
          clearTimeout(pendingChecks.get(sessionId));
          pendingChecks.delete(sessionId);
        } else {
          submitVerificationSession(state, sessionId);
          deliveries.push(await deliver(sessionEvent(state, session)));
        }
        deliveries.push((await finishCheck(sessionId, submission)).delivery);
        return json(200, {
          session: verificationSessionView(state, session, ['verified_outputs']),
          events: deliveries.map((delivery) => delivery.event),
          webhookStatuses: deliveries.map((delivery) => delivery.status),
        });
      }
      if (kind === 'webhook_endpoint' && !sessionId && req.method === 'POST') {
        const { url, secret } = controlBody(req, raw);
        if (!url || !secret) throw new StripeError(400, 'url and secret are required.');
        endpoints.identity = { url, secret };
        return json(200, { url });
      }
    } catch (error) {
      if (error instanceof StripeError) return json(error.status, error.body);
      throw error;
    }
    return false;
  };

  /** The card's outcome on an intent, and its event delivered (awaited): answers the intent and the delivery. */
  const confirmAndDeliver = async (intentId, submission) => {
    const intent = confirmPaymentIntent(state, intentId, submission);
    return { intent, delivery: await deliver(paymentIntentEvent(intent)) };
  };

  /** The payments controls (hosted page, succeed, fail, listing, endpoint); false when the path is not one of them. */
  const paymentsControl = async (req, res, parts, raw, query) => {
    const [, kind, id, action] = parts;
    const { html, json } = responders(res);
    if (kind === 'payment_intents' && id && action === 'pay' && !parts[4] && ['GET', 'POST'].includes(req.method)) {
      const intent = state.paymentIntents.get(id);
      if (!intent) {
        return html(
          404,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found: local fake of Stripe</title></head>
<body><main><h1>No such payment</h1><p>This local fake of Stripe (a test double) has no PaymentIntent ${escapeHtml(id)}.</p></main></body></html>`,
        );
      }
      const returnUrl = returnUrlOf(query.get('return_url'));
      if (req.method === 'GET') return html(200, paymentPage(intent, { returnUrl }));
      if (intent.status !== 'requires_payment_method') return html(409, paymentPage(intent, { returnUrl }));
      let submission;
      try {
        submission = paymentSubmission(decodeForm(raw));
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        return html(400, paymentPage(intent, { returnUrl, problem: error.message }));
      }
      await confirmAndDeliver(id, submission);
      return html(200, paymentPage(intent, { returnUrl }));
    }
    try {
      if (kind === 'payment_intents' && !id && req.method === 'GET') {
        return json(200, list('/__fake/payment_intents', [...state.paymentIntents.values()]));
      }
      if (
        kind === 'payment_intents' &&
        id &&
        ['succeed', 'fail'].includes(action) &&
        !parts[4] &&
        req.method === 'POST'
      ) {
        const body = controlBody(req, raw);
        const submission =
          action === 'succeed' ? { outcome: 'succeeded' } : paymentSubmission({ outcome: 'failed', code: body.code });
        const { intent, delivery } = await confirmAndDeliver(id, submission);
        return json(200, { paymentIntent: intent, events: [delivery.event], webhookStatuses: [delivery.status] });
      }
      if (kind === 'payments' && id === 'webhook_endpoint' && !action && req.method === 'POST') {
        const { url, secret } = controlBody(req, raw);
        if (!url || !secret) throw new StripeError(400, 'url and secret are required.');
        endpoints.payments = { url, secret };
        return json(200, { url });
      }
    } catch (error) {
      if (error instanceof StripeError) return json(error.status, error.body);
      throw error;
    }
    return false;
  };
  /**
   * Stripe.js's confirmation from the browser (the stand-in's, stripe-js.js): the publishable key in the
   * body, any origin may call (as Stripe's API answers the browser). The outcome's event is delivered
   * before the answer, so the services know of the payment when the page hears of it.
   */
  const browserConfirm = async (res, id, body) => {
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
    const send = (status, json) => {
      res.writeHead(status, { ...headers, 'request-id': newId('req') });
      res.end(JSON.stringify(json));
    };
    if (!/^pk_(test|live)_\w+$/.test(String(body.key ?? ''))) {
      return send(401, new StripeError(401, 'Invalid API Key provided.').body);
    }
    try {
      const { intent, event, error } = confirmFromBrowser(state, id, body);
      if (event) await deliver(event);
      return error ? send(error.status, error.body) : send(200, intent);
    } catch (error) {
      if (error instanceof StripeError) return send(error.status, error.body);
      return send(500, { error: { type: 'api_error', message: String(error?.message ?? error) } });
    }
  };
  /** POST /__fake/events/:id/resend: the same event (same id, signed afresh) delivered again, as Stripe retries. */
  const eventsControl = async (req, res, parts) => {
    const [, , eventId, action] = parts;
    if (!eventId || action !== 'resend' || parts[4] || req.method !== 'POST') return false;
    const { json } = responders(res);
    const event = state.events.get(eventId);
    if (!event) return json(404, missing('event', eventId).body);
    const delivery = await deliver(event);
    return json(200, { events: [delivery.event], webhookStatuses: [delivery.status] });
  };
  /** The controls with pages or deliveries of their own, by the path's second part (/__fake/<name>/...). */
  const controls = new Map([
    ['events', eventsControl],
    ['identity', identityControl],
    ['payment_intents', paymentsControl],
    ['payments', paymentsControl],
  ]);

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const raw = Buffer.concat(chunks).toString();
      if (stripeJsPaths.has(url.pathname) && ['GET', 'HEAD'].includes(req.method)) {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
        return res.end(req.method === 'HEAD' ? undefined : stripeJs);
      }
      // The browser's preflight before Stripe.js's confirmation (a page whose requests carry extra
      // headers): any origin, as Stripe's API answers it.
      if (req.method === 'OPTIONS' && browserConfirmPath.test(url.pathname)) {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '',
          'access-control-max-age': '600',
        });
        return res.end();
      }
      const isApi = !url.pathname.startsWith('/__fake/');
      // Stripe ignores the key on GET and DELETE, which are idempotent anyway.
      const key = isApi && req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const reply = (status, json, headers = {}) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          ...(key ? { 'idempotency-key': key } : {}),
          ...headers,
        });
        res.end(JSON.stringify(json));
      };
      let body;
      try {
        body = req.method === 'GET' ? decodeForm(url.search.slice(1)) : isApi ? decodeForm(raw) : controlBody(req, raw);
      } catch (error) {
        if (error instanceof StripeError) return reply(error.status, error.body);
        throw error;
      }
      if (isApi) {
        state.requests.push({ method: req.method, path: url.pathname, body, ...(key ? { idempotencyKey: key } : {}) });
      }
      const parts = url.pathname.split('/').filter(Boolean);
      const control = parts[0] === '__fake' ? controls.get(parts[1]) : undefined;
      if (control) {
        try {
          if ((await control(req, res, parts, raw, url.searchParams)) !== false) return;
        } catch (error) {
          console.error(`fake Stripe: ${parts[1]} control failed:`, error);
          if (!res.headersSent) reply(500, { error: { type: 'api_error', message: String(error?.message ?? error) } });
          return;
        }
      }
      if (parts[0] === '__fake' && parts[1] === 'deliveries' && req.method === 'GET') {
        return reply(200, list('/__fake/deliveries', state.deliveries));
      }
      // Replies of requests that ran are stored under their key (errors too, as Stripe does), as they were
      // sent: a replay answers the first answer even after the object changed.
      const answer = (status, json) => {
        if (key) {
          state.idempotent.set(key, {
            request: `${req.method} ${url.pathname} ${raw}`,
            status,
            body: structuredClone(json),
          });
        }
        reply(status, json);
      };
      const confirmed = browserConfirmPath.exec(url.pathname);
      if (confirmed && req.method === 'POST' && !req.headers.authorization) {
        return browserConfirm(res, confirmed[1], body);
      }
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
        const result = route(state, req.method, url.pathname, body, { publicUrl: baseUrl, deliverLater });
        if (result?.deliver) {
          const { deliver: event, ...rest } = result;
          if (endpoints.default) {
            const delivery = await deliver(event);
            if (delivery.error) return answer(500, { error: { type: 'api_error', message: delivery.error } });
            return reply(200, { ...rest, event: event.id, webhookStatus: delivery.status });
          }
          return reply(200, { ...rest, event });
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
      baseUrl = (publicUrl ?? `http://${host}:${actual}`).replace(/\/+$/, '');
      resolve({
        url: `http://${host}:${actual}`,
        publicUrl: baseUrl,
        host,
        port: actual,
        state,
        close: () => {
          for (const timer of pendingChecks.values()) clearTimeout(timer);
          pendingChecks.clear();
          return new Promise((done) => server.close(() => done()));
        },
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const delay = Number(arg('identity-delay-ms') ?? process.env.FAKE_STRIPE_IDENTITY_DELAY_MS ?? 1500);
  if (!Number.isInteger(delay) || delay < 0) {
    console.error(
      '--identity-delay-ms (FAKE_STRIPE_IDENTITY_DELAY_MS) must be a whole number of milliseconds, 0 or more',
    );
    process.exit(2);
  }
  const fake = await startFakeStripe({
    port: Number(arg('port') ?? process.env.PORT ?? 12111),
    webhookUrl: arg('webhook-url') ?? process.env.FAKE_STRIPE_WEBHOOK_URL,
    webhookSecret: arg('webhook-secret') ?? process.env.STRIPE_WEBHOOK_SECRET,
    identityWebhookUrl: arg('identity-webhook-url') ?? process.env.FAKE_STRIPE_IDENTITY_WEBHOOK_URL,
    identityWebhookSecret: arg('identity-webhook-secret') ?? process.env.STRIPE_IDENTITY_WEBHOOK_SECRET,
    paymentsWebhookUrl: arg('payments-webhook-url') ?? process.env.FAKE_STRIPE_PAYMENTS_WEBHOOK_URL,
    paymentsWebhookSecret: arg('payments-webhook-secret') ?? process.env.STRIPE_TOKENIZATION_WEBHOOK_SECRET,
    publicUrl: arg('public-url') ?? process.env.FAKE_STRIPE_PUBLIC_URL,
    identityDelayMs: delay,
  });
  console.warn(`fake Stripe API (a test double, not Stripe) listening on ${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
