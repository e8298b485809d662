import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  ChargeCompletedSchema,
  ChargeFailedSchema,
  KycStatusChangedSchema,
  SubscriptionActivatedSchema,
  TransactionRecordedSchema,
} from '@app/contracts';
import type { AccountContext } from './account-context.entity';
import type { AccountTransaction } from './account-transaction.entity';
import {
  accountContextOf,
  fromCharge,
  fromTransactionRecorded,
  isKycStatus,
  isNotOlder,
  kycChangeOf,
  planOf,
  replacesStatus,
} from './account-context.util';

const userId = '0b3e1c9e-5d5b-4c4e-9a39-0f3f3b2c8c11';
const received = new Date('2025-12-14T12:00:00Z');
const happened = new Date('2025-12-14T11:59:00Z');

describe('account context: events to rows', () => {
  it('maps a processor transaction; an empty payment method is other', () => {
    const event = create(TransactionRecordedSchema, {
      userId,
      transactionId: 'a1b2c3d4-0000-4000-8000-000000000001',
      type: 'fiat',
      amount: '129.90',
      currency: 'usd',
      status: 'completed',
      paymentMethod: '',
      processor: 'square',
      sourceKind: 'pos',
      occurredAt: timestampFromDate(happened),
    });
    expect(fromTransactionRecorded(event, received)).toEqual({
      source: 'integrations',
      sourceId: 'a1b2c3d4-0000-4000-8000-000000000001',
      userId,
      amount: '129.90',
      currency: 'USD',
      status: 'completed',
      paymentMethod: 'other',
      processor: 'square',
      occurredAt: happened,
    });
  });

  it('maps Coinbase charges as crypto payments; without their own time, the event time counts', () => {
    const paid = create(ChargeCompletedSchema, {
      userId,
      chargeId: 'c0ffee00-0000-4000-8000-000000000001',
      provider: 'coinbase',
      amount: '500.00',
      currency: 'USD',
      cryptoCurrency: 'ETH',
    });
    expect(fromCharge(paid, 'completed', received)).toEqual({
      source: 'crypto',
      sourceId: 'c0ffee00-0000-4000-8000-000000000001',
      userId,
      amount: '500.00',
      currency: 'USD',
      status: 'completed',
      paymentMethod: 'crypto',
      processor: 'coinbase',
      occurredAt: received,
    });
    const expired = create(ChargeFailedSchema, { userId, chargeId: paid.chargeId, amount: '5.00', status: 'EXPIRED' });
    expect(fromCharge(expired, 'failed', received)).toMatchObject({ status: 'failed', processor: 'coinbase' });
  });

  it("leaves out what is not the merchant's business: its own plan's charge and a test delivery", () => {
    const plan = create(ChargeCompletedSchema, {
      userId,
      chargeId: 'plan-charge',
      amount: '699.00',
      purpose: 'subscription',
    });
    expect(fromCharge(plan, 'completed', received)).toBeNull();
    const expired = create(ChargeFailedSchema, {
      userId,
      chargeId: 'plan-charge',
      amount: '699.00',
      status: 'EXPIRED',
      purpose: 'subscription',
    });
    expect(fromCharge(expired, 'failed', received)).toBeNull();
    const sample = create(TransactionRecordedSchema, { userId, transactionId: 'sample', amount: '12.50', test: true });
    expect(fromTransactionRecorded(sample, received)).toBeNull();
  });

  it('dates an activation by when billing published it', () => {
    const periodEnd = new Date('2026-01-14T00:00:00Z');
    const event = create(SubscriptionActivatedSchema, {
      userId,
      subscriptionId: 'sub_1',
      planId: 'growth',
      billingCycle: 'monthly',
      currentPeriodEnd: timestampFromDate(periodEnd),
    });
    expect(planOf(event, received)).toEqual({
      planId: 'growth',
      billingCycle: 'monthly',
      currentPeriodEnd: periodEnd,
      activatedAt: received,
    });
    expect(planOf(create(SubscriptionActivatedSchema, { userId, planId: 'starter' }), received).currentPeriodEnd).toBe(
      null,
    );
  });

  it('dates a KYC status change when identity made it, else when it published it', () => {
    const verified = create(KycStatusChangedSchema, {
      userId,
      status: 'verified',
      previousStatus: 'processing',
      changedAt: timestampFromDate(happened),
    });
    expect(kycChangeOf(verified, received)).toEqual({ status: 'verified', changedAt: happened });
    expect(kycChangeOf(create(KycStatusChangedSchema, { userId, status: 'processing' }), received)).toEqual({
      status: 'processing',
      changedAt: received,
    });
  });
});

