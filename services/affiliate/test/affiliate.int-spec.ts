import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { fromBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  affiliateMessages,
  customContentResponseSchema,
  kycRequiredMessage,
  marketingAssetsResponseSchema,
  PayoutPaidSchema,
  valuePropositionResponseSchema,
  type AffiliateProfile,
} from '@app/contracts';
import { parseConfig, type AuthUser } from '@app/platform';
import {
  accessCookie,
  query,
  rawRequest,
  startApp,
  uniqueEmail,
  validAffiliateApplication,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { affiliateConfigSchema } from '../src/config';
import { EventDelivery } from './event-delivery';

// Affiliate against the real Postgres, Redis and Kafka: registrations (identity's UserRegistered)
// and invoices and refunds (billing's InvoicePaid, InvoiceRefunded) arrive on Kafka as their
// producers publish them. The same chain from identity's and billing's real endpoints, through
// the gateway, is gateway/test/affiliate-commissions.int-spec.ts. The toolkit runs its built-in
// writer (no OPENAI_API_KEY). A payout needs a verified identity: identity's KycStatusChanged.
delete process.env.OPENAI_API_KEY;

const config = parseConfig(affiliateConfigSchema);
const userOf = (role = 'user', emailVerified = true): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('affiliate'),
  emailVerified,
  role,
});
const cookieOf = (user: AuthUser) => accessCookie(user);
const invoiceId = () => `in_${randomUUID().replaceAll('-', '').slice(0, 20)}`;

