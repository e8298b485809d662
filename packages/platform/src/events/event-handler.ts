import type { MessageShape } from '@bufbuild/protobuf';
import type { eventCatalog, EventType } from '@app/contracts';
import type { Transaction } from '../database/transaction-runner';

export type Event<T extends EventType> = MessageShape<(typeof eventCatalog)[T]['schema']>;

export interface EventContext {
  eventId: string;
  occurredAt: Date;
  requestId?: string;
  /**
   * The transaction that also records the event in the inbox. It may apply other events of the
   * partition before and after this one (the handler's work is in a savepoint of its own), so what
   * belongs to the transaction rather than the statement is shared: `now()`, locks (held until the
   * commit), and after-commit work (TransactionRunner.afterCommit, which runs once it commits).
   */
  manager: Transaction;
}

/**
 * Applies one event type; runs inside the inbox transaction, so it must use `context.manager`, and
 * never commits or rolls it back (it throws instead).
 */
export interface EventHandler<T extends EventType = EventType> {
  readonly eventType: T;
  handle(event: Event<T>, context: EventContext): Promise<void>;
}

export const EVENT_HANDLERS = Symbol('EVENT_HANDLERS');
export const CONSUMER_GROUP = Symbol('CONSUMER_GROUP');
