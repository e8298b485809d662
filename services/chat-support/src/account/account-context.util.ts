import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import {
  chargePaysPlatform,
  initialKycStatus,
  kycStatusSchema,
  supersedes,
  transactionStatuses,
  type KycStatus,
  type SupportAccountContext,
  type TransactionStatus,
} from '@app/contracts';
import type { Event } from '@app/platform';
import type { AccountContext } from './account-context.entity';
import type { AccountTransaction } from './account-transaction.entity';

/** A KYC status as KycStatusChanged reports it; `changedAt` is when identity changed it. */
export interface KycChange {
  status: string;
  changedAt: Date;
}

/** A transaction as an event reports it. */
export type ReportedTransaction = Omit<AccountTransaction, 'updatedAt'>;

/** A plan as SubscriptionActivated reports it; `activatedAt` is when billing published it. */
export type ActivatedPlan = Pick<AccountContext, 'planId' | 'billingCycle' | 'currentPeriodEnd'> & {
  activatedAt: Date;
};

const when = (timestamp: Timestamp | undefined, fallback: Date): Date =>
  timestamp ? timestampDate(timestamp) : fallback;

/**
 * TransactionRecorded: a processor or POS transaction (or a later status of one); none for a test
 * delivery (the Integrations page's sample), which is not the merchant's business.
 */
export function fromTransactionRecorded(
  event: Event<'TransactionRecorded'>,
  occurredAt: Date,
): ReportedTransaction | null {
  if (event.test) return null;
  return {
    source: 'integrations',
    sourceId: event.transactionId,
    userId: event.userId,
    amount: event.amount,
    currency: event.currency.toUpperCase(),
    status: event.status,
    paymentMethod: event.paymentMethod || 'other',
    processor: event.processor || event.sourceKind,
    occurredAt: when(event.occurredAt, occurredAt),
  };
}

/**
 * ChargeCompleted / ChargeFailed: a Coinbase charge; expired and cancelled charges are both failed.
 * None for a charge paying the platform (the merchant's own plan): that is a cost, not a sale.
 */
export function fromCharge(
  event: Event<'ChargeCompleted'> | Event<'ChargeFailed'>,
  status: 'completed' | 'failed',
  occurredAt: Date,
): ReportedTransaction | null {
  if (chargePaysPlatform(event)) return null;
  return {
    source: 'crypto',
    sourceId: event.chargeId,
    userId: event.userId,
    amount: event.amount,
    currency: (event.currency || 'USD').toUpperCase(),
    status,
    paymentMethod: 'crypto',
    processor: event.provider || 'coinbase',
    occurredAt: when(event.occurredAt, occurredAt),
  };
}

export function planOf(event: Event<'SubscriptionActivated'>, occurredAt: Date): ActivatedPlan {
  return {
    planId: event.planId,
    billingCycle: event.billingCycle,
    currentPeriodEnd: event.currentPeriodEnd ? timestampDate(event.currentPeriodEnd) : null,
    activatedAt: occurredAt,
  };
}

/** KycStatusChanged: identity's new status, dated when identity changed it (else when it published). */
export const kycChangeOf = (event: Event<'KycStatusChanged'>, occurredAt: Date): KycChange => ({
  status: event.status,
  changedAt: when(event.changedAt, occurredAt),
});

/** Whether a status is one of identity's KYC statuses. */
export const isKycStatus = (status: string): status is KycStatus => kycStatusSchema.safeParse(status).success;

/**
 * Whether a change (an activation, a KYC status) replaces the stored one: when it is at least as
 * new. Billing and identity key their events by user, so they arrive in order; a replayed dead
 * letter or a redelivery after a rebalance may not, and must not bring back an older value.
 */
export const isNotOlder = (stored: Date | null, incoming: Date): boolean =>
  !stored || incoming.getTime() >= stored.getTime();

/**
 * Whether a reported status replaces the stored one: the same status, or a change the shared
 * transition table allows (a late `pending` never overwrites `completed`; a refund is final).
 */
export function replacesStatus(next: string, current: string): boolean {
  const known = (status: string): status is TransactionStatus =>
    (transactionStatuses as readonly string[]).includes(status);
  return next === current || (known(next) && known(current) && supersedes(next, current));
}

/** The read model as the support team and the assistant see it. */
export function accountContextOf(
  account: AccountContext | null,
  transactions: AccountTransaction[],
): SupportAccountContext {
  return {
    plan:
      account?.planId != null
        ? {
            planId: account.planId,
            billingCycle: account.billingCycle ?? '',
            currentPeriodEnd: account.currentPeriodEnd?.toISOString() ?? null,
          }
        : null,
    kycStatus: account?.kycStatus ?? initialKycStatus,
    recentTransactions: transactions.map((tx) => ({
      id: tx.sourceId,
      amount: tx.amount,
      currency: tx.currency,
      status: tx.status,
      paymentMethod: tx.paymentMethod,
      processor: tx.processor,
      occurredAt: tx.occurredAt.toISOString(),
    })),
  };
}
