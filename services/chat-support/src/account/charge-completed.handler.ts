import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { AccountContextService } from './account-context.service';
import { fromCharge } from './account-context.util';

/** A Coinbase charge paid (crypto-escrow): a completed crypto transaction. */
@Injectable()
export class ChargeCompletedHandler implements EventHandler<'ChargeCompleted'> {
  readonly eventType = 'ChargeCompleted' as const;

  constructor(private readonly account: AccountContextService) {}

  handle(event: Event<'ChargeCompleted'>, { manager, occurredAt }: EventContext): Promise<void> {
    return this.account.transactionReported(manager, fromCharge(event, 'completed', occurredAt));
  }
}
