import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { AffiliateProfile } from '@app/contracts';
import { EventConsumer, type AuthUser } from '@app/platform';
import {
  accessCookie,
  query,
  rawRequest,
  startApp,
  uniqueEmail,
  validAffiliateApplication,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { EventDelivery } from './event-delivery';

// Chargebacks: billing reports a dispute (InvoiceDisputed) on charge.dispute.created,
// funds_withdrawn and closed as lost, and its end in the merchant's favour (InvoiceDisputeWon) on
// funds_reinstated and closed as won, so one dispute arrives several times and in any order. The
// commission of the invoice is held back while the dispute is open, once, and returned once when
// it is won; a won dispute stays won.

const HOUR = 3_600_000;

describe('affiliate: disputes claw back commission and a won dispute restores it', () => {
  let app: INestApplication;
  let api: string;
  let events: EventDelivery;

  beforeAll(async () => {
    events = await EventDelivery.start('affiliate-disputes-test');
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    ({ app, url: api } = await startApp(AppModule));
  });

  afterAll(async () => {
    await events?.stop();
    await app?.close();
  });

  const send = (method: string, path: string, user: AuthUser, body?: unknown) =>
    rawRequest(`${api}${path}`, method, {
      headers: { 'content-type': 'application/json', cookie: accessCookie(user) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const newUser = (role = 'user'): AuthUser => ({
    id: randomUUID(),
    email: uniqueEmail('affiliate'),
    emailVerified: true,
    role,
  });

  /** An approved affiliate through the real API. */
  async function newAffiliate(): Promise<{ owner: AuthUser; profile: AffiliateProfile }> {
    const owner = newUser();
    const reply = await send('POST', '/api/affiliate/register', owner, validAffiliateApplication());
    expect(reply.status).toBe(201);
    const profile = reply.body as AffiliateProfile;
    const approved = await send('POST', `/api/affiliate/admin/applications/${profile.id}/status`, newUser('admin'), {
      status: 'approved',
    });
    expect(approved.status).toBe(200);
    return { owner, profile };
  }

  const registered = (userId: string, referralCode: string, at = new Date()) =>
    events.deliver('UserRegistered', userId, {
      userId,
      email: uniqueEmail('referred'),
      firstName: 'Aroha',
      referralCode,
      registeredAt: timestampFromDate(at),
    });
  const paid = (userId: string, invoiceId: string, amount = 69900) =>
    events.deliver('InvoicePaid', userId, {
      userId,
      invoiceId,
      amount: BigInt(amount),
      currency: 'usd',
      planId: 'pro',
      billingCycle: 'monthly',
    });
  const refunded = (userId: string, invoiceId: string, amountRefunded: number) =>
    events.deliver('InvoiceRefunded', userId, {
      userId,
      invoiceId,
      amountRefunded: BigInt(amountRefunded),
      currency: 'usd',
    });
  const dispute = (
    type: 'InvoiceDisputed' | 'InvoiceDisputeWon',
    userId: string,
    invoiceId: string,
    disputeId: string,
    amount = 69900,
  ) => events.deliver(type, userId, { userId, invoiceId, disputeId, amount: BigInt(amount), currency: 'usd' });

  const balanceOf = async (owner: AuthUser) => {
    const { currentBalance, totalEarnings } = (await send('GET', '/api/affiliate/profile', owner))
      .body as AffiliateProfile;
    return { currentBalance, totalEarnings };
  };
  const commissionOf = (invoiceId: string) =>
    query<{ amount: string; refunded_amount: string; disputed_amount: string }>(
      'SELECT amount, refunded_amount, disputed_amount FROM affiliate.commissions WHERE invoice_id = $1',
      [invoiceId],
    ).then((rows) => rows[0]);
  const referralCommissionOf = async (userId: string) =>
    (
      await query<{ commission_amount: string }>(
        'SELECT commission_amount FROM affiliate.referrals WHERE referred_user_id = $1',
        [userId],
      )
    )[0]?.commission_amount;
  const ids = () => ({
    customer: randomUUID(),
    invoice: `in_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
    disputeId: `du_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
  });

  it('holds a paid-out commission back once for created and funds_withdrawn, returns it once when won, and ignores replays', async () => {
    const { owner, profile } = await newAffiliate();
    const { customer, invoice, disputeId } = ids();
    await registered(customer, profile.referralCode);
    await paid(customer, invoice);
    // 15% of $699.00, paid out.
    expect(await balanceOf(owner)).toEqual({ currentBalance: '104.85', totalEarnings: '104.85' });
    await events.kycChanged(owner.id, 'verified');
    expect((await send('POST', '/api/affiliate/request-payout', owner)).status).toBe(201);
    const consumer = app.get(EventConsumer);

    // charge.dispute.created: the commission is taken back; the balance goes negative.
    const created = await dispute('InvoiceDisputed', customer, invoice, disputeId);
    const held = { currentBalance: '-104.85', totalEarnings: '0.00' };
    expect(await balanceOf(owner)).toEqual(held);
    expect(await commissionOf(invoice)).toEqual({
      amount: '104.85',
      refunded_amount: '0.00',
      disputed_amount: '104.85',
    });
    expect(await referralCommissionOf(customer)).toBe('0.00');

    // charge.dispute.funds_withdrawn (another event of the same dispute), and Kafka redelivering
    // the first message: nothing more is taken.
    await dispute('InvoiceDisputed', customer, invoice, disputeId);
    await expect(consumer.apply({ message: created as never })).resolves.toBe(false);
    expect(await balanceOf(owner)).toEqual(held);

    // funds_reinstated: the dispute was won, the commission comes back; closed as won changes nothing more.
    await dispute('InvoiceDisputeWon', customer, invoice, disputeId);
    const restored = { currentBalance: '0.00', totalEarnings: '104.85' };
    expect(await balanceOf(owner)).toEqual(restored);
    await dispute('InvoiceDisputeWon', customer, invoice, disputeId);
    expect(await balanceOf(owner)).toEqual(restored);
    expect(await commissionOf(invoice)).toMatchObject({ disputed_amount: '0.00' });
    expect(await referralCommissionOf(customer)).toBe('104.85');

    // A late replay of the dispute's opening: won is final.
    await dispute('InvoiceDisputed', customer, invoice, disputeId);
    expect(await balanceOf(owner)).toEqual(restored);
    expect(await query('SELECT status, amount FROM affiliate.disputes WHERE dispute_id = $1', [disputeId])).toEqual([
      { status: 'won', amount: '699.00' },
    ]);
  });

  it('holds nothing back for a dispute reported won before it was reported open', async () => {
    const { owner, profile } = await newAffiliate();
    const { customer, invoice, disputeId } = ids();
    await registered(customer, profile.referralCode);
    await paid(customer, invoice);
    await dispute('InvoiceDisputeWon', customer, invoice, disputeId);
    await dispute('InvoiceDisputed', customer, invoice, disputeId);
    expect(await balanceOf(owner)).toEqual({ currentBalance: '104.85', totalEarnings: '104.85' });
    expect(await commissionOf(invoice)).toMatchObject({ disputed_amount: '0.00' });
  });

  it('applies a dispute that arrived before its invoice when the commission is earned', async () => {
    const { owner, profile } = await newAffiliate();
    const { customer, invoice, disputeId } = ids();
    await registered(customer, profile.referralCode);
    await dispute('InvoiceDisputed', customer, invoice, disputeId);
    expect(await commissionOf(invoice)).toBeUndefined();
    expect(await balanceOf(owner)).toEqual({ currentBalance: '0.00', totalEarnings: '0.00' });

    // The commission is earned (and announced at its full amount) and held back at once.
    await paid(customer, invoice);
    expect(await commissionOf(invoice)).toEqual({
      amount: '104.85',
      refunded_amount: '0.00',
      disputed_amount: '104.85',
    });
    expect(await balanceOf(owner)).toEqual({ currentBalance: '0.00', totalEarnings: '0.00' });
    expect(
      await query(`SELECT 1 FROM affiliate.outbox WHERE key = $1 AND type = 'CommissionEarned'`, [profile.id]),
    ).toHaveLength(1);

    await dispute('InvoiceDisputeWon', customer, invoice, disputeId);
    expect(await balanceOf(owner)).toEqual({ currentBalance: '104.85', totalEarnings: '104.85' });
  });

  it('keeps a dispute of a user not registered yet, and applies it with the parked invoice when the user arrives', async () => {
    const { owner, profile } = await newAffiliate();
    const { customer, invoice, disputeId } = ids();
    const now = Date.now();
    await paid(customer, invoice);
    await dispute('InvoiceDisputed', customer, invoice, disputeId);
    expect(await query('SELECT type FROM affiliate.parked_events WHERE user_id = $1', [customer])).toEqual([
      { type: 'InvoicePaid' },
    ]);

    await registered(customer, profile.referralCode, new Date(now - HOUR));
    expect(await commissionOf(invoice)).toMatchObject({ amount: '104.85', disputed_amount: '104.85' });
    expect(await balanceOf(owner)).toEqual({ currentBalance: '0.00', totalEarnings: '0.00' });
    expect(await referralCommissionOf(customer)).toBe('0.00');

    await dispute('InvoiceDisputeWon', customer, invoice, disputeId);
    expect(await balanceOf(owner)).toEqual({ currentBalance: '104.85', totalEarnings: '104.85' });
  });

  it('never takes back more than the commission when a refund and a dispute meet on one invoice', async () => {
    const { owner, profile } = await newAffiliate();
    const { customer, invoice, disputeId } = ids();
    await registered(customer, profile.referralCode);
    await paid(customer, invoice);
    // Half refunded ($52.43 of $104.85 back), then the other half disputed ($52.43 again, rounded
    // half up): $104.86 in all, but no more than the $104.85 earned is taken.
    await refunded(customer, invoice, 34950);
    expect(await balanceOf(owner)).toEqual({ currentBalance: '52.42', totalEarnings: '52.42' });
    await dispute('InvoiceDisputed', customer, invoice, disputeId, 34950);
    expect(await balanceOf(owner)).toEqual({ currentBalance: '0.00', totalEarnings: '0.00' });
    expect(await commissionOf(invoice)).toEqual({
      amount: '104.85',
      refunded_amount: '52.43',
      disputed_amount: '52.43',
    });

    // Won: the refund's clawback stays.
    await dispute('InvoiceDisputeWon', customer, invoice, disputeId, 34950);
    expect(await balanceOf(owner)).toEqual({ currentBalance: '52.42', totalEarnings: '52.42' });
    expect(await referralCommissionOf(customer)).toBe('52.42');
  });

  it('keeps no disputes of a user who registered without a referral', async () => {
    const { customer, invoice, disputeId } = ids();
    await registered(customer, '');
    await paid(customer, invoice);
    await dispute('InvoiceDisputed', customer, invoice, disputeId);
    expect(await query('SELECT 1 FROM affiliate.disputes WHERE dispute_id = $1', [disputeId])).toEqual([]);
    expect(await commissionOf(invoice)).toBeUndefined();
  });
});
