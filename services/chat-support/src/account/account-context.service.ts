import { Injectable, Logger } from '@nestjs/common';
import { supportAccountTransactions, type SupportAccountContext } from '@app/contracts';
import { isUuid, type Transaction } from '@app/platform';
import { AccountContextRepository } from './account-context.repository';
import {
  accountContextOf,
  isKycStatus,
  isNotOlder,
  type ActivatedPlan,
  type KycChange,
  type ReportedTransaction,
} from './account-context.util';
import { foldTransactionRun } from './transaction-run';

/**
 * The account context (issues 16, 18): chat-support's read model of identity's, billing's,
 * integrations' and crypto-escrow's events, read by the support console and the assistant. Each
 * event is applied in its inbox transaction; one that can never apply (no valid user id) is
 * ignored with a warning rather than stall the consumer.
 */
@Injectable()
export class AccountContextService {
  private readonly logger = new Logger(AccountContextService.name);

  constructor(private readonly repository: AccountContextRepository) {}

  /** The user's account now: plan, KYC status and newest transactions (newest first). */
  async of(manager: Transaction, userId: string): Promise<SupportAccountContext> {
    const account = await this.repository.findAccount(manager, userId);
    const transactions = await this.repository.recentTransactions(manager, userId, supportAccountTransactions);
    return accountContextOf(account, transactions);
  }

  /** A new account starts at identity's starting KYC status; an account some other event created keeps its own. */
  async registered(manager: Transaction, userId: string): Promise<void> {
    if (!this.valid(userId, 'UserRegistered')) return;
    await this.repository.lockAccount(manager, userId);
  }

  async planActivated(manager: Transaction, userId: string, plan: ActivatedPlan): Promise<void> {
    if (!this.valid(userId, 'SubscriptionActivated')) return;
    const account = await this.repository.lockAccount(manager, userId);
    if (!isNotOlder(account.planActivatedAt, plan.activatedAt)) {
      this.logger.log(`user ${userId}: an activation older than the stored plan's ignored`);
      return;
    }
    const { activatedAt, ...current } = plan;
    await this.repository.setPlan(manager, userId, { ...current, planActivatedAt: activatedAt });
  }

  /** Identity's KYC status of the user, unless the stored one changed later. */
  async kycStatusChanged(manager: Transaction, userId: string, change: KycChange): Promise<void> {
    if (!this.valid(userId, 'KycStatusChanged')) return;
    if (!isKycStatus(change.status)) {
      this.logger.warn(`KycStatusChanged of user ${userId} with an unknown status; ignored`);
      return;
    }
    const account = await this.repository.lockAccount(manager, userId);
    if (!isNotOlder(account.kycChangedAt, change.changedAt)) {
      this.logger.log(`user ${userId}: a KYC status older than the stored one ignored`);
      return;
    }
    await this.repository.setKycStatus(manager, userId, { kycStatus: change.status, kycChangedAt: change.changedAt });
  }

  /**
   * A new transaction joins the user's newest few; a later status of a known one updates its row.
   * A run of one (transactionsReported): one event is applied by the same code as a run.
   */
  transactionReported(manager: Transaction, tx: ReportedTransaction | null): Promise<void> {
    return this.transactionsReported(manager, [tx]);
  }

  /**
   * Consecutive reported transactions, each applied to what the ones before it left, in three
   * statements: their users' accounts locked, the rows they find read, then the rows they leave
   * written, folded in Node (transaction-run.ts) so each row is written once however often the run
   * names it.
   */
  async transactionsReported(manager: Transaction, txs: (ReportedTransaction | null)[]): Promise<void> {
    // null: an event that is not the merchant's business (a test delivery, its own plan's charge).
    const valid = txs.filter(
      (tx): tx is ReportedTransaction =>
        tx !== null && this.valid(tx.userId, `${tx.source} transaction ${tx.sourceId}`),
    );
    if (valid.length === 0) return;
    const userIds = [...new Set(valid.map((tx) => tx.userId.toLowerCase()))];
    await this.repository.lockAccounts(manager, userIds);
    const stored = await this.repository.storedForRun(manager, userIds, valid);
    const { otherUsers, ...writes } = foldTransactionRun(valid, stored, supportAccountTransactions);
    for (const tx of otherUsers) {
      this.logger.warn(`${tx.source} transaction ${tx.sourceId}: reported for another user; ignored`);
    }
    await this.repository.writeRun(manager, writes);
  }

  private valid(userId: string, what: string): boolean {
    if (isUuid(userId)) return true;
    this.logger.warn(`${what} without a valid user id; ignored`);
    return false;
  }
}
