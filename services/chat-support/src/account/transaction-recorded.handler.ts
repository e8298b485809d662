import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler, EventOfBatch, Transaction } from '@app/platform';
import { AccountContextService } from './account-context.service';
import { fromTransactionRecorded } from './account-context.util';

/** A processor or POS transaction (integrations), or a later status of one. */
@Injectable()
export class TransactionRecordedHandler implements EventHandler<'TransactionRecorded'> {
  readonly eventType = 'TransactionRecorded' as const;

  constructor(private readonly account: AccountContextService) {}

  handle(event: Event<'TransactionRecorded'>, { manager, occurredAt }: EventContext): Promise<void> {
    return this.account.transactionReported(manager, fromTransactionRecorded(event, occurredAt));
  }

  /** A run of them from one partition, in a few statements: the same rows as `handle` on each in turn. */
  handleAll(events: EventOfBatch<'TransactionRecorded'>[], manager: Transaction): Promise<void> {
    return this.account.transactionsReported(
      manager,
      events.map(({ event, context }) => fromTransactionRecorded(event, context.occurredAt)),
    );
  }
}
