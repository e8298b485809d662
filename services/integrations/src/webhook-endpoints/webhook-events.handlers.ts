import { Injectable } from '@nestjs/common';
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import type { EventType, WebhookEventType } from '@app/contracts';
import type { Event, EventContext, EventHandler, EventOfBatch, Transaction } from '@app/platform';
import { WebhookDispatcher, type MerchantEvent } from './webhook-dispatcher';

const isoOf = (timestamp: Timestamp | undefined): string | null =>
  timestamp ? timestampDate(timestamp).toISOString() : null;
const orNull = (value: string): string | null => (value === '' ? null : value);

/** TransactionRecorded: a new transaction, or (updated) a known one moving to a later status. */
const transactionData = (event: Event<'TransactionRecorded'>) => ({
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
  test: event.test,
});

/** The webhook a TransactionRecorded becomes, stored in the transaction that writes the event. */
export const transactionWebhook = (
  event: Event<'TransactionRecorded'>,
  eventId: string,
  occurredAt: Date,
): MerchantEvent => ({
  userId: event.userId,
  type: event.updated ? 'transaction.updated' : 'transaction.recorded',
  data: transactionData(event),
  eventId,
  occurredAt,
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

/** The merchant an event is for, and the webhook event it becomes. */
interface MerchantWebhook {
  userId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/**
 * Dispatches with the event's owner, id and time from the consumer; consecutive events (handleAll)
 * in one look-up of their owners' endpoints and one insert of their deliveries.
 */
@Injectable()
abstract class MerchantEventHandler<T extends EventType> implements EventHandler<T> {
  abstract readonly eventType: T;

  constructor(private readonly dispatcher: WebhookDispatcher) {}

  protected abstract webhookOf(event: Event<T>): MerchantWebhook;

  async handle(event: Event<T>, context: EventContext): Promise<void> {
    await this.dispatcher.dispatch(context.manager, [this.merchantEvent(event, context)]);
  }

  async handleAll(events: EventOfBatch<T>[], manager: Transaction): Promise<void> {
    await this.dispatcher.dispatch(
      manager,
      events.map(({ event, context }) => this.merchantEvent(event, context)),
    );
  }

  private merchantEvent(event: Event<T>, context: Pick<EventContext, 'eventId' | 'occurredAt'>): MerchantEvent {
    return { ...this.webhookOf(event), eventId: context.eventId, occurredAt: context.occurredAt };
  }
}

@Injectable()
export class ChargeCompletedWebhookHandler extends MerchantEventHandler<'ChargeCompleted'> {
  readonly eventType = 'ChargeCompleted' as const;

  protected webhookOf(event: Event<'ChargeCompleted'>): MerchantWebhook {
    return { userId: event.userId, type: 'charge.completed', data: chargeData(event) };
  }
}

@Injectable()
export class ChargeFailedWebhookHandler extends MerchantEventHandler<'ChargeFailed'> {
  readonly eventType = 'ChargeFailed' as const;

  protected webhookOf(event: Event<'ChargeFailed'>): MerchantWebhook {
    return { userId: event.userId, type: 'charge.failed', data: chargeData(event) };
  }
}

@Injectable()
export class EscrowFinishedWebhookHandler extends MerchantEventHandler<'EscrowFinished'> {
  readonly eventType = 'EscrowFinished' as const;

  protected webhookOf(event: Event<'EscrowFinished'>): MerchantWebhook {
    return { userId: event.userId, type: 'escrow.finished', data: escrowData(event) };
  }
}

@Injectable()
export class EscrowCancelledWebhookHandler extends MerchantEventHandler<'EscrowCancelled'> {
  readonly eventType = 'EscrowCancelled' as const;

  protected webhookOf(event: Event<'EscrowCancelled'>): MerchantWebhook {
    return { userId: event.userId, type: 'escrow.cancelled', data: escrowData(event) };
  }
}

@Injectable()
export class SubscriptionActivatedWebhookHandler extends MerchantEventHandler<'SubscriptionActivated'> {
  readonly eventType = 'SubscriptionActivated' as const;

  protected webhookOf(event: Event<'SubscriptionActivated'>): MerchantWebhook {
    return { userId: event.userId, type: 'subscription.changed', data: subscriptionData(event) };
  }
}

/** The affiliate's own endpoints (affiliateUserId owns the event). */
@Injectable()
export class PayoutPaidWebhookHandler extends MerchantEventHandler<'PayoutPaid'> {
  readonly eventType = 'PayoutPaid' as const;

  protected webhookOf(event: Event<'PayoutPaid'>): MerchantWebhook {
    return { userId: event.affiliateUserId, type: 'payout.paid', data: payoutData(event) };
  }
}

/**
 * The events integrations' API consumes, each becoming deliveries to the owner's endpoints. Not
 * TransactionRecorded: the service writes that event itself, and the ingest transaction stores its
 * deliveries with it (`transactionWebhook`, IngestionService), so the API does not read its own
 * topic back from Kafka.
 */
export const webhookEventHandlers = [
  ChargeCompletedWebhookHandler,
  ChargeFailedWebhookHandler,
  EscrowFinishedWebhookHandler,
  EscrowCancelledWebhookHandler,
  SubscriptionActivatedWebhookHandler,
  PayoutPaidWebhookHandler,
];