describe('account context: ordering rules', () => {
  it('replaces a plan or a KYC status only with a change at least as new', () => {
    const at = new Date('2025-12-14T12:00:00Z');
    expect(isNotOlder(null, at)).toBe(true);
    expect(isNotOlder(at, new Date('2025-12-14T12:00:01Z'))).toBe(true);
    expect(isNotOlder(at, at)).toBe(true);
    expect(isNotOlder(at, new Date('2025-12-14T11:59:59Z'))).toBe(false);
  });

  it("knows identity's KYC statuses only", () => {
    for (const status of ['pending', 'processing', 'verified', 'requires_input'])
      expect(isKycStatus(status)).toBe(true);
    for (const status of ['', 'approved', 'canceled']) expect(isKycStatus(status)).toBe(false);
  });

  it.each([
    ['completed', 'pending', true],
    ['refunded', 'completed', true],
    ['completed', 'failed', true],
    ['completed', 'completed', true],
    ['pending', 'completed', false],
    ['completed', 'refunded', false],
    ['failed', 'completed', false],
    ['mystery', 'pending', false],
  ])('status %s replaces %s: %s', (next, current, expected) => {
    expect(replacesStatus(next, current)).toBe(expected);
  });

  it('moves a stored status only as the transition table allows', () => {
    const moves = [
      ['pending', 'completed'],
      ['pending', 'failed'],
      ['pending', 'refunded'],
      ['pending', 'cancelled'],
      ['completed', 'refunded'],
      ['failed', 'completed'],
    ];
    for (const [current, next] of moves) expect(replacesStatus(next!, current!)).toBe(true);
    expect(replacesStatus('pending', 'completed')).toBe(false);
    expect(replacesStatus('completed', 'refunded')).toBe(false);
  });
});

describe('account context: the view', () => {
  it("has no plan and identity's KYC status for an account no event mentioned yet", () => {
    expect(accountContextOf(null, [])).toEqual({ plan: null, kycStatus: 'pending', recentTransactions: [] });
  });

  it('shows the plan and the transactions as stored (newest first from the repository)', () => {
    const account = {
      userId,
      planId: 'pro',
      billingCycle: 'annual',
      currentPeriodEnd: new Date('2026-12-14T00:00:00Z'),
      planActivatedAt: received,
      kycStatus: 'verified',
      kycChangedAt: happened,
      updatedAt: received,
    } satisfies AccountContext;
    const tx = {
      source: 'integrations',
      sourceId: 'a1b2c3d4-0000-4000-8000-000000000001',
      userId,
      amount: '129.90',
      currency: 'USD',
      status: 'refunded',
      paymentMethod: 'card',
      processor: 'stripe',
      occurredAt: happened,
      updatedAt: received,
    } satisfies AccountTransaction;
    expect(accountContextOf(account, [tx])).toEqual({
      plan: { planId: 'pro', billingCycle: 'annual', currentPeriodEnd: '2026-12-14T00:00:00.000Z' },
      kycStatus: 'verified',
      recentTransactions: [
        {
          id: tx.sourceId,
          amount: '129.90',
          currency: 'USD',
          status: 'refunded',
          paymentMethod: 'card',
          processor: 'stripe',
          occurredAt: happened.toISOString(),
        },
      ],
    });
  });
});
