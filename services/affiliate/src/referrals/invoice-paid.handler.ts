import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { CommissionsService } from './commissions.service';

/**
 * A referred user's paid invoice earns the affiliate a commission (spec 9), in the same
 * transaction as the inbox row; one of a user not registered here yet is parked until they are.
 */
@Injectable()
export class InvoicePaidHandler implements EventHandler<'InvoicePaid'> {
  readonly eventType = 'InvoicePaid' as const;

  constructor(private readonly commissions: CommissionsService) {}

  handle(event: Event<'InvoicePaid'>, context: EventContext): Promise<void> {
    return this.commissions.invoicePaid(event, context);
  }
}
