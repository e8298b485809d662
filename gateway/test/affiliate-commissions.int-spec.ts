import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  affiliateMessages,
  ErrorCode,
  kycRequiredMessage,
  type AffiliateProfile,
  type StartKycVerificationResponse,
} from '@app/contracts';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { AuthUser } from '@app/platform/tokens';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import Stripe from 'stripe';
import {
  accessCookie,
  query,
  rawRequest,
  startApp,
  uniqueEmail,
  userIdOf,
  validAffiliateApplication,
  validRegistration,
  waitFor,
} from '../../test-support';
import type * as AffiliateApp from '../../services/affiliate/src/app.module';
import type * as BillingApp from '../../services/billing/src/app.module';
import { billingConfigSchema } from '../../services/billing/src/config';
import { FakeStripeProcess } from '../../services/billing/test/fake-stripe';
import type * as IdentityApp from '../../services/identity/src/app.module';
import { identityConfigSchema } from '../../services/identity/src/config';
import { gatewayConfigSchema } from '../src/config';
import { buildGateway } from '../src/server';

// The affiliate chain across services, as users and Stripe reach it through the gateway: identity's
// register endpoint carries the referral code into UserRegistered; billing (its Stripe SDK on the
// fake Stripe API, a test double) turns signed Stripe webhooks into InvoicePaid, InvoiceRefunded,
// InvoiceDisputed and InvoiceDisputeWon; the affiliate service consumes them all from Kafka, and
// the affiliate sees the result in the gateway's /api/affiliate answers.

