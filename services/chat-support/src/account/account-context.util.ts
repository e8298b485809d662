import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { supersedes, transactionStatuses, type SupportAccountContext, type TransactionStatus } from '@app/contracts';
import type { Event } from '@app/platform';
import type { AccountContext } from './account-context.entity';
import type { AccountTransaction } from './account-transaction.entity';

/** Identity starts every account at this KYC status, and no event changes it yet. */
export const initialKycStatus = 'pending';

/** A transaction as an event reports it. */
export type ReportedTransaction = Omit<AccountTransaction, 'updatedAt'>;

/** A plan as SubscriptionActivated reports it; `activatedAt` is when billing published it. */
export type ActivatedPlan = Pick<AccountContext, 'planId' | 'billingCycle' | 'currentPeriodEnd'> & {
  activatedAt: Date;
};

const when = (timestamp: Timestamp | undefined, fallback: Date): Date =>
  timestamp ? timestampDate(timestamp) : fallback;

/** TransactionRecorded: a processor or POS transaction (or a later status of one). */
export function fromTransactionRecorded(event: Event<'TransactionRecorded'>, occurredAt: Date): ReportedTransaction {
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

/** ChargeCompleted / ChargeFailed: a Coinbase charge; expired and cancelled charges are both failed. */
export function fromCharge(
  event: Event<'ChargeCompleted'> | Event<'ChargeFailed'>,
  status: 'completed' | 'failed',
  occurredAt: Date,
): ReportedTransaction {
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

/**
 * Whether an activation replaces the stored plan: when it is at least as new. Billing keys its
 * events by user, so they arrive in order; a replayed dead letter or a redelivery after a
 * rebalance may not, and must not bring back an older plan.
 */
export const isNewerActivation = (stored: Date | null, incoming: Date): boolean =>
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
