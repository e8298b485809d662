import { Inject, Injectable } from '@nestjs/common';
import { STRIPE_CLIENT } from '@app/platform';
import type Stripe from 'stripe';

export interface CardPaymentIntent {
  id: string;
  clientSecret: string;
  status: Stripe.PaymentIntent.Status;
  amountCents: number;
  /** What the provider took (0 until it succeeded). */
  amountReceivedCents: number;
  currency: string;
  /** What the intent was created with (investmentId, reference, userId, propertyId). */
  metadata: Record<string, string>;
  /** The card's message after a failed attempt. */
  lastPaymentError: string | null;
  /** Why it was cancelled (requested_by_customer, abandoned...), once canceled. */
  cancellationReason: string | null;
}

const intentOf = (intent: Stripe.PaymentIntent): CardPaymentIntent => ({
  id: intent.id,
  clientSecret: intent.client_secret ?? '',
  status: intent.status,
  amountCents: intent.amount,
  amountReceivedCents: intent.amount_received ?? 0,
  currency: intent.currency,
  metadata: { ...(intent.metadata ?? {}) },
  lastPaymentError: intent.last_payment_error?.message ?? null,
  cancellationReason: intent.cancellation_reason ?? null,
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

  /**
   * Cancels the intent (nothing can be charged on it after); one Stripe no longer lets be cancelled
   * (it succeeded, or was cancelled already) is answered as Stripe now has it, for the caller to decide.
   */
  async cancel(id: string, reason: 'requested_by_customer' | 'abandoned'): Promise<CardPaymentIntent> {
    try {
      return intentOf(await this.stripe.paymentIntents.cancel(id, { cancellation_reason: reason }));
    } catch (error) {
      if ((error as { code?: string }).code === 'payment_intent_unexpected_state') return this.retrieve(id);
      throw error;
    }
  }

  /** The intent as the provider has it, or null when it has none by this id (a 404). */
  async find(id: string): Promise<CardPaymentIntent | null> {
    try {
      return await this.retrieve(id);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  }
}
