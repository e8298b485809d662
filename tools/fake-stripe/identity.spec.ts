import Stripe from 'stripe';
import { stripeWebhookEndpoint, type StripeWebhookEndpoint } from '../../test-support/stripe-webhook-endpoint';
import { FakeStripeIdentityProcess } from '../../test-support/fake-stripe-identity';

// The fake's Stripe Identity, driven with the official SDK as the identity service drives it.
const IDENTITY_SECRET = 'whsec_identity_fake_spec';
const BILLING_SECRET = 'whsec_billing_fake_spec';
const RETURN_URL = 'http://localhost:8080/settings?tab=verification';

type Endpoint = StripeWebhookEndpoint<{ id: string; last_error?: { code: string } | null }>;
const webhookEndpoint = () => stripeWebhookEndpoint<{ id: string; last_error?: { code: string } | null }>();

const sdkFor = (fake: FakeStripeIdentityProcess) =>
  new Stripe('sk_test_local', { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });

describe('fake Stripe: Stripe Identity', () => {
  let fake: FakeStripeIdentityProcess;
  let stripe: Stripe;
  let identityHook: Endpoint;
  let billingHook: Endpoint;

  beforeAll(async () => {
    [identityHook, billingHook] = await Promise.all([webhookEndpoint(), webhookEndpoint()]);
    fake = await FakeStripeIdentityProcess.start({
      webhookUrl: identityHook.url,
      webhookSecret: IDENTITY_SECRET,
      delayMs: 50,
      args: ['--webhook-url', billingHook.url, '--webhook-secret', BILLING_SECRET],
    });
    stripe = sdkFor(fake);
  });

  afterAll(async () => {
    await fake?.stop();
    await Promise.all([identityHook?.close(), billingHook?.close()]);
  });

  const createSession = (
    params: Partial<Stripe.Identity.VerificationSessionCreateParams> = {},
    options: Stripe.RequestOptions = {},
  ) =>
    stripe.identity.verificationSessions.create(
      {
        type: 'document',
        options: { document: { require_matching_selfie: true, allowed_types: ['driving_license', 'passport'] } },
        client_reference_id: 'user-1',
        metadata: { userId: 'user-1' },
        return_url: RETURN_URL,
        provided_details: { email: 'jenny@example.com' },
        ...params,
      },
      options,
    );
  const page = (sessionId: string) => fetch(`${fake.url}/__fake/identity/verify/${sessionId}`);

  it('creates a session waiting for input, with a client secret and the hosted page as url, once per idempotency key', async () => {
    const session = await createSession({ client_reference_id: 'user-idem' }, { idempotencyKey: 'identity-spec-1' });
    const again = await createSession({ client_reference_id: 'user-idem' }, { idempotencyKey: 'identity-spec-1' });

    expect(session).toMatchObject({
      object: 'identity.verification_session',
      status: 'requires_input',
      type: 'document',
      client_reference_id: 'user-idem',
      metadata: { userId: 'user-1' },
      options: { document: { require_matching_selfie: true, allowed_types: ['driving_license', 'passport'] } },
      provided_details: { email: 'jenny@example.com' },
      livemode: false,
      last_error: null,
      last_verification_report: null,
      redaction: null,
      verified_outputs: null,
      url: `${fake.url}/__fake/identity/verify/${session.id}`,
    });
    expect(session.id).toMatch(/^vs_\w+$/);
    expect(session.client_secret).toMatch(new RegExp(`^${session.id}_secret_\\w+$`));
    expect(again.id).toBe(session.id);
    expect((await fake.sessions()).filter((s) => s.client_reference_id === 'user-idem')).toHaveLength(1);
    const identityCalls = (await fake.requests()).filter((r) => r.path === '/v1/identity/verification_sessions');
    expect(identityCalls.some((r) => r.idempotencyKey === 'identity-spec-1')).toBe(true);

    const hosted = await page(session.id);
    expect(hosted.status).toBe(200);
    expect(await hosted.text()).toContain('<title>Verify your identity: local fake of Stripe Identity');
  });

  it('refuses a session without a type, as Stripe', async () => {
    await expect(
      stripe.identity.verificationSessions.create({} as Stripe.Identity.VerificationSessionCreateParams),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'type' });
  });

  it('verified: the outputs and the report are shown when expanded; url and client secret are gone', async () => {
    const session = await createSession();

    const completion = await fake.complete(session.id, 'verified', { firstName: 'Aroha', lastName: 'Ngata' });
    expect(completion.session.status).toBe('verified');
    expect(completion.events).toHaveLength(2);
    expect(completion.webhookStatuses).toEqual([200, 200]);

    const plain = await stripe.identity.verificationSessions.retrieve(session.id);
    expect(plain).toMatchObject({ status: 'verified', url: null, client_secret: null, last_error: null });
    expect(plain.verified_outputs).toBeNull();
    expect(plain.last_verification_report).toMatch(/^vr_\w+$/);

    const expanded = await stripe.identity.verificationSessions.retrieve(session.id, {
      expand: ['verified_outputs', 'last_verification_report'],
    });
    expect(expanded.verified_outputs).toMatchObject({
      first_name: 'Aroha',
      last_name: 'Ngata',
      dob: { day: 3, month: 10, year: 1987 },
      email: 'jenny@example.com',
    });
    const report = expanded.last_verification_report as Stripe.Identity.VerificationReport;
    expect(report).toMatchObject({
      id: plain.last_verification_report,
      object: 'identity.verification_report',
      type: 'document',
      verification_session: session.id,
      document: { status: 'verified', error: null, first_name: 'Aroha', last_name: 'Ngata' },
      selfie: { status: 'verified', error: null },
    });
    expect(await stripe.identity.verificationReports.retrieve(report.id)).toEqual(report);
  });

  it('failed: back to requires_input with the last error and a url again; the failing check is in the report', async () => {
    const session = await createSession();

    await fake.complete(session.id, 'failed', { code: 'selfie_face_mismatch' });
    const mismatch = await stripe.identity.verificationSessions.retrieve(session.id, {
      expand: ['last_verification_report'],
    });
    const faceError = {
      code: 'selfie_face_mismatch',
      reason: "The captured face image does not match with the document's face.",
    };
    expect(mismatch).toMatchObject({ status: 'requires_input', last_error: faceError, url: session.url });
    expect(mismatch.client_secret).toBeTruthy();
    expect(mismatch.last_verification_report).toMatchObject({
      document: { status: 'verified', error: null },
      selfie: { status: 'unverified', error: faceError },
    });

    await fake.complete(session.id, 'failed', { code: 'document_expired' });
    const expired = await stripe.identity.verificationSessions.retrieve(session.id, {
      expand: ['last_verification_report'],
    });
    const expiredError = { code: 'document_expired', reason: 'The document is expired.' };
    expect(expired.last_error).toEqual(expiredError);
    expect(expired.last_verification_report).toMatchObject({
      document: { status: 'unverified', error: expiredError, first_name: null },
    });

    await fake.complete(session.id, 'verified');
    expect(await stripe.identity.verificationSessions.retrieve(session.id)).toMatchObject({
      status: 'verified',
      last_error: null,
    });
  });

  it('offers only the failures the session checks for: no selfie failure without a selfie check', async () => {
    const session = await createSession({ options: { document: { require_matching_selfie: false } } });

    await expect(fake.complete(session.id, 'failed', { code: 'selfie_face_mismatch' })).rejects.toThrow(
      /code must be one of document_expired, document_unverified_other, consent_declined, under_supported_age/,
    );
    expect((await stripe.identity.verificationSessions.retrieve(session.id)).status).toBe('requires_input');
    const html = await (await page(session.id)).text();
    expect(html).toContain('value="document_expired"');
    expect(html).not.toContain('selfie_face_mismatch');
  });

  it('cancels only a session waiting for input, as Stripe, and sends the canceled event', async () => {
    const session = await createSession();
    const canceled = await stripe.identity.verificationSessions.cancel(session.id);
    expect(canceled).toMatchObject({ status: 'canceled', url: null, client_secret: null });
    expect(
      (await identityHook.next('identity.verification_session.canceled', session.id)).event.data.object,
    ).toMatchObject({ status: 'canceled' });
    await expect(stripe.identity.verificationSessions.cancel(session.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: 'This VerificationSession cannot be canceled because it is in the canceled state.',
    });
    await expect(fake.complete(session.id, 'verified')).rejects.toThrow(/canceled state/);

    const verified = await createSession();
    await fake.complete(verified.id, 'verified');
    await expect(stripe.identity.verificationSessions.cancel(verified.id)).rejects.toMatchObject({
      statusCode: 400,
      message: 'This VerificationSession cannot be canceled because it is in the verified state.',
    });
    await expect(stripe.identity.verificationSessions.retrieve('vs_unknown')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
    });
  });

  it('signs Identity events for the identity endpoint, and every other event for the first endpoint', async () => {
    const session = await createSession();
    await fake.complete(session.id, 'verified');

    const delivered = identityHook.of(session.id);
    expect(delivered.map((item) => item.event.type)).toEqual([
      'identity.verification_session.processing',
      'identity.verification_session.verified',
    ]);
    for (const item of delivered) {
      const event = stripe.webhooks.constructEvent(item.raw, item.signature, IDENTITY_SECRET);
      expect(event.type).toBe(item.event.type);
      expect(() => stripe.webhooks.constructEvent(item.raw, item.signature, BILLING_SECRET)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    }
    // The verified event's session: unexpanded, as Stripe sends it.
    expect(delivered[1]!.event.data.object).toMatchObject({ status: 'verified', verified_outputs: null });

    const customer = await stripe.customers.create({ email: 'jenny@example.com' });
    const product = await stripe.products.create({ name: 'Growth' });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
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
    const invoicePaid = await billingHook.next('invoice.paid');
    expect(stripe.webhooks.constructEvent(invoicePaid.raw, invoicePaid.signature, BILLING_SECRET).type).toBe(
      'invoice.paid',
    );
    expect(identityHook.received.every((item) => item.event.type.startsWith('identity.'))).toBe(true);
    expect(billingHook.received.some((item) => item.event.type.startsWith('identity.'))).toBe(false);
  });

  it('hosted page: a submission is processing (delivered) before the redirect, and the outcome follows', async () => {
    const session = await createSession();
    const html = await (await page(session.id)).text();
    for (const control of [
      '<label for="first_name">First name</label>',
      '<label for="last_name">Last name</label>',
      '<label for="outcome-verified">Verified</label>',
      '<label for="outcome-failed">Failed</label>',
      '<label for="code">Failure reason</label>',
      '<button type="submit">Submit verification</button>',
      `<a href="${RETURN_URL}">Cancel and return</a>`,
    ]) {
      expect(html).toContain(control);
    }

    const submitted = await fetch(`${fake.url}/__fake/identity/verify/${session.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ first_name: 'Mere', last_name: 'Tane', outcome: 'failed', code: 'document_expired' }),
      redirect: 'manual',
    });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(RETURN_URL);
    expect(identityHook.of(session.id).map((item) => item.event.type)).toEqual([
      'identity.verification_session.processing',
    ]);

    const processing = await page(session.id);
    const processingHtml = await processing.text();
    expect(processingHtml).toContain('Status: <strong>processing</strong>');
    expect(processingHtml).not.toContain('<form');
    const twice = await fetch(`${fake.url}/__fake/identity/verify/${session.id}`, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'verified' }),
      redirect: 'manual',
    });
    expect(twice.status).toBe(409);

    const outcome = await identityHook.next('identity.verification_session.requires_input', session.id);
    expect(outcome.event.data.object.last_error).toEqual({
      code: 'document_expired',
      reason: 'The document is expired.',
    });
    expect((await stripe.identity.verificationSessions.retrieve(session.id)).status).toBe('requires_input');
    expect(await (await page(session.id)).text()).toContain(
      'The last attempt failed: The document is expired. Try again.',
    );
  });

  it('hosted page: a form without names is refused and nothing is submitted', async () => {
    const session = await createSession();
    const refused = await fetch(`${fake.url}/__fake/identity/verify/${session.id}`, {
      method: 'POST',
      body: new URLSearchParams({ first_name: ' ', last_name: 'Rosen', outcome: 'verified' }),
      redirect: 'manual',
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Enter the first and last name as they appear on the document.');
    expect((await stripe.identity.verificationSessions.retrieve(session.id)).status).toBe('requires_input');
  });
});

describe('fake Stripe: Identity webhooks that cannot be delivered, and checks still pending', () => {
  let fake: FakeStripeIdentityProcess;
  let stripe: Stripe;

  beforeAll(async () => {
    const gone = await webhookEndpoint();
    await gone.close();
    // A provider that takes a minute: the pending check is ended by the complete control.
    fake = await FakeStripeIdentityProcess.start({
      webhookUrl: gone.url,
      webhookSecret: IDENTITY_SECRET,
      delayMs: 60_000,
    });
    stripe = sdkFor(fake);
  });

  afterAll(() => fake?.stop());

  it('records a failed delivery and keeps serving', async () => {
    const session = await stripe.identity.verificationSessions.create({ type: 'id_number' });
    const completion = await fake.complete(session.id, 'failed', { code: 'id_number_mismatch' });
    expect(completion.webhookStatuses).toEqual([null, null]);
    const deliveries = (await fake.deliveries()).filter((d) => completion.events.includes(d.event));
    expect(deliveries).toHaveLength(2);
    expect(deliveries.every((d) => d.status === null && d.error)).toBe(true);
    expect(
      await stripe.identity.verificationSessions.retrieve(session.id, { expand: ['last_verification_report'] }),
    ).toMatchObject({
      status: 'requires_input',
      last_error: { code: 'id_number_mismatch' },
      last_verification_report: { type: 'id_number', id_number: { status: 'unverified' } },
    });
  });

  it('ends a check submitted on the hosted page at once when told, delivering only the outcome', async () => {
    const session = await stripe.identity.verificationSessions.create({ type: 'document' });
    const submitted = await fetch(`${fake.url}/__fake/identity/verify/${session.id}`, {
      method: 'POST',
      body: new URLSearchParams({ first_name: 'Jenny', last_name: 'Rosen', outcome: 'verified' }),
      redirect: 'manual',
    });
    expect(submitted.status).toBe(303);
    expect((await stripe.identity.verificationSessions.retrieve(session.id)).status).toBe('processing');
    await expect(stripe.identity.verificationSessions.cancel(session.id)).rejects.toMatchObject({
      message: 'This VerificationSession cannot be canceled because it is in the processing state.',
    });

    const completion = await fake.complete(session.id, 'verified', { firstName: 'Hemi' });
    expect(completion.events).toHaveLength(1);
    expect(completion.session).toMatchObject({ status: 'verified', verified_outputs: { first_name: 'Hemi' } });
    const types = (await fake.deliveries()).filter((d) => d.type.startsWith('identity.')).map((d) => d.type);
    expect(types.filter((type) => type === 'identity.verification_session.verified')).toHaveLength(1);
  });
});
