import { Inject, Injectable } from '@nestjs/common';
import { STRIPE_CLIENT } from '@app/platform';
import type Stripe from 'stripe';

export interface CardPaymentIntent {
  id: string;
  clientSecret: string;
  status: Stripe.PaymentIntent.Status;
  amountCents: number;
  currency: string;
}

const intentOf = (intent: Stripe.PaymentIntent): CardPaymentIntent => ({
  id: intent.id,
  clientSecret: intent.client_secret ?? '',
  status: intent.status,
  amountCents: intent.amount,
  currency: intent.currency,
});

/** Card payments for investments: Stripe PaymentIntents in NZD (the local fake Stripe offline). */
@Injectable()
export class CardPayments {
  constructor(@Inject(STRIPE_CLIENT) private readonly stripe: Stripe) {}

  async create(payment: {
    amountCents: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<CardPaymentIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: payment.amountCents,
        currency: 'nzd',
        description: payment.description,
        metadata: payment.metadata,
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: payment.idempotencyKey },
    );
    return intentOf(intent);
  }

  async retrieve(id: string): Promise<CardPaymentIntent> {
    return intentOf(await this.stripe.paymentIntents.retrieve(id));
  }
}
