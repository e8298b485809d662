import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { investmentMessages, investmentViewSchema } from '@app/contracts';
import type { AuthUser } from '@app/platform';
import { accessCookie, FakeStripePaymentsProcess, query, startApp, uniqueEmail } from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import type * as ServiceFile from '../src/investments/investments.service';

// An investment holds its tokens while it waits for the card: the investor can come back to the same
// payment, or cancel it; unpaid after INVESTMENT_PAYMENT_WINDOW_MINUTES it lapses. Cancelling and lapsing
// cancel the PaymentIntent at Stripe (nothing can be charged after) and free the tokens.

const NZ = '130.216.1.1';
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('tokenization: an investment awaiting payment is resumed, cancelled or lapses', () => {
  let app: INestApplication;
  let api: string;
  let stripe: FakeStripePaymentsProcess;
  const webhookSecret = 'whsec_tokenization_payment_window_test';
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

  const intentOf = async (id: string) => (await stripe.paymentIntents()).find((pi) => pi.id === id)!;
  const cancel = (reference: string) => call(`/api/tokenization/investments/${reference}/cancel`, { method: 'POST' });
  /** Moves an investment's creation back, as if its payment window had passed. */
  const age = (reference: string, minutes: number) =>
    query(`UPDATE tokenization.investments SET created_at = now() - make_interval(mins => $2) WHERE reference = $1`, [
      reference,
      minutes,
    ]);
  const tokensLeft = async () => {
    const [row] = await query<{ taken: string }>(
      `SELECT coalesce(sum(tokens), 0)::text AS taken FROM tokenization.investments
        WHERE property_id = $1 AND status <> 'failed'`,
      [propertyId],
    );
    return 1000 - Number(row!.taken);
  };

  it('states when the reservation lapses, and shows the same payment again until then (resume)', async () => {
    const { created, intent } = await invest();

    const payBy = new Date(created.payBy!).getTime();
    expect(payBy - new Date(created.timestamp).getTime()).toBe(30 * 60_000);
    const again = await investment(created.id);
    expect(again).toMatchObject({ status: 'awaiting_payment', payBy: created.payBy });
    expect(again.payment).toEqual({
      kind: 'card',
      clientSecret: intent.client_secret,
      publishableKey: 'pk_test_local',
    });
    const listed = (await (await call('/api/tokenization/investments')).json()) as { investments: { id: string }[] };
    expect(listed.investments.find((item) => item.id === created.id)).toMatchObject({ payBy: created.payBy });

    // A declined card leaves it resumable with the same intent, which then pays.
    await stripe.fail(intent.id);
    expect(await investment(created.id)).toMatchObject({ status: 'awaiting_payment', payment: again.payment });
    await stripe.succeed(intent.id);
    expect(await investment(created.id)).toMatchObject({ status: 'paid', payBy: null, payment: null });
  });

  it('the investor cancels: the intent is cancelled at Stripe, the tokens are free again, a second cancel is a 409', async () => {
    const before = await tokensLeft();
    const { created, intent } = await invest();
    expect(await tokensLeft()).toBe(before - 20);

    const reply = await cancel(created.id);

    expect(reply.status).toBe(200);
    expect(investmentViewSchema.parse(await reply.json())).toMatchObject({
      status: 'failed',
      error: investmentMessages.cancelled,
      payment: null,
      payBy: null,
    });
    expect(await intentOf(intent.id)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'requested_by_customer',
    });
    expect(await tokensLeft()).toBe(before);
    expect(await investment(created.id)).toMatchObject({ status: 'failed', error: investmentMessages.cancelled });

    const twice = await cancel(created.id);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ message: investmentMessages.notAwaitingPayment });
  });

  it("a paid investment cannot be cancelled, nor can another user's (404): nothing changes", async () => {
    const { created, intent } = await invest();
    await stripe.succeed(intent.id);

    const paid = await cancel(created.id);
    expect(paid.status).toBe(409);
    expect(await storedStatus(created.id)).toBe('paid');

    const { created: mine, intent: open } = await invest();
    const stranger: AuthUser = { id: randomUUID(), email: uniqueEmail('stranger'), emailVerified: true, role: 'user' };
    const theirs = await fetch(`${api}/api/tokenization/investments/${mine.id}/cancel`, {
      method: 'POST',
      headers: { cookie: accessCookie(stranger), 'x-client-address': NZ },
    });
    expect(theirs.status).toBe(404);
    expect(await storedStatus(mine.id)).toBe('awaiting_payment');
    expect((await intentOf(open.id)).status).toBe('requires_payment_method');
    expect((await cancel('INV-0')).status).toBe(404);
  });

  it('lapses once its payment window closed: when the investor looks, and by the sweep', async () => {
    const before = await tokensLeft();
    const { created: looked, intent: lookedIntent } = await invest();
    const { created: swept, intent: sweptIntent } = await invest();
    const { created: fresh, intent: freshIntent } = await invest();
    await age(looked.id, 31);
    await age(swept.id, 31);
    await age(fresh.id, 29);

    expect(await investment(looked.id)).toMatchObject({
      status: 'failed',
      error: investmentMessages.lapsed,
      payBy: null,
    });
    expect(await intentOf(lookedIntent.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });

    const { InvestmentsService } = jest.requireActual<typeof ServiceFile>('../src/investments/investments.service');
    expect(await app.get(InvestmentsService).lapseDue()).toBeGreaterThanOrEqual(1);
    expect(await storedStatus(swept.id)).toBe('failed');
    expect(await investment(swept.id)).toMatchObject({ error: investmentMessages.lapsed });
    expect(await intentOf(sweptIntent.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    // Still within its window: untouched.
    expect(await investment(fresh.id)).toMatchObject({ status: 'awaiting_payment' });
    expect((await intentOf(freshIntent.id)).status).toBe('requires_payment_method');
    expect(await tokensLeft()).toBe(before - 20);
  });

  it('an intent paid just before the window closed is taken as the payment, not lapsed', async () => {
    const { created, intent } = await invest();
    // Paid at Stripe, its event lost: the lapse finds the intent succeeded.
    await stripe.useWebhook('http://127.0.0.1:9/unreachable', webhookSecret);
    await stripe.succeed(intent.id);
    await stripe.useWebhook(`${api}/api/webhooks/stripe-tokenization`, webhookSecret);
    expect(await storedStatus(created.id)).toBe('awaiting_payment');
    await age(created.id, 31);

    const { InvestmentsService } = jest.requireActual<typeof ServiceFile>('../src/investments/investments.service');
    await app.get(InvestmentsService).lapseDue();

    expect(await storedStatus(created.id)).toBe('paid');
    expect((await intentOf(intent.id)).status).toBe('succeeded');
  });
});
