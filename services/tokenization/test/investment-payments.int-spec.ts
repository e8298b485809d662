import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { investmentViewSchema, type InvestmentView } from '@app/contracts';
import type { AuthUser } from '@app/platform';
import Stripe from 'stripe';
import { accessCookie, FakeStripePaymentsProcess, query, startApp, uniqueEmail } from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';

// Card payments for investments decide from the PaymentIntent fetched back from Stripe by its id, never
// from the signed event's body: whoever holds the webhook secret cannot mark an unpaid investment paid.

const NZ = '130.216.1.1';
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('tokenization: investment payments decide from the PaymentIntent Stripe reports', () => {
  let app: INestApplication;
  let api: string;
  let stripe: FakeStripePaymentsProcess;
  const webhookSecret = 'whsec_tokenization_payments_test';
  const signer = new Stripe('sk_test_local');
  const investor: AuthUser = { id: randomUUID(), email: uniqueEmail('invest'), emailVerified: true, role: 'user' };
  const propertyId = randomUUID();

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${api}${path}`, {
      ...init,
      headers: {
        cookie: accessCookie(investor),
        'x-client-address': NZ,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
  const investment = async (reference: string) =>
    investmentViewSchema.parse(await (await call(`/api/tokenization/investments/${reference}`)).json());
  const storedStatus = async (reference: string) =>
    (
      await query<{ status: string }>('SELECT status FROM tokenization.investments WHERE reference = $1', [reference])
    )[0]!.status;
  /** A Stripe event for the intent, signed with the endpoint's real secret (as a leaked secret would allow). */
  const signedEvent = async (type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'payment_intent', ...object } },
    });
    return fetch(`${api}/api/webhooks/stripe-tokenization`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      body: payload,
    });
  };
  const invest = async () => {
    const reply = await call(`/api/tokenization/properties/${propertyId}/investments`, {
      method: 'POST',
      body: JSON.stringify({
        walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        paymentMethod: 'nzd',
        amount: 25_000,
      }),
    });
    expect(reply.status).toBe(201);
    const created = investmentViewSchema.parse(await reply.json());
    const intent = (await stripe.paymentIntents()).find((pi) => pi.metadata.reference === created.id)!;
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 2_562_500, currency: 'nzd' });
    return { created, intent };
  };

  beforeAll(async () => {
    stripe = await FakeStripePaymentsProcess.start();
    Object.assign(process.env, { ...stripe.env(), STRIPE_TOKENIZATION_WEBHOOK_SECRET: webhookSecret });
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    await stripe.useWebhook(`${api}/api/webhooks/stripe-tokenization`, webhookSecret);

    // A property whose token is deployed (the chain itself is tokenization.int-spec's), and a verified investor.
    await query(
      `INSERT INTO tokenization.properties (id, user_id, submission_id, address, location, property_type, jurisdiction,
         title_reference, owner_name, value, token_supply, token_price, description, expected_yield, lockup_period,
         valuation_date, status, tokenization_status, contract_address)
       VALUES ($1, $2, $3, '1 Queen Street, Auckland 1010', 'Auckland', 'commercial', 'nz', 'NA1/1', 'Owner Limited',
         1250000, 1000, 1250, 'A building.', 5, 90, $4, 'tokenized', 'deployed', $5)`,
      [propertyId, randomUUID(), `SUB-${Date.now()}`, isoDaysAgo(30), `0x${'1'.repeat(40)}`],
    );
    await query(
      `INSERT INTO tokenization.token_contracts (id, property_id, user_id, status, config, blockchain, contract_address)
       VALUES ($1, $2, $3, 'deployed', $4, 'polygon', $5)`,
      [randomUUID(), propertyId, randomUUID(), JSON.stringify({ totalSupply: '1000' }), `0x${'1'.repeat(40)}`],
    );
    await query(
      `INSERT INTO tokenization.kyc_clearances (user_id, status, changed_at) VALUES ($1, 'verified', now())`,
      [investor.id],
    );
    const declared = await call('/api/tokenization/wholesale-declaration', {
      method: 'PUT',
      body: JSON.stringify({
        basis: 'eligible_investor',
        certifierName: 'Jane Adviser',
        certifierProfession: 'chartered_accountant',
        signedOn: isoDaysAgo(10),
        acknowledged: true,
      }),
    });
    expect(declared.status).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await stripe?.stop();
  });

  it('a signed payment_intent.succeeded for an intent Stripe reports unpaid leaves the investment awaiting payment', async () => {
    const { created, intent } = await invest();
    const forged = await signedEvent('payment_intent.succeeded', {
      id: intent.id,
      status: 'succeeded',
      amount: intent.amount,
      amount_received: intent.amount,
      currency: 'nzd',
      metadata: intent.metadata,
    });
    expect(forged.status).toBe(200);
    expect(await storedStatus(created.id)).toBe('awaiting_payment');
    expect(await investment(created.id)).toMatchObject({ status: 'awaiting_payment', error: null });
    // Nor does a forged cancellation fail it: Stripe still waits for the card.
    await signedEvent('payment_intent.canceled', { id: intent.id, status: 'canceled' });
    expect(await storedStatus(created.id)).toBe('awaiting_payment');
    expect((await stripe.paymentIntents()).find((pi) => pi.id === intent.id)?.status).toBe('requires_payment_method');

    // The customer really pays: the delivered event, checked against the intent Stripe holds, marks it paid.
    const paid = await stripe.succeed(intent.id);
    expect(paid.webhookStatuses).toEqual([200]);
    expect(await storedStatus(created.id)).toBe('paid');
  });

  it("takes the card's failure from the intent Stripe holds, not from the event", async () => {
    const { created, intent } = await invest();
    const declined = await stripe.fail(intent.id, 'insufficient_funds');
    expect(declined.webhookStatuses).toEqual([200]);
    const view: InvestmentView = await investment(created.id);
    expect(view.status).toBe('awaiting_payment');
    expect(view.error).toBe(declined.paymentIntent.last_payment_error!.message);
    // A forged "succeeded" after the decline changes nothing either.
    const forged = await signedEvent('payment_intent.succeeded', {
      id: intent.id,
      status: 'succeeded',
      amount: intent.amount,
      amount_received: intent.amount,
      currency: 'nzd',
      metadata: intent.metadata,
    });
    expect(forged.status).toBe(200);
    expect(await storedStatus(created.id)).toBe('awaiting_payment');
  });
});
