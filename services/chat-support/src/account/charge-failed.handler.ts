import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { AccountContextService } from './account-context.service';
import { fromCharge } from './account-context.util';

/** A Coinbase charge that expired or was cancelled unpaid (crypto-escrow): a failed crypto transaction. */
@Injectable()
export class ChargeFailedHandler implements EventHandler<'ChargeFailed'> {
  readonly eventType = 'ChargeFailed' as const;

  constructor(private readonly account: AccountContextService) {}

  handle(event: Event<'ChargeFailed'>, { manager, occurredAt }: EventContext): Promise<void> {
    return this.account.transactionReported(manager, fromCharge(event, 'failed', occurredAt));
  }
}
