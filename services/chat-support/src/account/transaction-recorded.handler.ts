import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
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
}
