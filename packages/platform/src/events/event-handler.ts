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
   * partition before and after this one (when a handler fails, the transaction is rolled back and
   * the others are applied again without it), so what belongs to the transaction rather than the
   * statement is shared: `now()`, locks (held until the commit), and after-commit work
   * (TransactionRunner.afterCommit, which runs once it commits).
   */
  manager: Transaction;
}

/** One event of several applied together (EventHandler.handleAll), with its context. */
export interface EventOfBatch<T extends EventType = EventType> {
  event: Event<T>;
  context: Omit<EventContext, 'manager'>;
}

/**
 * Applies one event type; runs inside the inbox transaction, so it must use `context.manager`, and
 * never commits or rolls it back (it throws instead).
 */
export interface EventHandler<T extends EventType = EventType> {
  readonly eventType: T;
  handle(event: Event<T>, context: EventContext): Promise<void>;
  /**
   * Optional: applies consecutive events of this type from one partition, in their order, in one
   * call (set-based statements instead of a few per event). Its effect must equal `handle` on each
   * in turn, events of the same key included. When it throws, the consumer rolls the transaction
   * back and applies those events again one at a time with `handle`, so a failure is pinned on one
   * event.
   */
  handleAll?(events: EventOfBatch<T>[], manager: Transaction): Promise<void>;
}

export const EVENT_HANDLERS = Symbol('EVENT_HANDLERS');
export const CONSUMER_GROUP = Symbol('CONSUMER_GROUP');
