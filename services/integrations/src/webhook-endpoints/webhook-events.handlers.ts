import { Injectable } from '@nestjs/common';
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import type { WebhookEventType } from '@app/contracts';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { WebhookDispatcher } from './webhook-dispatcher';

const isoOf = (timestamp: Timestamp | undefined): string | null =>
  timestamp ? timestampDate(timestamp).toISOString() : null;
const orNull = (value: string): string | null => (value === '' ? null : value);

/** TransactionRecorded: a new transaction, or (updated) a known one moving to a later status. */
export const transactionData = (event: Event<'TransactionRecorded'>) => ({
  transactionId: event.transactionId,
  externalTransactionId: event.externalTransactionId,
  amount: event.amount,
  currency: event.currency,
  status: event.status,
  paymentMethod: event.paymentMethod,
  country: orNull(event.country),
  processor: event.processor,
  sourceKind: event.sourceKind,
  integrationId: event.integrationId,
  customerRef: orNull(event.customerRef),
  occurredAt: isoOf(event.occurredAt),
});

export const chargeData = (event: Event<'ChargeCompleted'> | Event<'ChargeFailed'>) => ({
  chargeId: event.chargeId,
  providerChargeId: event.providerChargeId,
  code: event.code,
  provider: event.provider,
  amount: event.amount,
  currency: event.currency,
  cryptoCurrency: 'cryptoCurrency' in event ? orNull(event.cryptoCurrency) : null,
  status: 'status' in event ? event.status : 'COMPLETED',
  occurredAt: isoOf(event.occurredAt),
});

export const escrowData = (event: Event<'EscrowFinished'> | Event<'EscrowCancelled'>) => ({
  escrowId: event.escrowId,
  owner: event.owner,
  offerSequence: event.offerSequence,
  destination: event.destination,
  amount: event.amount,
  currency: event.currency,
  txHash: event.txHash,
  occurredAt: isoOf(event.occurredAt),
});

export const subscriptionData = (event: Event<'SubscriptionActivated'>) => ({
  subscriptionId: event.subscriptionId,
  planId: event.planId,
  billingCycle: event.billingCycle,
  status: 'active' as const,
  currentPeriodEnd: isoOf(event.currentPeriodEnd),
});

/** The affiliate's own endpoints (affiliateUserId owns the event). */
export const payoutData = (event: Event<'PayoutPaid'>) => ({
  payoutId: event.payoutId,
  affiliateId: event.affiliateId,
  amount: event.amount,
  paidAt: isoOf(event.paidAt),
});

/** Dispatches with the event's owner, id and time from the consumer. */
@Injectable()
abstract class MerchantEventHandler {
  constructor(private readonly dispatcher: WebhookDispatcher) {}

  protected dispatch(
    context: EventContext,
    userId: string,
    type: WebhookEventType,
    data: Record<string, unknown>,
  ): Promise<number> {
    return this.dispatcher.dispatch(context.manager, {
      userId,
      type,
      eventId: context.eventId,
      occurredAt: context.occurredAt,
      data,
    });
  }
}

@Injectable()
export class TransactionRecordedWebhookHandler
  extends MerchantEventHandler
  implements EventHandler<'TransactionRecorded'>
{
  readonly eventType = 'TransactionRecorded' as const;

  async handle(event: Event<'TransactionRecorded'>, context: EventContext): Promise<void> {
    const type = event.updated ? 'transaction.updated' : 'transaction.recorded';
    await this.dispatch(context, event.userId, type, transactionData(event));
  }
}

@Injectable()
export class ChargeCompletedWebhookHandler extends MerchantEventHandler implements EventHandler<'ChargeCompleted'> {
  readonly eventType = 'ChargeCompleted' as const;

  async handle(event: Event<'ChargeCompleted'>, context: EventContext): Promise<void> {
    await this.dispatch(context, event.userId, 'charge.completed', chargeData(event));
  }
}

@Injectable()
export class ChargeFailedWebhookHandler extends MerchantEventHandler implements EventHandler<'ChargeFailed'> {
  readonly eventType = 'ChargeFailed' as const;

  async handle(event: Event<'ChargeFailed'>, context: EventContext): Promise<void> {
    await this.dispatch(context, event.userId, 'charge.failed', chargeData(event));
  }
}

@Injectable()
export class EscrowFinishedWebhookHandler extends MerchantEventHandler implements EventHandler<'EscrowFinished'> {
  readonly eventType = 'EscrowFinished' as const;

  async handle(event: Event<'EscrowFinished'>, context: EventContext): Promise<void> {
    await this.dispatch(context, event.userId, 'escrow.finished', escrowData(event));
  }
}

@Injectable()
export class EscrowCancelledWebhookHandler extends MerchantEventHandler implements EventHandler<'EscrowCancelled'> {
  readonly eventType = 'EscrowCancelled' as const;

  async handle(event: Event<'EscrowCancelled'>, context: EventContext): Promise<void> {
    await this.dispatch(context, event.userId, 'escrow.cancelled', escrowData(event));
  }
}

@Injectable()
export class SubscriptionActivatedWebhookHandler
  extends MerchantEventHandler
  implements EventHandler<'SubscriptionActivated'>
{
  readonly eventType = 'SubscriptionActivated' as const;

  async handle(event: Event<'SubscriptionActivated'>, context: EventContext): Promise<void> {
    await this.dispatch(context, event.userId, 'subscription.changed', subscriptionData(event));
  }
}

@Injectable()
export class PayoutPaidWebhookHandler extends MerchantEventHandler implements EventHandler<'PayoutPaid'> {
  readonly eventType = 'PayoutPaid' as const;

  async handle(event: Event<'PayoutPaid'>, context: EventContext): Promise<void> {
    await this.dispatch(context, event.affiliateUserId, 'payout.paid', payoutData(event));
  }
}

/** The events integrations' API consumes, each becoming deliveries to the owner's endpoints. */
export const webhookEventHandlers = [
  TransactionRecordedWebhookHandler,
  ChargeCompletedWebhookHandler,
  ChargeFailedWebhookHandler,
  EscrowFinishedWebhookHandler,
  EscrowCancelledWebhookHandler,
  SubscriptionActivatedWebhookHandler,
  PayoutPaidWebhookHandler,
];
