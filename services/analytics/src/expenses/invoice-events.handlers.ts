import { Injectable, Logger } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { ExpensesRepository } from './expenses.repository';

/**
 * InvoicePaid is the merchant paying the platform for its subscription: an outflow (operating
 * expense), never merchant sales. Recorded once per invoice, on the day it was paid.
 */
@Injectable()
export class InvoicePaidHandler implements EventHandler<'InvoicePaid'> {
  readonly eventType = 'InvoicePaid' as const;

  constructor(private readonly expenses: ExpensesRepository) {}

  async handle(event: Event<'InvoicePaid'>, { manager, occurredAt }: EventContext): Promise<void> {
    const cents = Number(event.amount);
    if (!event.userId || !event.invoiceId || cents <= 0) return;
    await this.expenses.invoicePaid(manager, event.userId, event.invoiceId, cents, event.currency, occurredAt);
  }
}

/** InvoiceRefunded reports the total refunded so far: only the increase comes off the expenses, on the refund's day. */
@Injectable()
export class InvoiceRefundedHandler implements EventHandler<'InvoiceRefunded'> {
  readonly eventType = 'InvoiceRefunded' as const;
  private readonly logger = new Logger(InvoiceRefundedHandler.name);

  constructor(private readonly expenses: ExpensesRepository) {}

  async handle(event: Event<'InvoiceRefunded'>, { manager, occurredAt }: EventContext): Promise<void> {
    const applied = await this.expenses.invoiceRefunded(
      manager,
      event.invoiceId,
      Number(event.amountRefunded),
      occurredAt,
    );
    if (!applied) this.logger.warn(`refund of unknown invoice ${event.invoiceId} ignored`);
  }
}
