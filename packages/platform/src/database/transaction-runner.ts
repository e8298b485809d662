import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  TransactionStartEvent,
} from 'typeorm';

/**
 * A database transaction as services see it: opened by TransactionRunner and handed on to
 * repositories, which alone look inside it (it is TypeORM's EntityManager). Services name this
 * type, so only repositories, entities, migrations and the platform import TypeORM.
 */
export type Transaction = EntityManager;

/** queryRunner.data key: work to do once the transaction has committed. */
const AFTER_COMMIT = 'afterCommit';
/** queryRunner.data key: for the transaction and each savepoint open in it, how much work came before it. */
const MARKS = 'afterCommitMarks';

type AfterCommit = () => void | Promise<void>;

/**
 * Runs work in one database transaction; services use it, repositories take the transaction.
 * It also runs work after a commit (a TypeORM transaction subscriber), for what must not happen
 * before the rows it refers to exist: a job queued for a row, say.
 */
@Injectable()
export class TransactionRunner implements OnApplicationBootstrap, BeforeApplicationShutdown, EntitySubscriberInterface {
  private readonly logger = new Logger(TransactionRunner.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * No transaction: each statement commits on its own. For a single read or write that needs
   * nothing else to commit with it (and for reads that may see other commits between them).
   */
  get autocommit(): Transaction {
    return this.dataSource.manager;
  }

  /**
   * Runs `work` once `tx` has committed, nothing if it rolls back. A failure of `work` is logged:
   * the transaction stands, so `work` must be something a later sweep or retry can make up for.
   */
  afterCommit(tx: Transaction, work: AfterCommit): void {
    const runner = tx.queryRunner;
    if (!runner?.isTransactionActive) throw new Error('afterCommit needs a transaction');
    runner.data[AFTER_COMMIT] = [...((runner.data[AFTER_COMMIT] as AfterCommit[] | undefined) ?? []), work];
  }

  onApplicationBootstrap(): void {
    this.dataSource.subscribers.push(this);
  }

  beforeApplicationShutdown(): void {
    const index = this.dataSource.subscribers.indexOf(this);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
  }

  /** TypeORM calls this when a transaction or a savepoint (a nested transaction) begins. */
  afterTransactionStart({ queryRunner }: TransactionStartEvent): void {
    const pending = queryRunner.data[AFTER_COMMIT] as AfterCommit[] | undefined;
    queryRunner.data[MARKS] = [...((queryRunner.data[MARKS] as number[] | undefined) ?? []), pending?.length ?? 0];
  }

  /** TypeORM calls this after every commit of the data source (a released savepoint too: skipped). */
  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    (queryRunner.data?.[MARKS] as number[] | undefined)?.pop();
    const pending = queryRunner.data?.[AFTER_COMMIT] as AfterCommit[] | undefined;
    if (!pending?.length || queryRunner.isTransactionActive) return;
    queryRunner.data[AFTER_COMMIT] = [];
    for (const work of pending) {
      const failed = (error: Error) => this.logger.error(`work after a commit failed: ${error.message}`);
      try {
        Promise.resolve(work()).catch(failed);
      } catch (error) {
        failed(error as Error);
      }
    }
  }

  /**
   * A rollback drops the work it undid, which may refer to rows that are gone: a savepoint's, the
   * work registered since the savepoint (the work before it still waits for the commit); the
   * transaction's, all of it.
   */
  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    const mark = (queryRunner.data?.[MARKS] as number[] | undefined)?.pop();
    const pending = queryRunner.data?.[AFTER_COMMIT] as AfterCommit[] | undefined;
    if (pending) pending.length = queryRunner.isTransactionActive ? Math.min(mark ?? 0, pending.length) : 0;
  }
}

/** Postgres unique_violation: the caller lost a race for a unique value. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string })?.code === '23505';
