import type { INestApplication } from '@nestjs/common';
import { fromBinary } from '@bufbuild/protobuf';
import {
  ErrorCode,
  kybMessages,
  kycMessages,
  KycStatusChangedSchema,
  type KycStatusResponse,
  type StartKycVerificationResponse,
} from '@app/contracts';
import { APP_CONFIG } from '@app/platform';
import Stripe from 'stripe';
import { accessCookie, bodyOf, query, startApp, validRegistration } from '../../../test-support';
import { FakeStripeIdentityProcess } from '../../../test-support/fake-stripe-identity';
import type * as AppModuleFile from '../src/app.module';
import type { IdentityConfig } from '../src/config';

interface Account {
  userId: string;
  email: string;
  cookie: string;
}

describe('identity: KYC through Stripe Identity (sessions, signed webhooks, the account status, KycStatusChanged)', () => {
  let app: INestApplication;
  let api: string;
  let fake: FakeStripeIdentityProcess;
  let secret: string;
  const stripe = new Stripe('sk_test_local');

  beforeAll(async () => {
    fake = await FakeStripeIdentityProcess.start();
    Object.assign(process.env, fake.env());
    // The module reads its settings when loaded: after the fake's address is in the environment.
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    secret = app.get<IdentityConfig>(APP_CONFIG).STRIPE_IDENTITY_WEBHOOK_SECRET;
    await fake.useWebhook(`${api}/api/webhooks/stripe-identity`, secret);
  });

  afterAll(async () => {
    await app?.close();
    await fake?.stop();
  });

  async function newAccount(role = 'user'): Promise<Account> {
    const registration = validRegistration();
    const response = await fetch(`${api}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration),
    });
    expect(response.status).toBeLessThan(300);
    // The answer does not say whether the address was new (it names no user): the account is read back.
    const email = registration.email.toLowerCase();
    const [{ id: userId }] = await query<{ id: string }>('SELECT id FROM identity.users WHERE email = $1', [email]);
    return { userId, email, cookie: accessCookie({ id: userId, email, emailVerified: true, role }) };
  }

  const call = (account: Account, method: string, path: string, body?: unknown) =>
    fetch(`${api}${path}`, {
      method,
      headers: { cookie: account.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const status = async (account: Account) => bodyOf<KycStatusResponse>(await call(account, 'GET', '/api/kyc/status'));
  const start = async (account: Account, body: unknown = {}) => {
    const response = await call(account, 'POST', '/api/kyc/verification', body);
    expect(response.status).toBe(201);
    return bodyOf<StartKycVerificationResponse>(response);
  };
  const kycEvents = async (userId: string) =>
    (
      await query<{ payload: Buffer }>(
        `SELECT payload FROM identity.outbox WHERE key = $1 AND type = 'KycStatusChanged' ORDER BY seq`,
        [userId],
      )
    ).map(({ payload }) => {
      const event = fromBinary(KycStatusChangedSchema, payload);
      return { status: event.status, previous: event.previousStatus, reason: event.reason };
    });
  const sendWebhook = (payload: string, signature?: string) =>
    fetch(`${api}/api/webhooks/stripe-identity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      body: payload,
    });

  it('starts a verification, sends the user to the hosted page and records the business numbers', async () => {
    const account = await newAccount();
    expect(await status(account)).toEqual({ kycStatus: 'pending', verification: null });

    const started = await start(account, {
      business: {
        country: 'New Zealand',
        nzbn: '9429 0410 000 14',
        businessNumber: '1234567',
        taxNumber: '49-091-850',
      },
      returnTo: 'dashboard',
    });
    expect(started.kycStatus).toBe('pending');
    expect(started.url).toBe(`${fake.url}/__fake/identity/verify/${started.verification.providerSessionId}`);
    expect(started.verification).toMatchObject({
      provider: 'stripe_identity',
      status: 'requires_input',
      lastError: null,
      verifiedName: null,
      business: { country: 'New Zealand', nzbn: '9429041000014', businessNumber: '1234567', taxNumber: '49091850' },
    });
    const [session] = (await fake.sessions()).filter((s) => s.id === started.verification.providerSessionId);
    expect(session).toMatchObject({
      client_reference_id: account.userId,
      metadata: { user_id: account.userId },
      options: { document: { require_matching_selfie: true } },
    });
    const publicUrl = app.get<IdentityConfig>(APP_CONFIG).PUBLIC_URL;
    const create = (await fake.requests()).find(
      (request) =>
        request.path === '/v1/identity/verification_sessions' &&
        request.method === 'POST' &&
        request.body.client_reference_id === account.userId,
    );
    expect(create?.body.return_url).toBe(`${publicUrl}/dashboard?kyc=returned`);
    expect((await status(account)).verification?.id).toBe(started.verification.id);
  });

  it('moves the account pending → processing → verified from the webhooks, once each, and keeps no document data', async () => {
    const account = await newAccount();
    const started = await start(account);
    const completion = await fake.complete(started.verification.providerSessionId, 'verified');
    expect(completion.webhookStatuses).toEqual([200, 200]);

    const after = await status(account);
    expect(after.kycStatus).toBe('verified');
    expect(after.verification).toMatchObject({
      status: 'verified',
      verifiedName: 'Jenny Rosen',
      checks: { document: 'verified', selfie: 'verified' },
      lastError: null,
    });
    expect(Date.now() - Date.parse(after.verification!.verifiedAt!)).toBeLessThan(60_000);
    expect(await kycEvents(account.userId)).toEqual([
      { status: 'processing', previous: 'pending', reason: '' },
      { status: 'verified', previous: 'processing', reason: '' },
    ]);
    const me = await bodyOf<{ kycStatus: string }>(await call(account, 'GET', '/api/auth/me'));
    expect(me.kycStatus).toBe('verified');

    // The provider keeps the document: no date of birth, address or number is stored.
    const [row] = await query<{ row: string }>(
      `SELECT row_to_json(v)::text AS row FROM identity.kyc_verifications v WHERE user_id = $1`,
      [account.userId],
    );
    expect(row!.row).not.toMatch(/1987|dob|address|id_number_type/);

    // Verified is final: another start is refused and changes nothing.
    const again = await call(account, 'POST', '/api/kyc/verification', {});
    expect(again.status).toBe(409);
    expect(await bodyOf(again)).toEqual({ error: ErrorCode.AlreadyVerified, message: kycMessages.alreadyVerified });
    expect((await fake.sessions()).filter((s) => s.client_reference_id === account.userId)).toHaveLength(1);
  });

  it("shows the provider's reason after a failed check, and a retry cancels that session and can succeed", async () => {
    const account = await newAccount();
    const first = await start(account);
    await fake.complete(first.verification.providerSessionId, 'failed', { code: 'document_expired' });
    const failed = await status(account);
    expect(failed.kycStatus).toBe('requires_input');
    expect(failed.verification).toMatchObject({
      status: 'requires_input',
      lastError: { code: 'document_expired', reason: 'The document is expired.' },
      checks: { document: 'unverified' },
    });
    expect((await kycEvents(account.userId)).at(-1)).toEqual({
      status: 'requires_input',
      previous: 'processing',
      reason: 'The document is expired.',
    });

    const retry = await start(account);
    expect(retry.verification.providerSessionId).not.toBe(first.verification.providerSessionId);
    expect(retry.kycStatus).toBe('pending');
    const sessions = await fake.sessions();
    expect(sessions.find((s) => s.id === first.verification.providerSessionId)?.status).toBe('canceled');

    await fake.complete(retry.verification.providerSessionId, 'verified');
    expect((await status(account)).kycStatus).toBe('verified');
    expect((await kycEvents(account.userId)).map((event) => event.status)).toEqual([
      'processing',
      'requires_input',
      'pending',
      'processing',
      'verified',
    ]);
  });

  it('refuses business numbers in the wrong format with a clear 400, calling the provider for nothing', async () => {
    const account = await newAccount();
    const before = (await fake.requests()).length;
    const response = await call(account, 'POST', '/api/kyc/verification', {
      business: { country: 'Australia', businessNumber: '51 824 753 557', nzbn: '9429041000014' },
    });
    expect(response.status).toBe(400);
    const body = await bodyOf<{ error: string; details: { path: string; message: string }[] }>(response);
    expect(body.error).toBe(ErrorCode.ValidationFailed);
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'business.nzbn', message: kybMessages.nzbnOutsideNz },
        { path: 'business.businessNumber', message: kybMessages.businessNumberAu },
      ]),
    );
    expect((await fake.requests()).length).toBe(before);
    expect(await status(account)).toEqual({ kycStatus: 'pending', verification: null });
  });

  it('refuses unsigned or badly signed webhooks, ignores other sessions and never lets a late event undo verified', async () => {
    const account = await newAccount();
    const started = await start(account);
    const sessionId = started.verification.providerSessionId;
    const eventOf = (type: string, created: number, object: Record<string, unknown>) =>
      JSON.stringify({ id: `evt_${type}_${created}_${sessionId}`, object: 'event', type, created, data: { object } });

    const forged = eventOf('identity.verification_session.verified', 2_000_000_000, {
      id: sessionId,
      status: 'verified',
    });
    expect((await sendWebhook(forged)).status).toBe(400);
    const wrong = await sendWebhook(
      forged,
      stripe.webhooks.generateTestHeaderString({ payload: forged, secret: 'whsec_other' }),
    );
    expect(wrong.status).toBe(400);
    expect(await bodyOf(wrong)).toMatchObject({ error: ErrorCode.InvalidSignature });
    expect((await status(account)).kycStatus).toBe('pending');

    // Another platform's session on the same Stripe account: acknowledged, nothing read or changed.
    const stranger = eventOf('identity.verification_session.verified', 1_900_000_000, {
      id: 'vs_not_ours',
      status: 'verified',
    });
    const ignored = await sendWebhook(
      stranger,
      stripe.webhooks.generateTestHeaderString({ payload: stranger, secret }),
    );
    expect(await bodyOf(ignored)).toEqual({ received: true, outcome: 'unknown_session' });
    // Signed but naming no session: changes nobody's verification.
    const nameless = eventOf('identity.verification_session.processing', 1_900_000_001, { status: 'processing' });
    const nothing = await sendWebhook(
      nameless,
      stripe.webhooks.generateTestHeaderString({ payload: nameless, secret }),
    );
    expect(await bodyOf(nothing)).toEqual({ received: true, outcome: 'ignored' });
    expect((await status(account)).kycStatus).toBe('pending');

    await fake.complete(sessionId, 'verified');
    // Stripe retries an old processing event after the verified one: it changes nothing.
    const late = eventOf('identity.verification_session.processing', Math.floor(Date.now() / 1000) - 60, {
      id: sessionId,
      status: 'processing',
      last_error: null,
    });
    const replay = await sendWebhook(late, stripe.webhooks.generateTestHeaderString({ payload: late, secret }));
    expect(await bodyOf(replay)).toEqual({ received: true, outcome: 'stale' });
    expect((await status(account)).kycStatus).toBe('verified');
    expect((await kycEvents(account.userId)).map((event) => event.status)).toEqual(['processing', 'verified']);
  });

  it("decides from the session fetched back from the provider: a signed event the provider's session disagrees with changes nothing", async () => {
    const account = await newAccount();
    const started = await start(account);
    const sessionId = started.verification.providerSessionId;
    let created = Math.floor(Date.now() / 1000);
    const signedEvent = (type: string, object: Record<string, unknown>) => {
      created += 1;
      const payload = JSON.stringify({
        id: `evt_claim_${created}_${sessionId}`,
        object: 'event',
        type,
        created,
        data: { object: { id: sessionId, object: 'identity.verification_session', ...object } },
      });
      return sendWebhook(payload, stripe.webhooks.generateTestHeaderString({ payload, secret }));
    };
    const claimVerified = () =>
      signedEvent('identity.verification_session.verified', {
        status: 'verified',
        last_error: null,
        verified_outputs: { first_name: 'Mallory', last_name: 'Forged' },
      });

    // The provider still waits for the user's document (requires_input): a signed "verified" is not believed.
    expect((await fake.sessions()).find((s) => s.id === sessionId)?.status).toBe('requires_input');
    const forged = await claimVerified();
    expect(forged.status).toBe(200);
    expect(await bodyOf(forged)).toEqual({ received: true, outcome: 'mismatch' });
    const processing = await signedEvent('identity.verification_session.processing', { status: 'processing' });
    expect(await bodyOf(processing)).toEqual({ received: true, outcome: 'mismatch' });
    const after = await status(account);
    expect(after.kycStatus).toBe('pending');
    expect(after.verification).toMatchObject({ status: 'requires_input', verifiedName: null, verifiedAt: null });
    expect(await kycEvents(account.userId)).toEqual([]);
    const me = await bodyOf<{ kycStatus: string }>(await call(account, 'GET', '/api/auth/me'));
    expect(me.kycStatus).toBe('pending');

    // After a failed check the provider says requires_input with its error: still not verified.
    await fake.complete(sessionId, 'failed', { code: 'document_expired' });
    expect((await status(account)).kycStatus).toBe('requires_input');
    expect(await bodyOf(await claimVerified())).toEqual({ received: true, outcome: 'mismatch' });
    expect((await status(account)).verification).toMatchObject({
      status: 'requires_input',
      lastError: { code: 'document_expired', reason: 'The document is expired.' },
      verifiedName: null,
    });
    expect((await kycEvents(account.userId)).map((event) => event.status)).toEqual(['processing', 'requires_input']);

    // The genuine check still verifies, with the name the provider verified (not any event's).
    const retry = await start(account);
    await fake.complete(retry.verification.providerSessionId, 'verified');
    expect((await status(account)).verification).toMatchObject({ status: 'verified', verifiedName: 'Jenny Rosen' });
  });

  it("ends a session verified when the provider says so, whatever a late event's type", async () => {
    const account = await newAccount();
    const started = await start(account);
    const sessionId = started.verification.providerSessionId;
    // The user submits; the verified event is lost on the way (no endpoint for a moment)...
    await fake.useWebhook('http://127.0.0.1:9/unreachable', secret);
    await fake.complete(sessionId, 'verified');
    await fake.useWebhook(`${api}/api/webhooks/stripe-identity`, secret);
    expect((await status(account)).kycStatus).toBe('pending');
    // ...and a retried processing event arrives: the session fetched back is verified, so that is applied.
    const payload = JSON.stringify({
      id: `evt_late_processing_${sessionId}`,
      object: 'event',
      type: 'identity.verification_session.processing',
      created: Math.floor(Date.now() / 1000) - 30,
      data: { object: { id: sessionId, object: 'identity.verification_session', status: 'processing' } },
    });
    const late = await sendWebhook(payload, stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(await bodyOf(late)).toEqual({ received: true, outcome: 'applied' });
    expect((await status(account)).verification).toMatchObject({ status: 'verified', verifiedName: 'Jenny Rosen' });
    expect((await kycEvents(account.userId)).map((event) => event.status)).toEqual(['verified']);
  });

  it('shows ops who verified what and when, and nobody else', async () => {
    const account = await newAccount();
    const started = await start(account, { business: { country: 'Australia', businessNumber: '51824753556' } });
    await fake.complete(started.verification.providerSessionId, 'verified', { firstName: 'Aroha', lastName: 'Ngata' });

    const denied = await call(account, 'GET', '/api/kyc/admin/verifications');
    expect(denied.status).toBe(403);

    const ops = await newAccount('admin');
    const list = await bodyOf<{ verifications: Record<string, unknown>[] }>(
      await call(ops, 'GET', '/api/kyc/admin/verifications'),
    );
    expect(list.verifications.find((row) => row.userId === account.userId)).toMatchObject({
      email: account.email,
      kycStatus: 'verified',
      status: 'verified',
      verifiedName: 'Aroha Ngata',
      business: { country: 'Australia', businessNumber: '51824753556', nzbn: null, taxNumber: null },
    });
  });

  it('answers 401 without a session', async () => {
    expect((await fetch(`${api}/api/kyc/status`)).status).toBe(401);
    expect((await fetch(`${api}/api/kyc/verification`, { method: 'POST' })).status).toBe(401);
  });
});
