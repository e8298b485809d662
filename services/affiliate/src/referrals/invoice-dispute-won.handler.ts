import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { CommissionsService } from './commissions.service';

/** A won dispute returns what it held back of its invoice's commission; once, and for good. */
@Injectable()
export class InvoiceDisputeWonHandler implements EventHandler<'InvoiceDisputeWon'> {
  readonly eventType = 'InvoiceDisputeWon' as const;

  constructor(private readonly commissions: CommissionsService) {}

  handle(event: Event<'InvoiceDisputeWon'>, context: EventContext): Promise<void> {
    return this.commissions.invoiceDisputeWon(event, context);
  }
}
