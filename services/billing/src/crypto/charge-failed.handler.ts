import { Injectable } from '@nestjs/common';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { CryptoSubscriptionsService } from './crypto-subscriptions.service';

/** A Coinbase charge expired or cancelled (crypto-escrow): a subscription charge is recorded as failed. */
@Injectable()
export class ChargeFailedHandler implements EventHandler<'ChargeFailed'> {
  readonly eventType = 'ChargeFailed' as const;

  constructor(private readonly crypto: CryptoSubscriptionsService) {}

  async handle(event: Event<'ChargeFailed'>, { manager }: EventContext): Promise<void> {
    await this.crypto.chargeFailed(manager, event);
  }
}
