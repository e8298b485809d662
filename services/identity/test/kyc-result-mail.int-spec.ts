import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { StartKycVerificationResponse } from '@app/contracts';
import { APP_CONFIG } from '@app/platform';
import Stripe from 'stripe';
import {
  accessCookie,
  bodyOf,
  mailsTo,
  query,
  startApp,
  startMailWorker,
  theOnlyMail,
  validRegistration,
} from '../../../test-support';
import { FakeStripeIdentityProcess } from '../../../test-support/fake-stripe-identity';
import type * as AppModuleFile from '../src/app.module';
import type { IdentityConfig } from '../src/config';

describe('identity: the KYC result is mailed once (verified, or needs input with the reason)', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let api: string;
  let fake: FakeStripeIdentityProcess;
  let secret: string;
  const stripe = new Stripe('sk_test_local');

  beforeAll(async () => {
    fake = await FakeStripeIdentityProcess.start();
    Object.assign(process.env, fake.env());
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    worker = await startMailWorker();
    secret = app.get<IdentityConfig>(APP_CONFIG).STRIPE_IDENTITY_WEBHOOK_SECRET;
    await fake.useWebhook(`${api}/api/webhooks/stripe-identity`, secret);
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await fake?.stop();
  });

  async function newAccount() {
    const registration = validRegistration();
    await fetch(`${api}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration),
    });
    const email = registration.email.toLowerCase();
    const [{ id }] = await query<{ id: string }>('SELECT id FROM identity.users WHERE email = $1', [email]);
    return {
      email,
      firstName: registration.firstName,
      cookie: accessCookie({ id, email, emailVerified: true, role: 'user' }),
    };
  }

  const start = async (cookie: string) => {
    const response = await fetch(`${api}/api/kyc/verification`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(201);
    return (await bodyOf<StartKycVerificationResponse>(response)).verification.providerSessionId;
  };

  /** Stripe delivers an event again: the same signed event, posted once more. */
  const redeliver = async (sessionId: string, status: 'verified' | 'requires_input') => {
    const payload = JSON.stringify({
      id: `evt_again_${sessionId}`,
      object: 'event',
      type: `identity.verification_session.${status}`,
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: sessionId, status } },
    });
    const response = await fetch(`${api}/api/webhooks/stripe-identity`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      body: payload,
    });
    expect(response.status).toBe(200);
  };

  it('mails "verified" once, even when the webhook comes twice; nothing for the steps on the way', async () => {
    const account = await newAccount();
    const sessionId = await start(account.cookie);
    await fake.complete(sessionId, 'verified');
    await redeliver(sessionId, 'verified');

    const mail = await theOnlyMail(account.email, 'Your identity is verified');
    expect(mail.text).toContain(`Hello ${account.firstName},`);
    expect(mail.text).toContain('Payments Platform');
    expect(mail.text).toMatch(/https?:\/\/\S+\/dashboard/);
    expect(mail.html).toContain('<a href=');
    // The processing step on the way is not mailed.
    expect(await mailsTo(account.email, 'identity')).toHaveLength(1);
  });

  it("mails the provider's reason when the check needs input, once per session", async () => {
    const account = await newAccount();
    const sessionId = await start(account.cookie);
    await fake.complete(sessionId, 'failed', { code: 'document_expired' });
    await redeliver(sessionId, 'requires_input');

    const mail = await theOnlyMail(account.email, 'needs your attention');
    expect(mail.text).toContain('Reason: The document is expired.');
    expect(mail.text).toMatch(/https?:\/\/\S+\/settings\?tab=verification/);
    expect(mail.html).toContain('The document is expired.');
  });
});
