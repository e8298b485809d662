import { FakeStripeProcess } from './fake-stripe-process';

/** A PaymentIntent as the fake holds it (the fields the payments tests read). */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  latest_charge: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  canceled_at: number | null;
  cancellation_reason: string | null;
  last_payment_error: {
    code: string;
    decline_code: string;
    message: string;
    type: 'card_error';
    charge: string;
  } | null;
}

/** An event the fake delivered, and the webhook's answer (null: not delivered). */
export interface FakeEventDelivery {
  events: [string];
  webhookStatuses: [number | null];
}

/** The intent after the card's outcome, and its event: payment_intent.succeeded or payment_intent.payment_failed. */
export interface FakePaymentOutcome extends FakeEventDelivery {
  paymentIntent: FakePaymentIntent;
}

/**
 * The fake Stripe API (a test double, tools/fake-stripe) in a child process on a free port, for the
 * services that take card payments with PaymentIntents: their events go to their own endpoint with their
 * own secret.
 */
export class FakeStripePaymentsProcess extends FakeStripeProcess {
  /** `webhookUrl`/`webhookSecret`: the payments endpoint (or later, with useWebhook). */
  static async start(
    options: { webhookUrl?: string; webhookSecret?: string; args?: string[] } = {},
  ): Promise<FakeStripePaymentsProcess> {
    const args = [...(options.args ?? [])];
    if (options.webhookUrl) args.push('--payments-webhook-url', options.webhookUrl);
    if (options.webhookSecret) args.push('--payments-webhook-secret', options.webhookSecret);
    const { child, url } = await FakeStripeProcess.launch('fake-stripe', args);
    return new FakeStripePaymentsProcess(child, url);
  }

  /** Settings that point a service's Stripe SDK here. */
  env(): Record<string, string> {
    return { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(this.port), STRIPE_API_PROTOCOL: 'http' };
  }

  /** Sends the PaymentIntents' events to this endpoint, signed with this secret, from now on. */
  async useWebhook(url: string, secret: string): Promise<void> {
    await this.post('/__fake/payments/webhook_endpoint', { url, secret });
  }

  /** The customer paid by card: the intent succeeded and payment_intent.succeeded was delivered. */
  succeed(paymentIntentId: string): Promise<FakePaymentOutcome> {
    return this.post(`/__fake/payment_intents/${paymentIntentId}/succeed`, {});
  }

  /**
   * The card was declined (`code`: card_declined unless given, or insufficient_funds, expired_card...):
   * the intent waits for another payment method and payment_intent.payment_failed was delivered.
   */
  fail(paymentIntentId: string, code?: string): Promise<FakePaymentOutcome> {
    return this.post(`/__fake/payment_intents/${paymentIntentId}/fail`, code ? { code } : {});
  }

  /** Delivers an event again (same id, signed afresh), as Stripe retries one the endpoint did not take. */
  resend(eventId: string): Promise<FakeEventDelivery> {
    return this.post(`/__fake/events/${eventId}/resend`, {});
  }

  /** Every PaymentIntent the fake holds. */
  async paymentIntents(): Promise<FakePaymentIntent[]> {
    return (await this.get<{ data: FakePaymentIntent[] }>('/__fake/payment_intents')).data;
  }
}
