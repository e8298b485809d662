import { Injectable } from '@nestjs/common';
import { plans, type ChatSource, type SupportAccountContext, type SupportAccountTransaction } from '@app/contracts';
import { TransactionRunner, type AuthUser } from '@app/platform';
import { AccountContextService } from '../account/account-context.service';

export const subscriptionSource: ChatSource = { id: 'my-subscription', title: 'Your subscription', path: '/settings' };
export const transactionsSource: ChatSource = {
  id: 'my-transactions',
  title: 'Your recent transactions',
  path: '/transactions',
};

/** The signed-in user's own account context (plan, KYC status, newest transactions), nobody else's. */
@Injectable()
export class AccountFacts {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly account: AccountContextService,
  ) {}

  of(user: AuthUser): Promise<SupportAccountContext> {
    return this.transactions.run((manager) => this.account.of(manager, user.id));
  }
}

/** The plan as one line of text, for a reply or a tool result; null without a subscription. */
export function planLine({ plan }: SupportAccountContext): string | null {
  if (!plan) return null;
  const name = plans.find((known) => known.id === plan.planId)?.name ?? plan.planId;
  return (
    `${name} plan` +
    (plan.billingCycle ? `, ${plan.billingCycle} billing` : '') +
    (plan.currentPeriodEnd ? `, current period ends ${plan.currentPeriodEnd.slice(0, 10)}` : '')
  );
}

/** A transaction as one line of text, for a reply or a tool result. */
export const transactionLine = (tx: SupportAccountTransaction): string =>
  `${tx.occurredAt.slice(0, 10)}: ${tx.amount} ${tx.currency}, ${tx.status}, ${tx.paymentMethod} via ${tx.processor} ` +
  `(transaction ${tx.id})`;
