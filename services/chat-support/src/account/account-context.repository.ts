import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountContext } from './account-context.entity';
import { AccountTransaction, type AccountTransactionSource } from './account-transaction.entity';

@Injectable()
export class AccountContextRepository {
  findAccount(manager: EntityManager, userId: string): Promise<AccountContext | null> {
    return manager.findOneBy(AccountContext, { userId });
  }

  /**
   * The user's account row, created with identity's defaults when missing, locked for the caller's
   * transaction: one event of a user is applied at a time, whichever topic it came from.
   */
  async lockAccount(manager: EntityManager, userId: string): Promise<AccountContext> {
    await manager.createQueryBuilder().insert().into(AccountContext).values({ userId }).orIgnore().execute();
    return manager
      .createQueryBuilder(AccountContext, 'account')
      .setLock('pessimistic_write')
      .where('account.user_id = :userId', { userId })
      .getOneOrFail();
  }

  async setPlan(
    manager: EntityManager,
    userId: string,
    plan: Pick<AccountContext, 'planId' | 'billingCycle' | 'currentPeriodEnd' | 'planActivatedAt'>,
  ): Promise<void> {
    await manager.update(AccountContext, { userId }, plan);
  }

  async setKycStatus(
    manager: EntityManager,
    userId: string,
    kyc: Pick<AccountContext, 'kycStatus' | 'kycChangedAt'>,
  ): Promise<void> {
    await manager.update(AccountContext, { userId }, kyc);
  }

  findTransaction(
    manager: EntityManager,
    source: AccountTransactionSource,
    sourceId: string,
  ): Promise<AccountTransaction | null> {
    return manager.findOneBy(AccountTransaction, { source, sourceId });
  }

  async insertTransaction(manager: EntityManager, tx: Omit<AccountTransaction, 'updatedAt'>): Promise<void> {
    await manager.insert(AccountTransaction, tx);
  }

  async setTransactionStatus(
    manager: EntityManager,
    source: AccountTransactionSource,
    sourceId: string,
    status: string,
  ): Promise<void> {
    await manager.update(AccountTransaction, { source, sourceId }, { status });
  }

  /** The user's newest transactions by when they happened (ties by id, so the order is stable). */
  recentTransactions(manager: EntityManager, userId: string, limit: number): Promise<AccountTransaction[]> {
    return manager.find(AccountTransaction, {
      where: { userId },
      order: { occurredAt: 'DESC', sourceId: 'DESC' },
      take: limit,
    });
  }

  /** Deletes the user's transactions beyond the newest `keep` (the order of recentTransactions). */
  async keepNewest(manager: EntityManager, userId: string, keep: number): Promise<void> {
    await manager.query(
      `DELETE FROM chat_support.account_transactions
        WHERE user_id = $1 AND (source, source_id) NOT IN (
          SELECT source, source_id FROM chat_support.account_transactions
           WHERE user_id = $1 ORDER BY occurred_at DESC, source_id DESC LIMIT $2)`,
      [userId, keep],
    );
  }
}
