import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { fromBinary } from '@bufbuild/protobuf';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { eventCatalog, type AffiliateProfile } from '@app/contracts';
import { EventConsumer, type AuthUser } from '@app/platform';
import {
  eventMessage,
  largestEvent,
  query,
  rawRequest,
  startApp,
  uniqueEmail,
  validAffiliateApplication,
  accessCookie,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { EventDelivery } from './event-delivery';

// Identity's UserRegistered and billing's InvoicePaid/InvoiceRefunded travel on different topics,
// so nothing orders them. These tests publish them through the real Kafka in the order a lagging
// identity consumer would deliver them (the invoice first) and check the affiliate's result is
// the one the natural order gives.

const HOUR = 3_600_000;

describe('affiliate: invoices and refunds that arrive before their user registered', () => {
  let app: INestApplication;
  let api: string;
  let events: EventDelivery;

  beforeAll(async () => {
    events = await EventDelivery.start('affiliate-parked-test');
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
  });

  afterAll(async () => {
    await events?.stop();
    await app?.close();
  });

  const invoicePaid = (userId: string, invoiceId: string, amount: number, paidAt: Date, eventId?: string) =>
    events.deliver(
      'InvoicePaid',
      userId,
      { userId, invoiceId, amount: BigInt(amount), currency: 'usd', planId: 'pro', billingCycle: 'monthly' },
      paidAt,
      eventId,
    );
  const invoiceRefunded = (userId: string, invoiceId: string, amountRefunded: number, at: Date) =>
    events.deliver(
      'InvoiceRefunded',
      userId,
      { userId, invoiceId, amountRefunded: BigInt(amountRefunded), currency: 'usd' },
      at,
    );
  const userRegistered = (userId: string, referralCode: string, registeredAt: Date, eventId?: string) =>
    events.deliver(
      'UserRegistered',
      userId,
      {
        userId,
        email: uniqueEmail('late'),
        firstName: 'Aroha',
        referralCode,
        registeredAt: timestampFromDate(registeredAt),
      },
      registeredAt,
      eventId,
    );

  /** A fresh affiliate through the real API. */
  async function newAffiliate(): Promise<{ owner: AuthUser; profile: AffiliateProfile }> {
    const owner: AuthUser = { id: randomUUID(), email: uniqueEmail('affiliate'), emailVerified: true, role: 'user' };
    const reply = await rawRequest(`${api}/api/affiliate/register`, 'POST', {
      headers: {
        'content-type': 'application/json',
        cookie: accessCookie(owner),
      },
      body: JSON.stringify(validAffiliateApplication()),
    });
    expect(reply.status).toBe(201);
    return { owner, profile: reply.body as AffiliateProfile };
  }
  const profileOf = async (owner: AuthUser) =>
    (
      await rawRequest(`${api}/api/affiliate/profile`, 'GET', {
        headers: { cookie: accessCookie(owner) },
      })
    ).body as AffiliateProfile;
  const parkedOf = (userId: string) =>
    query<{ type: string; invoice_id: string }>(
      'SELECT type, invoice_id FROM affiliate.parked_events WHERE user_id = $1 ORDER BY seq',
      [userId],
    );
  const commissionsOf = (affiliateId: string) =>
    query<{ invoice_id: string; tier: string; rate: string; amount: string; refunded_amount: string }>(
      'SELECT invoice_id, tier, rate, amount, refunded_amount FROM affiliate.commissions WHERE affiliate_id = $1',
      [affiliateId],
    );
  const commissionEvents = async (affiliateId: string) =>
    (
      await query<{ payload: Buffer }>(
        `SELECT payload FROM affiliate.outbox WHERE key = $1 AND type = 'CommissionEarned' ORDER BY seq`,
        [affiliateId],
      )
    ).map((row) => fromBinary(eventCatalog.CommissionEarned.schema, row.payload));
  const referralOf = (userId: string) =>
    query<{ status: string; commission_amount: string }>(
      'SELECT status, commission_amount FROM affiliate.referrals WHERE referred_user_id = $1',
      [userId],
    ).then((rows) => rows[0]);
  const invoiceId = () => `in_${randomUUID().replaceAll('-', '').slice(0, 20)}`;

  it('earns the commission once the user arrives, at the tier of the month the invoice was paid in', async () => {
    const { owner, profile } = await newAffiliate();
    // Paid last month, when the affiliate already had 5 referrals: with this one, 6 that month,
    // Professional (20%). Ten more came later that month (16 in all would be Enterprise, 25%), and
    // this month the affiliate has none (Starter, 15%): neither may decide a late application.
    const thisMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const paidAt = new Date(thisMonth.getTime() - 48 * HOUR);
    const registeredAt = new Date(paidAt.getTime() - HOUR);
    const otherReferral = (at: Date) =>
      query(
        'INSERT INTO affiliate.referrals (id, affiliate_id, referred_user_id, created_at) VALUES ($1, $2, $3, $4)',
        [randomUUID(), profile.id, randomUUID(), at],
      );
    for (let i = 0; i < 5; i++) await otherReferral(new Date(paidAt.getTime() - (i + 2) * HOUR));
    for (let i = 0; i < 10; i++) await otherReferral(new Date(paidAt.getTime() + (i + 1) * HOUR));
    const customer = randomUUID();
    const invoice = invoiceId();

    await invoicePaid(customer, invoice, 69900, paidAt);
    expect(await parkedOf(customer)).toEqual([{ type: 'InvoicePaid', invoice_id: invoice }]);
    expect(await commissionsOf(profile.id)).toEqual([]);

    await userRegistered(customer, profile.referralCode, registeredAt);
    expect(await commissionsOf(profile.id)).toEqual([
      { invoice_id: invoice, tier: 'professional', rate: '20.00', amount: '139.80', refunded_amount: '0.00' },
    ]);
    expect(await profileOf(owner)).toMatchObject({ currentBalance: '139.80', totalEarnings: '139.80' });
    expect(await referralOf(customer)).toEqual({ status: 'converted', commission_amount: '139.80' });
    const [earned, ...more] = await commissionEvents(profile.id);
    expect(more).toEqual([]);
    expect(earned).toMatchObject({ referredUserId: customer, invoiceId: invoice, commissionAmount: '139.80' });
    expect(timestampDate(earned!.earnedAt!)).toEqual(paidAt);
    expect(await parkedOf(customer)).toEqual([]);
  });

  it('applies a refund parked after its invoice in order after it', async () => {
    const { owner, profile } = await newAffiliate();
    const customer = randomUUID();
    const invoice = invoiceId();
    const now = Date.now();

    await invoicePaid(customer, invoice, 69900, new Date(now - HOUR));
    await invoiceRefunded(customer, invoice, 34950, new Date(now - HOUR / 2));
    expect(await parkedOf(customer)).toEqual([
      { type: 'InvoicePaid', invoice_id: invoice },
      { type: 'InvoiceRefunded', invoice_id: invoice },
    ]);

    await userRegistered(customer, profile.referralCode, new Date(now - 2 * HOUR));
    // 15% of $699.00 = $104.85 earned, then half of it ($52.43) clawed back.
    expect(await commissionsOf(profile.id)).toEqual([
      { invoice_id: invoice, tier: 'starter', rate: '15.00', amount: '104.85', refunded_amount: '52.43' },
    ]);
    expect(await profileOf(owner)).toMatchObject({ currentBalance: '52.42', totalEarnings: '52.42' });
    expect(await referralOf(customer)).toEqual({ status: 'converted', commission_amount: '52.42' });
    expect(await parkedOf(customer)).toEqual([]);
  });

  it('applies nothing twice when parked events are redelivered or replayed, before or after the user arrives', async () => {
    const { owner, profile } = await newAffiliate();
    const customer = randomUUID();
    const invoice = invoiceId();
    const now = Date.now();
    const consumer = app.get(EventConsumer);

    const paid = await invoicePaid(customer, invoice, 69900, new Date(now - HOUR));
    // Kafka redelivers the very message while it is parked: the inbox refuses it.
    await expect(consumer.apply({ message: paid as never })).resolves.toBe(false);
    // Billing's invoice again under a new event id (a replay): parked beside the first.
    await invoicePaid(customer, invoice, 69900, new Date(now - HOUR));
    await invoiceRefunded(customer, invoice, 20000, new Date(now - HOUR / 2));
    expect(await parkedOf(customer)).toHaveLength(3);

    const registeredAt = new Date(now - 2 * HOUR);
    const registered = await userRegistered(customer, profile.referralCode, registeredAt);
    // One commission of $104.85; the refund of $200.00 takes 200/699 of it: $30.00.
    const applied = {
      commissions: [
        { invoice_id: invoice, tier: 'starter', rate: '15.00', amount: '104.85', refunded_amount: '30.00' },
      ],
      balance: { currentBalance: '74.85', totalEarnings: '74.85' },
    };
    expect(await commissionsOf(profile.id)).toEqual(applied.commissions);
    expect(await profileOf(owner)).toMatchObject(applied.balance);
    expect(await commissionEvents(profile.id)).toHaveLength(1);

    // After it was applied: the same messages redelivered, replays under new ids, the registration again.
    await expect(consumer.apply({ message: paid as never })).resolves.toBe(false);
    await expect(consumer.apply({ message: registered as never })).resolves.toBe(false);
    await invoicePaid(customer, invoice, 69900, new Date(now - HOUR));
    await invoiceRefunded(customer, invoice, 20000, new Date(now - HOUR / 2));
    await userRegistered(customer, profile.referralCode, registeredAt);
    expect(await commissionsOf(profile.id)).toEqual(applied.commissions);
    expect(await profileOf(owner)).toMatchObject(applied.balance);
    expect(await referralOf(customer)).toEqual({ status: 'converted', commission_amount: '74.85' });
    expect(await commissionEvents(profile.id)).toHaveLength(1);
    expect(await parkedOf(customer)).toEqual([]);
  });

  it('clears the parked events of a user who registers without a referral code, and parks none after', async () => {
    const customer = randomUUID();
    const first = invoiceId();
    const second = invoiceId();
    const now = Date.now();

    await invoicePaid(customer, first, 2900, new Date(now - HOUR));
    expect(await parkedOf(customer)).toHaveLength(1);
    await userRegistered(customer, '', new Date(now - 2 * HOUR));
    expect(await parkedOf(customer)).toEqual([]);
    expect(await query('SELECT 1 FROM affiliate.known_users WHERE user_id = $1', [customer])).toHaveLength(1);

    // Known now: a later invoice is neither parked nor commissioned.
    await invoicePaid(customer, second, 2900, new Date(now));
    expect(await parkedOf(customer)).toEqual([]);
    expect(
      await query('SELECT 1 FROM affiliate.commissions WHERE invoice_id = ANY($1::text[])', [[first, second]]),
    ).toEqual([]);
  });

  it('keeps parked events 30 days: older ones are purged as others are parked and never applied', async () => {
    const { owner, profile } = await newAffiliate();
    const [gone, waiting, expired] = [randomUUID(), randomUUID(), randomUUID()];
    const now = Date.now();
    const age = (userId: string) =>
      query(`UPDATE affiliate.parked_events SET parked_at = now() - interval '31 days' WHERE user_id = $1`, [userId]);

    await invoicePaid(gone, invoiceId(), 69900, new Date(now - HOUR));
    await age(gone);
    // The next event parked (anyone's) takes the expired one with it.
    await invoicePaid(waiting, invoiceId(), 69900, new Date(now - HOUR));
    expect(await parkedOf(gone)).toEqual([]);
    expect(await parkedOf(waiting)).toHaveLength(1);

    // Expired but not purged yet: the user's registration drops it instead of applying it.
    await invoicePaid(expired, invoiceId(), 69900, new Date(now - HOUR));
    await age(expired);
    await userRegistered(expired, profile.referralCode, new Date(now - 2 * HOUR));
    expect(await parkedOf(expired)).toEqual([]);
    expect(await referralOf(expired)).toEqual({ status: 'pending', commission_amount: '0.00' });
    expect(await commissionsOf(profile.id)).toEqual([]);

    // Within the 30 days it is applied.
    await userRegistered(waiting, profile.referralCode, new Date(now - 2 * HOUR));
    expect(await profileOf(owner)).toMatchObject({ currentBalance: '104.85' });
  });

  it('stores the largest value of every field of every event it consumes, commission included', async () => {
    const consumer = app.get(EventConsumer);
    const { owner, profile } = await newAffiliate();
    const user = randomUUID();
    const invoiceId = `${randomUUID()}${'x'.repeat(255 - 36)}`;
    const disputeId = `${randomUUID()}${'x'.repeat(255 - 36)}`;
    // Every type the service consumes, the registration first (with a real referral code) so the
    // largest invoice earns a commission.
    const types = [
      'UserRegistered',
      'InvoicePaid',
      'InvoiceDisputed',
      'InvoiceRefunded',
      'InvoiceDisputeWon',
      'KycStatusChanged',
      // The member's mail choices (payout notices), kept beside its address.
      'MailPreferencesChanged',
      // A visitor's application, as identity publishes it for a new account of its own.
      'AffiliateApplicationSubmitted',
    ] as const;
    const applicant = randomUUID();
    expect([...consumer.eventTypes].sort()).toEqual([...types].sort());
    const commission = () =>
      query(
        `SELECT invoice_amount, amount, refunded_amount, disputed_amount FROM affiliate.commissions
          WHERE invoice_id = $1`,
        [invoiceId],
      );
    for (const type of types) {
      const init = largestEvent(type, {
        userId: type === 'AffiliateApplicationSubmitted' ? applicant : user,
        ...(type === 'UserRegistered'
          ? { referralCode: profile.referralCode }
          : type === 'KycStatusChanged'
            ? {}
            : { invoiceId, disputeId, currency: 'usd' }),
      });
      await expect(consumer.apply({ message: eventMessage(type, user, init) } as never)).resolves.toBe(true);
      if (type === 'InvoiceDisputed') {
        // 999,999,999,999 cents at the starter tier's 15%, wholly disputed.
        expect(await commission()).toEqual([
          {
            invoice_amount: '9999999999.99',
            amount: '1500000000.00',
            refunded_amount: '0.00',
            disputed_amount: '1500000000.00',
          },
        ]);
      }
    }
    // Then wholly refunded, and the dispute won: the refund keeps it all.
    expect(await commission()).toEqual([
      {
        invoice_amount: '9999999999.99',
        amount: '1500000000.00',
        refunded_amount: '1500000000.00',
        disputed_amount: '0.00',
      },
    ]);
    expect(await query('SELECT amount, status FROM affiliate.disputes WHERE dispute_id = $1', [disputeId])).toEqual([
      { amount: '9999999999.99', status: 'won' },
    ]);
    expect(await profileOf(owner)).toMatchObject({ currentBalance: '0.00', totalEarnings: '0.00' });
    // The longest status, with the longest session id and reason (not stored).
    expect(await query('SELECT status FROM affiliate.kyc_clearances WHERE user_id = $1', [user])).toEqual([
      { status: 'requires_input' },
    ]);
    // The longest application, stored whole as the applicant's pending profile.
    const [application] = await query<{ status: string; company_name: string; business_description: string }>(
      'SELECT status, company_name, business_description FROM affiliate.affiliates WHERE user_id = $1',
      [applicant],
    );
    const largest = largestEvent('AffiliateApplicationSubmitted');
    expect(application).toEqual({
      status: 'pending',
      company_name: largest.companyName,
      business_description: largest.businessDescription,
    });
  });
});
