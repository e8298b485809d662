import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { AccountContext } from './account-context.entity';
import type { ReportedTransaction } from './account-context.util';
import { AccountTransaction } from './account-transaction.entity';
import type { StoredTransaction, TransactionRunWrites } from './transaction-run';

const accountColumns = `user_id AS "userId", plan_id AS "planId", billing_cycle AS "billingCycle",
  current_period_end AS "currentPeriodEnd", plan_activated_at AS "planActivatedAt", kyc_status AS "kycStatus",
  kyc_changed_at AS "kycChangedAt", updated_at AS "updatedAt"`;

@Injectable()
export class AccountContextRepository {
  findAccount(manager: EntityManager, userId: string): Promise<AccountContext | null> {
    return manager.findOneBy(AccountContext, { userId });
  }

  /**
   * The user's account row, created with identity's defaults when missing, locked for the caller's
   * transaction: one event of a user is applied at a time, whichever topic it came from. One
   * statement: the row it creates is the caller's until the commit, an existing one is locked
   * (FOR UPDATE). When the row was created by a transaction that committed during the statement,
   * its snapshot sees neither, and a second statement locks it.
   */
  async lockAccount(manager: EntityManager, userId: string): Promise<AccountContext> {
    const [row] = await preparedQuery<AccountContext>(
      manager,
      'chat-support-lock-account',
      `WITH created AS (
         INSERT INTO chat_support.account_contexts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING
         RETURNING ${accountColumns}
       ), existing AS (
         SELECT ${accountColumns} FROM chat_support.account_contexts WHERE user_id = $1 FOR UPDATE
       )
       SELECT * FROM created UNION ALL SELECT * FROM existing`,
      [userId],
    );
    if (row) return row;
    const [locked] = (await manager.query(
      `SELECT ${accountColumns} FROM chat_support.account_contexts WHERE user_id = $1 FOR UPDATE`,
      [userId],
    )) as AccountContext[];
    if (!locked) throw new Error(`account context of user ${userId} not found after its insert`);
    return locked;
  }

