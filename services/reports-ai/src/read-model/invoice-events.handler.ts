import { Injectable, Logger } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { ReadModelRepository } from './read-model.repository';

/** The merchant paying the platform for its subscription: a cost in the financial report, never a sale. */
@Injectable()
export class InvoicePaidHandler implements EventHandler<'InvoicePaid'> {
  readonly eventType = 'InvoicePaid' as const;

  constructor(private readonly readModel: ReadModelRepository) {}

  async handle(event: Event<'InvoicePaid'>, { manager, occurredAt }: EventContext): Promise<void> {
    const cents = Number(event.amount);
    if (!event.userId || !event.invoiceId || cents <= 0) return;
    await this.readModel.invoicePaid(manager, event.userId, event.invoiceId, cents, event.currency, occurredAt);
  }
}

@Injectable()
export class InvoiceRefundedHandler implements EventHandler<'InvoiceRefunded'> {
  readonly eventType = 'InvoiceRefunded' as const;
  private readonly logger = new Logger(InvoiceRefundedHandler.name);

  constructor(private readonly readModel: ReadModelRepository) {}

  async handle(event: Event<'InvoiceRefunded'>, { manager, occurredAt }: EventContext): Promise<void> {
    const applied = await this.readModel.invoiceRefunded(
      manager,
      event.invoiceId,
      Number(event.amountRefunded),
      occurredAt,
    );
    if (!applied) this.logger.warn(`refund of unknown invoice ${event.invoiceId} ignored`);
  }
}