describe('gateway: a referred customer’s payments, refunds and disputes reach the affiliate', () => {
  let fake: FakeStripeProcess;
  let services: INestApplication[] = [];
  let gateway: FastifyInstance;
  let redis: Redis;
  let url: string;
  const stripe = new Stripe('sk_test_local');

  beforeAll(async () => {
    fake = await FakeStripeProcess.start();
    Object.assign(process.env, fake.env());
    // Config is read when a module is loaded, so after the fake's port is known.
    const modules = {
      IDENTITY_URL: jest.requireActual<typeof IdentityApp>('../../services/identity/src/app.module').AppModule,
      BILLING_URL: jest.requireActual<typeof BillingApp>('../../services/billing/src/app.module').AppModule,
      AFFILIATE_URL: jest.requireActual<typeof AffiliateApp>('../../services/affiliate/src/app.module').AppModule,
    };
    const urls: Record<string, string> = {};
    for (const [variable, module] of Object.entries(modules)) {
      const started = await startApp(module);
      services.push(started.app);
      urls[variable] = started.url;
    }
    const config = parseConfig(gatewayConfigSchema, { ...process.env, ...urls });
    redis = new Redis(redisOptions(config.REDIS_URL));
    gateway = await buildGateway({ config, redis });
    url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await gateway?.close();
    await redis?.quit();
    for (const app of services.reverse()) await app.close();
    services = [];
    await fake?.stop();
  });

  const send = (method: string, path: string, user?: AuthUser, body?: unknown) =>
    rawRequest(`${url}${path}`, method, {
      headers: { 'content-type': 'application/json', ...(user ? { cookie: accessCookie(user) } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  /** What Stripe sends: the exact bytes, signed with the webhook secret. */
  const webhook = async (event: unknown) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: parseConfig(billingConfigSchema).STRIPE_WEBHOOK_SECRET,
    });
    const reply = await rawRequest(`${url}/api/webhooks/stripe`, 'POST', {
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(reply).toMatchObject({ status: 200, body: { received: true } });
    return reply.body as { outcome: string };
  };
  /** Waits until the affiliate service applied every event billing published for the user. */
  const settled = (userId: string) =>
    waitFor(
      async () => {
        const [row] = await query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM billing.outbox o
            WHERE o.key = $1 AND o.type LIKE 'Invoice%'
              AND NOT EXISTS (SELECT 1 FROM affiliate.inbox i WHERE i.event_id = o.id)`,
          [userId],
        );
        return row?.waiting === 0;
      },
      30000,
      'billing events applied by affiliate',
    );
  /**
   * The user verifies their identity: identity starts a Stripe Identity session, the provider (the
   * fake) delivers its signed webhooks through the gateway, identity publishes KycStatusChanged and
   * the affiliate service applies it.
   */
  const verifyIdentity = async (user: AuthUser) => {
    const started = await send('POST', '/api/kyc/verification', user, {});
    expect(started.status).toBe(201);
    const session = (started.body as StartKycVerificationResponse).verification.providerSessionId;
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const secret = parseConfig(identityConfigSchema).STRIPE_IDENTITY_WEBHOOK_SECRET;
    await fetch(
      `${fake.url}/__fake/identity/webhook_endpoint`,
      form({ url: `${url}/api/webhooks/stripe-identity`, secret }),
    );
    const completed = await fetch(
      `${fake.url}/__fake/identity/verification_sessions/${session}/complete`,
      form({ outcome: 'verified' }),
    );
    expect(((await completed.json()) as { webhookStatuses: number[] }).webhookStatuses).toEqual([200, 200]);
    await waitFor(
      async () =>
        (await query(`SELECT 1 FROM affiliate.kyc_clearances WHERE user_id = $1 AND status = 'verified'`, [user.id]))
          .length === 1,
      30000,
      'KycStatusChanged applied by affiliate',
    );
  };
  const balanceOf = async (owner: AuthUser) => {
    const reply = await send('GET', '/api/affiliate/profile', owner);
    expect(reply.status).toBe(200);
    const { currentBalance, totalEarnings } = reply.body as AffiliateProfile;
    return { currentBalance, totalEarnings };
  };

  it('earns on the paid invoice, pays out once approved, claws back for a refund and a dispute, restores a won dispute', async () => {
    // The affiliate is a real account at identity: its identity verification (KYC) opens payouts.
    const ownerEmail = uniqueEmail('gw-aff');
    const ownerAccount = await send('POST', '/api/auth/register', undefined, validRegistration(ownerEmail));
    expect(ownerAccount.status).toBe(201);
    const owner: AuthUser = {
      id: await userIdOf(ownerEmail),
      email: ownerEmail,
      emailVerified: true,
      role: 'user',
    };
    const applied = await send('POST', '/api/affiliate/register', owner, validAffiliateApplication());
    expect(applied.status).toBe(201);
    const profile = applied.body as AffiliateProfile;

    // ?ref= visit → identity's register with the code → UserRegistered → a pending referral.
    const email = uniqueEmail('referred');
    const registered = await send('POST', '/api/auth/register', undefined, {
      ...validRegistration(email),
      referralCode: profile.referralCode.toLowerCase(),
    });
    expect(registered.status).toBe(201);
    const customer: AuthUser = {
      id: await userIdOf(email),
      email,
      emailVerified: true,
      role: 'user',
    };
    await waitFor(
      async () =>
        ((await send('GET', '/api/affiliate/stats', owner)).body as { totalReferrals: number }).totalReferrals === 1,
      30000,
      'referral recorded',
    );

    // The customer subscribes ($699.00) and Stripe reports the invoice paid: 15% is $104.85.
    const checkout = await send('POST', '/api/create-subscription', customer, {
      planId: 'pro',
      billingCycle: 'monthly',
      customerInfo: { name: 'Aroha Ngata', email },
    });
    expect(checkout.status).toBe(200);
    const { event: paid } = await fake.pay((checkout.body as { subscriptionId: string }).subscriptionId);
    const invoice = paid.data.object as { id: string; customer: string; amount_paid: number };
    expect(invoice.amount_paid).toBe(69900);
    expect(await webhook(paid)).toEqual({ received: true, outcome: 'applied' });
    await settled(customer.id);
    expect(await balanceOf(owner)).toEqual({ currentBalance: '104.85', totalEarnings: '104.85' });

    // Pending: no payout; approved by ops: the balance is paid out.
    expect(await send('POST', '/api/affiliate/request-payout', owner)).toMatchObject({
      status: 403,
      body: { error: 'FORBIDDEN', message: affiliateMessages.payoutNotApproved },
    });
    const admin: AuthUser = { id: randomUUID(), email: uniqueEmail('gw-admin'), emailVerified: true, role: 'admin' };
    expect(
      (await send('POST', `/api/affiliate/admin/applications/${profile.id}/status`, admin, { status: 'approved' }))
        .status,
    ).toBe(200);
    // Approved, but the identity is not verified yet: refused with what to do, nothing created.
    expect(await send('POST', '/api/affiliate/request-payout', owner)).toMatchObject({
      status: 403,
      body: { error: ErrorCode.KycRequired, message: kycRequiredMessage('payout') },
    });
    await verifyIdentity(owner);
    expect(await send('POST', '/api/affiliate/request-payout', owner)).toMatchObject({
      status: 201,
      body: { amount: '104.85', status: 'requested' },
    });
    expect(await balanceOf(owner)).toEqual({ currentBalance: '0.00', totalEarnings: '104.85' });

    // Half the charge refunded: half the commission ($52.43) is clawed back from the paid-out balance.
    // (At Stripe: billing reads the refunded charge back by id.)
    const { event: refund } = await fake.refund(invoice.id, { amount: 34950 });
    expect(await webhook(refund)).toMatchObject({ outcome: 'applied' });
    await settled(customer.id);
    expect(await balanceOf(owner)).toEqual({ currentBalance: '-52.43', totalEarnings: '52.42' });

    // The rest is disputed (a chargeback): its share is taken too, once for created and funds_withdrawn.
    const { dispute, event: created } = await fake.dispute(invoice.id, { amount: 34950 });
    expect(await webhook(created)).toMatchObject({ outcome: 'applied' });
    expect(await webhook((await fake.disputeStep(dispute.id, 'funds_withdrawn')).event)).toMatchObject({
      outcome: 'applied',
    });
    await settled(customer.id);
    const clawedBack = { currentBalance: '-104.85', totalEarnings: '0.00' };
    expect(await balanceOf(owner)).toEqual(clawedBack);
    expect(await webhook(created)).toMatchObject({ outcome: 'duplicate' });

    // Won: the dispute's share comes back once (funds_reinstated, then closed as won); the refund's stays taken.
    expect(await webhook((await fake.disputeStep(dispute.id, 'funds_reinstated')).event)).toMatchObject({
      outcome: 'applied',
    });
    expect(await webhook((await fake.disputeStep(dispute.id, 'close', 'won')).event)).toMatchObject({
      outcome: 'applied',
    });
    await settled(customer.id);
    expect(await balanceOf(owner)).toEqual({ currentBalance: '-52.43', totalEarnings: '52.42' });
    const referrals = (await send('GET', '/api/affiliate/referrals', owner)).body as { commissionAmount: string }[];
    expect(referrals).toEqual([expect.objectContaining({ status: 'converted', commissionAmount: '52.42' })]);
  });
});
