import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { investmentViewSchema, type EventType } from '@app/contracts';
import type { AuthUser } from '@app/platform';
import type { Producer } from 'kafkajs';
import Stripe from 'stripe';
import {
  accessCookie,
  connectEventProducer,
  eventMessage,
  eventTopic,
  expectNoMail,
  FakeStripePaymentsProcess,
  query,
  startApp,
  startMailWorker,
  theOnlyMail,
  uniqueEmail,
  waitFor,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';

// Issue 39: an investment's outcome is mailed to the investor once: confirmed when its card payment
// arrives (even when Stripe delivers the webhook twice), or not completed with the reason when it
// is cancelled or lapses unpaid; an investor who turned investment mail off in Settings (profile's
// MailPreferencesChanged) gets none. The address comes from identity's UserRegistered.

const NZ = '130.216.1.1';
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const PROPERTY = '12 Queen Street, Auckland 1010';

describe('tokenization: the investment mails', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let api: string;
  let stripe: FakeStripePaymentsProcess;
  let producer: Producer;
  const webhookSecret = 'whsec_tokenization_mail_test';
  const signer = new Stripe('sk_test_local');
  const propertyId = randomUUID();

  /** Publishes the event as its producer's outbox would and waits until tokenization applied it. */
  const deliver = async (type: EventType, key: string, init: Record<string, unknown>) => {
    const id = randomUUID();
    await producer.send({ topic: eventTopic(type), messages: [eventMessage(type, key, init, { id })] });
    await waitFor(
      async () => (await query('SELECT 1 FROM tokenization.inbox WHERE event_id = $1', [id])).length > 0,
      30000,
      `${type} ${id} consumed`,
    );
  };

  /** A registered, KYC-verified wholesale investor (their address known from UserRegistered). */
  const investorOf = async (investmentUpdates = true): Promise<AuthUser> => {
    const investor: AuthUser = {
      id: randomUUID(),
      email: uniqueEmail('invest-mail'),
      emailVerified: true,
      role: 'user',
    };
    await deliver('UserRegistered', investor.id, {
      userId: investor.id,
      email: investor.email,
      firstName: 'Aroha',
      lastName: 'Ngata',
    });
    if (!investmentUpdates)
      await deliver('MailPreferencesChanged', investor.id, {
        userId: investor.id,
        supportReplies: true,
        investmentUpdates: false,
        payoutNotices: true,
        updatedAt: timestampFromDate(new Date()),
      });
    await query(
      `INSERT INTO tokenization.kyc_clearances (user_id, status, changed_at) VALUES ($1, 'verified', now())`,
      [investor.id],
    );
    const declared = await call(investor, '/api/tokenization/wholesale-declaration', {
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
    return investor;
  };

  const call = (user: AuthUser, path: string, init: RequestInit = {}) =>
    fetch(`${api}${path}`, {
      ...init,
      headers: {
        cookie: accessCookie(user),
        'x-client-address': NZ,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
  /** Invests $25,000 (20 tokens at $1,250): the investment's reference and its PaymentIntent. */
  const invest = async (investor: AuthUser) => {
    const reply = await call(investor, `/api/tokenization/properties/${propertyId}/investments`, {
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
    return { reference: created.id, intent };
  };
  /** Stripe's payment_intent.succeeded for the intent, delivered again (a retried delivery). */
  const redeliverSucceeded = (intent: { id: string; amount: number; metadata: Record<string, string> }) => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          object: 'payment_intent',
          id: intent.id,
          status: 'succeeded',
          amount: intent.amount,
          amount_received: intent.amount,
          currency: 'nzd',
          metadata: intent.metadata,
        },
      },
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

  beforeAll(async () => {
    stripe = await FakeStripePaymentsProcess.start();
    Object.assign(process.env, { ...stripe.env(), STRIPE_TOKENIZATION_WEBHOOK_SECRET: webhookSecret });
    // The topics exist before the consumer subscribes.
    producer = await connectEventProducer('tokenization-investment-mail', ['UserRegistered', 'MailPreferencesChanged']);
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    await stripe.useWebhook(`${api}/api/webhooks/stripe-tokenization`, webhookSecret);
    worker = await startMailWorker();

    // A property whose token (QST) is deployed; the chain itself is tokenization.int-spec's.
    await query(
      `INSERT INTO tokenization.properties (id, user_id, submission_id, address, location, property_type, jurisdiction,
         title_reference, owner_name, value, token_supply, token_price, description, expected_yield, lockup_period,
         valuation_date, status, tokenization_status, contract_address)
       VALUES ($1, $2, $3, $4, 'Auckland', 'commercial', 'nz', 'NA1/1', 'Owner Limited',
         1250000, 1000, 1250, 'A building.', 5, 90, $5, 'tokenized', 'deployed', $6)`,
      [propertyId, randomUUID(), `SUB-${Date.now()}`, PROPERTY, isoDaysAgo(30), `0x${'2'.repeat(40)}`],
    );
    await query(
      `INSERT INTO tokenization.token_contracts (id, property_id, user_id, status, config, blockchain, contract_address)
       VALUES ($1, $2, $3, 'deployed', $4, 'polygon', $5)`,
      [
        randomUUID(),
        propertyId,
        randomUUID(),
        JSON.stringify({ tokenName: 'Queen Street Tower', tokenSymbol: 'QST', totalSupply: '1000' }),
        `0x${'2'.repeat(40)}`,
      ],
    );
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await stripe?.stop();
    await producer?.disconnect();
  });

  it('confirms a paid investment once, even when Stripe delivers the webhook twice', async () => {
    const investor = await investorOf();
    const { reference, intent } = await invest(investor);
    expect((await stripe.succeed(intent.id)).webhookStatuses).toEqual([200]);
    expect((await redeliverSucceeded(intent)).status).toBe(200);
    // Looking reads the intent back too: still one mail.
    expect((await call(investor, `/api/tokenization/investments/${reference}`)).status).toBe(200);

    const mail = await theOnlyMail(investor.email, `Your investment in ${PROPERTY} is confirmed`);
    expect(mail.text).toContain('Hello Aroha,');
    expect(mail.text).toContain('20 QST at $1250.00 NZD each');
    expect(mail.text).toContain('$25000.00 NZD');
    expect(mail.text).toContain(`Investment reference: ${reference}`);
    expect(mail.text).toMatch(/https?:\/\/\S+\/tokenization\b/);
    expect(mail.text).toContain('Settings');
    expect(mail.html).toContain('20 QST');
  });

  it('tells the investor why a cancelled or lapsed investment ended, once each', async () => {
    const investor = await investorOf();
    const cancelled = await invest(investor);
    expect(
      (await call(investor, `/api/tokenization/investments/${cancelled.reference}/cancel`, { method: 'POST' })).status,
    ).toBe(200);
    // A second cancel is refused and mails nothing more.
    expect(
      (await call(investor, `/api/tokenization/investments/${cancelled.reference}/cancel`, { method: 'POST' })).status,
    ).toBe(409);
    const ended = await theOnlyMail(investor.email, `Your investment in ${PROPERTY} was not completed`);
    expect(ended.text).toContain(`Investment reference: ${cancelled.reference}`);
    expect(ended.text).toContain('Reason: You cancelled this investment before paying');
    expect(ended.text).toContain('nothing was charged');

    const other = await investorOf();
    const lapsing = await invest(other);
    await query(`UPDATE tokenization.investments SET created_at = now() - interval '2 days' WHERE reference = $1`, [
      lapsing.reference,
    ]);
    const looked = await call(other, `/api/tokenization/investments/${lapsing.reference}`);
    expect(investmentViewSchema.parse(await looked.json()).status).toBe('failed');
    await call(other, `/api/tokenization/investments/${lapsing.reference}`);
    const lapsed = await theOnlyMail(other.email, `Your investment in ${PROPERTY} was not completed`);
    expect(lapsed.text).toContain(`Investment reference: ${lapsing.reference}`);
    expect(lapsed.text).toContain('Reason: The payment window closed');
  });

  it('sends nothing to an investor who turned investment mail off', async () => {
    const investor = await investorOf(false);
    const paid = await invest(investor);
    expect((await stripe.succeed(paid.intent.id)).webhookStatuses).toEqual([200]);
    const cancelled = await invest(investor);
    expect(
      (await call(investor, `/api/tokenization/investments/${cancelled.reference}/cancel`, { method: 'POST' })).status,
    ).toBe(200);
    await expectNoMail(investor.email, PROPERTY);
  });
});
