import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { CommissionsService } from './commissions.service';

/**
 * A chargeback holds back the disputed share of its invoice's commission, in the same transaction
 * as the inbox row; once per dispute however often billing reports it.
 */
@Injectable()
export class InvoiceDisputedHandler implements EventHandler<'InvoiceDisputed'> {
  readonly eventType = 'InvoiceDisputed' as const;

  constructor(private readonly commissions: CommissionsService) {}

  handle(event: Event<'InvoiceDisputed'>, context: EventContext): Promise<void> {
    return this.commissions.invoiceDisputed(event, context);
  }
}