describe('affiliate: referral → commission → payout → clawback, from identity and billing events on Kafka', () => {
  let affiliate: INestApplication;
  let api: string;
  let events: EventDelivery;

  beforeAll(async () => {
    events = await EventDelivery.start('affiliate-test');
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app: affiliate, url: api } = await startApp(AppModule));
  });

  afterAll(async () => {
    await events?.stop();
    await affiliate?.close();
  });

  const send = (method: string, path: string, user: AuthUser | undefined, body?: unknown) =>
    rawRequest(`${api}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(user ? { cookie: cookieOf(user) } : {}) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  const register = async (user: AuthUser, body: Record<string, unknown> = validAffiliateApplication()) => {
    const reply = await send('POST', '/api/affiliate/register', user, body);
    expect(reply.status).toBe(201);
    return reply.body as AffiliateProfile;
  };
  const approve = async (profile: AffiliateProfile) =>
    expect(
      (
        await send('POST', `/api/affiliate/admin/applications/${profile.id}/status`, userOf('admin'), {
          status: 'approved',
        })
      ).status,
    ).toBe(200);
  /** A new account as identity announces it: UserRegistered with the code of a ?ref= visit. */
  const signUp = async (referralCode: string, email = uniqueEmail('referred')) => {
    const user: AuthUser = { id: randomUUID(), email, emailVerified: true, role: 'user' };
    await events.deliver('UserRegistered', user.id, {
      userId: user.id,
      email,
      firstName: 'Aroha',
      referralCode,
      registeredAt: timestampFromDate(new Date()),
    });
    return user;
  };
  /** An invoice of the user paid, as billing announces it. */
  const pay = (user: AuthUser, invoice: string, amount: number, eventId?: string) =>
    events.deliver(
      'InvoicePaid',
      user.id,
      {
        userId: user.id,
        invoiceId: invoice,
        amount: BigInt(amount),
        currency: 'usd',
        planId: 'pro',
        billingCycle: 'monthly',
      },
      new Date(),
      eventId,
    );
  const refund = (user: AuthUser, invoice: string, amountRefunded: number) =>
    events.deliver('InvoiceRefunded', user.id, {
      userId: user.id,
      invoiceId: invoice,
      amountRefunded: BigInt(amountRefunded),
      currency: 'usd',
    });
  const referralOf = (userId: string) =>
    query<{ affiliate_id: string; status: string; commission_amount: string }>(
      'SELECT affiliate_id, status, commission_amount FROM affiliate.referrals WHERE referred_user_id = $1',
      [userId],
    ).then((rows) => rows[0]);
  const profileOf = async (user: AuthUser) =>
    (await send('GET', '/api/affiliate/profile', user)).body as AffiliateProfile;
  const payoutsOf = (affiliateId: string) =>
    query('SELECT amount FROM affiliate.payouts WHERE affiliate_id = $1', [affiliateId]);
  const payoutEventsOf = (affiliateId: string) =>
    query(`SELECT 1 FROM affiliate.outbox WHERE key = $1 AND type = 'PayoutRequested'`, [affiliateId]);

  it('runs the chain: referral, 15% commission on the paid invoice, one payout of two concurrent requests, clawback', async () => {
    const owner = userOf();
    const profile = await register(owner);
    expect(profile).toMatchObject({
      status: 'pending',
      totalEarnings: '0.00',
      currentBalance: '0.00',
      commissionRate: '15.00',
      tier: { id: 'starter', name: 'Starter' },
      cookieDays: 30,
      isDemo: false,
    });
    expect(profile.referralCode).toMatch(/^HARB[A-Z2-9]{6}$/);

    // ?ref= visit → registration with the code (any case) → UserRegistered → a pending referral.
    const customer = await signUp(profile.referralCode.toLowerCase());
    expect(await referralOf(customer.id)).toEqual({
      affiliate_id: profile.id,
      status: 'pending',
      commission_amount: '0.00',
    });
    expect(await query('SELECT type FROM affiliate.outbox WHERE key = $1', [profile.id])).toEqual([
      { type: 'ReferralAttributed' },
    ]);
    const referrals = (await send('GET', '/api/affiliate/referrals', owner)).body as Record<string, unknown>[];
    expect(referrals).toEqual([
      expect.objectContaining({ status: 'pending', commissionAmount: '0.00', convertedAt: null }),
    ]);

    // The referred user pays a $699.00 invoice (Enterprise plus Tokenization).
    const invoice = invoiceId();
    await pay(customer, invoice, 69900);

    // 15% (Starter: one referral this month) of $699.00 = $104.85, once.
    expect(await profileOf(owner)).toMatchObject({ totalEarnings: '104.85', currentBalance: '104.85' });
    expect(
      await query('SELECT invoice_id, rate, amount, tier FROM affiliate.commissions WHERE affiliate_id = $1', [
        profile.id,
      ]),
    ).toEqual([{ invoice_id: invoice, rate: '15.00', amount: '104.85', tier: 'starter' }]);
    expect(await referralOf(customer.id)).toMatchObject({ status: 'converted', commission_amount: '104.85' });
    expect(await send('GET', '/api/affiliate/stats', owner)).toMatchObject({
      status: 200,
      body: { totalReferrals: 1, convertedReferrals: 1, referralsThisMonth: 1, pendingPayout: null },
    });

    // The same invoice announced again (a new event id) earns nothing more.
    await pay(customer, invoice, 69900);
    expect(await profileOf(owner)).toMatchObject({ totalEarnings: '104.85', currentBalance: '104.85' });

    // The application is still pending: no money leaves the platform until it is approved.
    expect(await send('POST', '/api/affiliate/request-payout', owner)).toMatchObject({
      status: 403,
      body: { error: 'FORBIDDEN', message: affiliateMessages.payoutNotApproved },
    });
    expect(await payoutsOf(profile.id)).toEqual([]);
    await approve(profile);
    await events.kycChanged(owner.id, 'verified');

    // Two concurrent payout requests: exactly one moves the balance, the other is refused.
    const replies = await Promise.all([
      send('POST', '/api/affiliate/request-payout', owner),
      send('POST', '/api/affiliate/request-payout', owner),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    const refused = replies.find((reply) => reply.status === 409)!;
    expect(refused.body).toMatchObject({ error: 'CONFLICT', message: affiliateMessages.payoutPending });
    const payout = replies.find((reply) => reply.status === 201)!.body as Record<string, unknown>;
    expect(payout).toMatchObject({ amount: '104.85', status: 'requested', processedAt: null });
    expect(await profileOf(owner)).toMatchObject({ currentBalance: '0.00', totalEarnings: '104.85' });
    expect((await send('GET', '/api/affiliate/stats', owner)).body).toMatchObject({ pendingPayout: '104.85' });
    expect((await send('GET', '/api/affiliate/payouts', owner)).body).toEqual([payout]);
    expect(await query('SELECT type FROM affiliate.outbox WHERE key = $1 ORDER BY created_at', [profile.id])).toEqual([
      { type: 'ReferralAttributed' },
      { type: 'CommissionEarned' },
      { type: 'PayoutRequested' },
    ]);

    // Half the invoice refunded: half the commission is clawed back. It was already paid out, so
    // the balance goes negative and later commissions settle it.
    await refund(customer, invoice, 34950);
    expect(await profileOf(owner)).toMatchObject({ totalEarnings: '52.42', currentBalance: '-52.43' });
    expect(await referralOf(customer.id)).toMatchObject({ commission_amount: '52.42' });

    // The rest refunded: only the difference is taken.
    await refund(customer, invoice, 69900);
    expect(await profileOf(owner)).toMatchObject({ totalEarnings: '0.00', currentBalance: '-104.85' });
  });

  it('refuses self-referrals by the affiliate’s e-mail and records nothing', async () => {
    const owner = userOf();
    const contactEmail = uniqueEmail('self');
    const profile = await register(owner, validAffiliateApplication({ contactEmail }));
    // Applied (delivered waits for the inbox row) and recorded nothing.
    const self = await signUp(profile.referralCode, contactEmail);
    const byAccountEmail = await signUp(profile.referralCode, owner.email.toUpperCase());
    const stranger = await signUp(profile.referralCode);
    expect(await referralOf(stranger.id)).toMatchObject({ affiliate_id: profile.id });
    expect(await referralOf(self.id)).toBeUndefined();
    expect(await referralOf(byAccountEmail.id)).toBeUndefined();
    expect((await send('GET', '/api/affiliate/stats', owner)).body).toMatchObject({ totalReferrals: 1 });
  });

  it('pays out only to an approved affiliate that is not a demo; the others are refused and nothing is created', async () => {
    const balance = async (profile: AffiliateProfile, amount: string) =>
      query('UPDATE affiliate.affiliates SET current_balance = $2, total_earnings = $2 WHERE id = $1', [
        profile.id,
        amount,
      ]);
    const refusedFor = async (status: string, isDemo: boolean, message: string): Promise<void> => {
      const owner = userOf();
      const profile = isDemo
        ? ((await send('POST', '/api/affiliate/create-demo', owner)).body as AffiliateProfile)
        : await register(owner);
      await query('UPDATE affiliate.affiliates SET status = $2 WHERE id = $1', [profile.id, status]);
      await balance(profile, '500.00');
      expect([status, isDemo, await send('POST', '/api/affiliate/request-payout', owner)]).toMatchObject([
        status,
        isDemo,
        { status: 403, body: { error: 'FORBIDDEN', message } },
      ]);
      expect(await payoutsOf(profile.id)).toEqual([]);
      expect(await payoutEventsOf(profile.id)).toEqual([]);
      expect(await profileOf(owner)).toMatchObject({ currentBalance: '500.00', status });
    };
    await refusedFor('approved', true, affiliateMessages.payoutDemo);
    await refusedFor('pending', false, affiliateMessages.payoutNotApproved);
    await refusedFor('rejected', false, affiliateMessages.payoutNotApproved);
    await refusedFor('suspended', false, affiliateMessages.suspended);

    // Approved, real and verified: the whole balance is paid out.
    const owner = userOf();
    const profile = await register(owner);
    await approve(profile);
    await balance(profile, '500.00');
    await events.kycChanged(owner.id, 'verified');
    expect(await send('POST', '/api/affiliate/request-payout', owner)).toMatchObject({
      status: 201,
      body: { amount: '500.00', status: 'requested' },
    });
    expect(await payoutsOf(profile.id)).toEqual([{ amount: '500.00' }]);
    expect(await payoutEventsOf(profile.id)).toHaveLength(1);
    expect(await profileOf(owner)).toMatchObject({ currentBalance: '0.00' });
  });

  it('pays out only once the identity is verified (KYC): the newest status counts, a stale one changes nothing', async () => {
    const owner = userOf();
    const profile = await register(owner);
    await approve(profile);
    const balance = (amount: string) =>
      query('UPDATE affiliate.affiliates SET current_balance = $2, total_earnings = $2 WHERE id = $1', [
        profile.id,
        amount,
      ]);
    await balance('500.00');
    const refusedForKyc = async () => {
      expect(await send('POST', '/api/affiliate/request-payout', owner)).toMatchObject({
        status: 403,
        body: { error: 'KYC_REQUIRED', message: kycRequiredMessage('payout') },
      });
    };

    // No KycStatusChanged yet (identity's starting status, pending): refused, nothing created.
    await refusedForKyc();
    // A malformed body is still refused as such, before the gate.
    expect(await send('POST', '/api/affiliate/request-payout', owner, '{"amount":')).toMatchObject({
      status: 400,
      body: { error: 'MALFORMED_BODY' },
    });
    // The provider is still checking: refused.
    const now = Date.now();
    await events.kycChanged(owner.id, 'processing', new Date(now - 3_000));
    await refusedForKyc();
    expect(await payoutsOf(profile.id)).toEqual([]);
    expect(await payoutEventsOf(profile.id)).toEqual([]);
    expect(await profileOf(owner)).toMatchObject({ currentBalance: '500.00' });

    // Verified; then an older requires_input delivered late (a replayed dead letter) changes nothing.
    await events.kycChanged(owner.id, 'verified', new Date(now - 1_000));
    await events.kycChanged(owner.id, 'requires_input', new Date(now - 2_000));
    const paid = await send('POST', '/api/affiliate/request-payout', owner);
    expect(paid).toMatchObject({ status: 201, body: { amount: '500.00', status: 'requested' } });
    expect(await payoutsOf(profile.id)).toEqual([{ amount: '500.00' }]);
    const admin = userOf('admin');
    const settled = await send(
      'POST',
      `/api/affiliate/admin/payouts/${(paid.body as { id: string }).id}/status`,
      admin,
      {
        status: 'paid',
      },
    );
    expect(settled.status).toBe(200);

    // The provider later needs the user to verify again: payouts are refused until they do.
    await balance('80.00');
    await events.kycChanged(owner.id, 'requires_input', new Date(now));
    await refusedForKyc();
    expect(await payoutsOf(profile.id)).toEqual([{ amount: '500.00' }]);
    expect(await payoutEventsOf(profile.id)).toHaveLength(1);
    expect(await profileOf(owner)).toMatchObject({ currentBalance: '80.00' });
    await events.kycChanged(owner.id, 'verified', new Date(now + 1_000));
    expect(await send('POST', '/api/affiliate/request-payout', owner)).toMatchObject({
      status: 201,
      body: { amount: '80.00' },
    });
  });

  it('validates applications with the messages of spec 5.6 and allows one profile per user', async () => {
    const user = userOf();
    const reply = await send('POST', '/api/affiliate/register', user, {
      companyName: 'H',
      website: 'not a url',
      businessType: '',
      contactEmail: 'nope',
      contactName: 'T',
      phoneNumber: '12345',
      businessDescription: 'Too short.',
      marketingExperience: '',
      expectedReferrals: '',
    });
    expect(reply.status).toBe(400);
    const messages = (reply.body as { details: { path: string; message: string }[] }).details.map(
      (detail) => `${detail.path}: ${detail.message}`,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        'companyName: Company name must be at least 2 characters',
        'website: Please enter a valid website URL',
        'businessType: Please select a business type',
        'contactEmail: Please enter a valid email address',
        'contactName: Contact name must be at least 2 characters',
        'phoneNumber: Please enter a valid phone number',
        'businessDescription: Please provide at least 50 characters describing your business',
        'marketingExperience: Please select your marketing experience level',
        'expectedReferrals: Please select expected monthly referrals',
      ]),
    );
    expect((await send('GET', '/api/affiliate/profile', user)).status).toBe(404);
    await register(user, validAffiliateApplication({ website: '' }));
    const again = await send('POST', '/api/affiliate/register', user, validAffiliateApplication());
    expect(again).toMatchObject({ status: 409, body: { message: affiliateMessages.alreadyRegistered } });
    expect((await send('POST', '/api/affiliate/create-demo', user)).status).toBe(409);
  });

  it("tells a visitor's browser how long to keep a referral code: the tier's window, nothing for unknown or suspended", async () => {
    const owner = userOf();
    const { id, referralCode } = await register(owner);
    // No session: the visitor has no account yet. A new affiliate is Starter, 30 days.
    expect(await send('GET', `/api/affiliate/referral-codes/${referralCode}`, undefined)).toMatchObject({
      status: 200,
      body: { code: referralCode, cookieDays: 30 },
    });
    expect((await send('GET', `/api/affiliate/referral-codes/${referralCode.toLowerCase()}`, undefined)).body).toEqual({
      code: referralCode,
      cookieDays: 30,
    });
    for (const code of ['NOSUCHCODE1', 'a%20b']) {
      expect((await send('GET', `/api/affiliate/referral-codes/${code}`, undefined)).status).toBe(404);
    }
    await query(`UPDATE affiliate.affiliates SET status = 'suspended' WHERE id = $1`, [id]);
    expect((await send('GET', `/api/affiliate/referral-codes/${referralCode}`, undefined)).status).toBe(404);
  });

  it('answers 404 without a profile, creates an approved demo profile that is never paid out, refuses payouts under $50', async () => {
    const user = userOf();
    for (const path of ['profile', 'referrals', 'payouts', 'stats']) {
      expect(await send('GET', `/api/affiliate/${path}`, user)).toMatchObject({
        status: 404,
        body: { error: 'NOT_FOUND', message: affiliateMessages.noProfile },
      });
    }
    expect((await send('POST', '/api/affiliate/request-payout', user)).status).toBe(404);
    expect((await send('GET', '/api/affiliate/profile', undefined)).status).toBe(401);
    expect((await send('GET', '/api/affiliate/profile', userOf('user', false))).status).toBe(403);

    const demo = await send('POST', '/api/affiliate/create-demo', user);
    expect(demo).toMatchObject({
      status: 201,
      body: { status: 'approved', isDemo: true, companyName: 'Demo Affiliate', currentBalance: '0.00' },
    });
    expect((await send('GET', '/api/affiliate/referrals', user)).body).toEqual([]);
    expect(await send('POST', '/api/affiliate/request-payout', user)).toMatchObject({
      status: 403,
      body: { message: affiliateMessages.payoutDemo },
    });

    const owner = userOf();
    await approve(await register(owner));
    await events.kycChanged(owner.id, 'verified');
    expect(await send('POST', '/api/affiliate/request-payout', owner)).toMatchObject({
      status: 400,
      body: { message: affiliateMessages.payoutBelowMinimum },
    });
  });

  it('keeps the admin endpoints to the admin role; ops approve applications and settle payouts', async () => {
    const owner = userOf();
    const profile = await register(owner);
    const member = userOf();
    for (const [method, path] of [
      ['GET', '/api/affiliate/admin/applications'],
      ['POST', `/api/affiliate/admin/applications/${profile.id}/status`],
      ['GET', '/api/affiliate/admin/payouts'],
      ['POST', `/api/affiliate/admin/payouts/${randomUUID()}/status`],
    ] as const) {
      expect(await send(method, path, member, method === 'POST' ? { status: 'approved' } : undefined)).toMatchObject({
        status: 403,
        body: { error: 'FORBIDDEN' },
      });
    }

    const admin = userOf('admin');
    const pending = (await send('GET', '/api/affiliate/admin/applications?status=pending', admin)).body as {
      id: string;
    }[];
    expect(pending.map((row) => row.id)).toContain(profile.id);
    expect(
      await send('POST', `/api/affiliate/admin/applications/${profile.id}/status`, admin, { status: 'approved' }),
    ).toMatchObject({ status: 200, body: { id: profile.id, status: 'approved' } });
    expect((await profileOf(owner)).status).toBe('approved');
    expect(
      (await send('POST', `/api/affiliate/admin/applications/${profile.id}/status`, admin, { status: 'pending' }))
        .status,
    ).toBe(400);

    // A payout that failed returns its amount to the balance; a settled payout cannot be settled again.
    await events.kycChanged(owner.id, 'verified');
    await query('UPDATE affiliate.affiliates SET current_balance = 75, total_earnings = 75 WHERE id = $1', [
      profile.id,
    ]);
    const payout = (await send('POST', '/api/affiliate/request-payout', owner)).body as { id: string };
    expect((await profileOf(owner)).currentBalance).toBe('0.00');
    const listed = (await send('GET', '/api/affiliate/admin/payouts?status=requested', admin)).body as { id: string }[];
    expect(listed.map((row) => row.id)).toContain(payout.id);
    expect(
      await send('POST', `/api/affiliate/admin/payouts/${payout.id}/status`, admin, { status: 'failed' }),
    ).toMatchObject({ status: 200, body: { id: payout.id, status: 'failed', amount: '75.00' } });
    expect((await profileOf(owner)).currentBalance).toBe('75.00');
    expect(
      (await send('POST', `/api/affiliate/admin/payouts/${payout.id}/status`, admin, { status: 'paid' })).status,
    ).toBe(409);
    const second = (await send('POST', '/api/affiliate/request-payout', owner)).body as { id: string };
    expect(
      await send('POST', `/api/affiliate/admin/payouts/${second.id}/status`, admin, { status: 'paid' }),
    ).toMatchObject({ status: 200, body: { status: 'paid' } });
    expect(await profileOf(owner)).toMatchObject({ currentBalance: '0.00', totalEarnings: '75.00' });
    // PayoutPaid once, for the paid payout only (merchants' `payout.paid` webhooks come from it).
    const paidEvents = await query<{ payload: Buffer }>(
      `SELECT payload FROM affiliate.outbox WHERE key = $1 AND type = 'PayoutPaid'`,
      [profile.id],
    );
    expect(paidEvents.map((row) => fromBinary(PayoutPaidSchema, row.payload))).toEqual([
      expect.objectContaining({
        payoutId: second.id,
        affiliateId: profile.id,
        affiliateUserId: owner.id,
        amount: '75.00',
      }),
    ]);
  });

  it('writes toolkit copy from the inputs and the programme’s facts without an AI key', async () => {
    const user = userOf();
    const profile = await register(user);
    const assets = await send('POST', '/api/affiliate/generate-marketing-assets', user, {
      targetAudience: 'independent cafes',
    });
    expect(assets.status).toBe(200);
    const parsed = marketingAssetsResponseSchema.parse(assets.body);
    expect(parsed.assets.emailTemplates[0]!.subject).toContain('independent cafes');
    expect(JSON.stringify(parsed)).toContain(`${config.PUBLIC_URL}/?ref=${profile.referralCode}`);
    expect(JSON.stringify(parsed)).toContain('$29/month');

    for (const contentType of [
      'blog_post',
      'case_study',
      'whitepaper',
      'product_demo',
      'sales_email',
      'webinar_script',
    ]) {
      const content = await send('POST', '/api/affiliate/generate-custom-content', user, {
        contentType,
        additionalContext: 'boutique hotels in Queenstown',
      });
      expect(content.status).toBe(200);
      expect(customContentResponseSchema.parse(content.body).content).toContain('boutique hotels in Queenstown');
    }
    const value = await send('POST', '/api/affiliate/generate-value-proposition', user, {
      targetMarket: 'dental clinics',
    });
    expect(value.status).toBe(200);
    expect(valuePropositionResponseSchema.parse(value.body).valueProposition.headline).toContain('dental clinics');

    expect(await send('POST', '/api/affiliate/generate-marketing-assets', user, { targetAudience: ' ' })).toMatchObject(
      {
        status: 400,
        body: { details: [{ path: 'targetAudience', message: 'Please enter a target audience' }] },
      },
    );
    expect(await send('POST', '/api/affiliate/generate-custom-content', user, { contentType: 'poem' })).toMatchObject({
      status: 400,
      body: { details: [{ path: 'contentType', message: 'Please select a content type' }] },
    });
    expect(
      (await send('POST', '/api/affiliate/generate-value-proposition', userOf(), { targetMarket: 'dentists' })).status,
    ).toBe(404);
  });
});