  /**
   * lockAccount for several users in one statement (two when a row was created by a transaction
   * that committed during it), locked in the order of their ids so that two runs sharing users wait
   * rather than deadlock.
   */
  async lockAccounts(manager: EntityManager, userIds: string[]): Promise<void> {
    const locked = await preparedQuery<{ userId: string }>(
      manager,
      'chat-support-lock-accounts',
      `WITH created AS (
         INSERT INTO chat_support.account_contexts (user_id)
         SELECT user_id FROM unnest($1::uuid[]) AS u (user_id) ORDER BY user_id
         ON CONFLICT (user_id) DO NOTHING
         RETURNING user_id
       ), existing AS (
         SELECT user_id FROM chat_support.account_contexts WHERE user_id = ANY($1::uuid[]) ORDER BY user_id FOR UPDATE
       )
       SELECT user_id::text AS "userId" FROM created UNION ALL SELECT user_id::text FROM existing`,
      [userIds],
    );
    const found = new Set(locked.map(({ userId }) => userId));
    const missing = userIds.filter((userId) => !found.has(userId.toLowerCase()));
    if (missing.length === 0) return;
    const relocked = (await manager.query(
      `SELECT user_id::text AS "userId" FROM chat_support.account_contexts
        WHERE user_id = ANY($1::uuid[]) ORDER BY user_id FOR UPDATE`,
      [missing],
    )) as { userId: string }[];
    if (relocked.length < new Set(missing.map((userId) => userId.toLowerCase())).size) {
      throw new Error(`account contexts of users ${missing.join(', ')} not found after their insert`);
    }
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

  /**
   * What a run of reported transactions finds, under its users' locks (lockAccounts first): every
   * stored row of the users, and the stored rows of the transactions, whoever's they are.
   */
  storedForRun(
    manager: EntityManager,
    userIds: string[],
    txs: Pick<ReportedTransaction, 'source' | 'sourceId'>[],
  ): Promise<StoredTransaction[]> {
    return preparedQuery<StoredTransaction>(
      manager,
      'chat-support-stored-for-run',
      `SELECT source, source_id::text AS "sourceId", user_id::text AS "userId", status, occurred_at AS "occurredAt"
         FROM chat_support.account_transactions WHERE user_id = ANY($1::uuid[])
       UNION
       SELECT t.source, t.source_id::text, t.user_id::text, t.status, t.occurred_at
         FROM chat_support.account_transactions t
         JOIN unnest($2::varchar[], $3::uuid[]) AS k (source, source_id)
           ON t.source = k.source AND t.source_id = k.source_id`,
      [userIds, txs.map((tx) => tx.source), txs.map((tx) => tx.sourceId)],
    );
  }

  /**
   * Writes a run's changes (transaction-run.ts: each row once) in one statement: deletes, then
   * updates (a status, or a whole row given), then inserts, on disjoint rows.
   */
  async writeRun(manager: EntityManager, { inserted, updated, deleted }: Omit<TransactionRunWrites, 'otherUsers'>) {
    if (inserted.length + updated.length + deleted.length === 0) return;
    const replaced = <K extends keyof ReportedTransaction>(key: K) =>
      updated.map(({ replacement }) => replacement?.[key] ?? null);
    const column = <K extends keyof ReportedTransaction>(key: K) => inserted.map((tx) => tx[key]);
    await preparedQuery(
      manager,
      'chat-support-write-run',
      `WITH deleted AS (
         DELETE FROM chat_support.account_transactions t
          USING unnest($1::varchar[], $2::uuid[]) AS d (source, source_id)
          WHERE t.source = d.source AND t.source_id = d.source_id
       ), updated AS (
         UPDATE chat_support.account_transactions t SET
           status = u.status, user_id = coalesce(u.user_id, t.user_id), amount = coalesce(u.amount, t.amount),
           currency = coalesce(u.currency, t.currency), payment_method = coalesce(u.payment_method, t.payment_method),
           processor = coalesce(u.processor, t.processor), occurred_at = coalesce(u.occurred_at, t.occurred_at),
           updated_at = now()
           FROM unnest($3::varchar[], $4::uuid[], $5::varchar[], $6::uuid[], $7::numeric[], $8::varchar[],
                       $9::varchar[], $10::varchar[], $11::timestamptz[])
             AS u (source, source_id, status, user_id, amount, currency, payment_method, processor, occurred_at)
          WHERE t.source = u.source AND t.source_id = u.source_id
       )
       INSERT INTO chat_support.account_transactions
         (source, source_id, user_id, amount, currency, status, payment_method, processor, occurred_at)
       SELECT * FROM unnest($12::varchar[], $13::uuid[], $14::uuid[], $15::numeric[], $16::varchar[], $17::varchar[],
                            $18::varchar[], $19::varchar[], $20::timestamptz[])`,
      [
        deleted.map((row) => row.source),
        deleted.map((row) => row.sourceId),
        updated.map((row) => row.source),
        updated.map((row) => row.sourceId),
        updated.map((row) => row.status),
        replaced('userId'),
        replaced('amount'),
        replaced('currency'),
        replaced('paymentMethod'),
        replaced('processor'),
        updated.map(({ replacement }) => replacement?.occurredAt.toISOString() ?? null),
        column('source'),
        column('sourceId'),
        column('userId'),
        column('amount'),
        column('currency'),
        column('status'),
        column('paymentMethod'),
        column('processor'),
        inserted.map((tx) => tx.occurredAt.toISOString()),
      ],
    );
  }

  /** The user's newest transactions by when they happened (ties by id, so the order is stable). */
  recentTransactions(manager: EntityManager, userId: string, limit: number): Promise<AccountTransaction[]> {
    return manager.find(AccountTransaction, {
      where: { userId },
      order: { occurredAt: 'DESC', sourceId: 'DESC' },
      take: limit,
    });
  }
}
