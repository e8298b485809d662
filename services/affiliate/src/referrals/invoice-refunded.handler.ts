import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { CommissionsService } from './commissions.service';

/**
 * A refund claws back the commission of its invoice in proportion, in the same transaction as the
 * inbox row; one of a user not registered here yet is parked (after its invoice) until they are.
 */
@Injectable()
export class InvoiceRefundedHandler implements EventHandler<'InvoiceRefunded'> {
  readonly eventType = 'InvoiceRefunded' as const;

  constructor(private readonly commissions: CommissionsService) {}

  handle(event: Event<'InvoiceRefunded'>, context: EventContext): Promise<void> {
    return this.commissions.invoiceRefunded(event, context);
  }
}
