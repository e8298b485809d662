import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { CryptoSubscriptionsService } from './crypto-subscriptions.service';

/** A Coinbase charge paid (crypto-escrow): a subscription charge activates or renews the plan. */
@Injectable()
export class ChargeCompletedHandler implements EventHandler<'ChargeCompleted'> {
  readonly eventType = 'ChargeCompleted' as const;

  constructor(private readonly crypto: CryptoSubscriptionsService) {}

  async handle(event: Event<'ChargeCompleted'>, { manager, occurredAt, requestId }: EventContext): Promise<void> {
    await this.crypto.chargeCompleted(manager, event, occurredAt, requestId);
  }
}
