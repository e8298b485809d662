import { FakeServerProcess } from '../../../test-support/fake-server';

/** A Stripe event as the fake builds it (`created` in seconds). */
export interface FakeStripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey?: string;
}

/** What the fake holds of a Stripe object, with the metadata billing sets. */
export interface FakeStripeObject {
  id: string;
  metadata: Record<string, string>;
}

/** The fake Stripe API (a test double, tools/fake-stripe) in a child process on a free port. */
export class FakeStripeProcess extends FakeServerProcess {
  static async start(extraArgs: string[] = []): Promise<FakeStripeProcess> {
    const { child, url } = await FakeServerProcess.launch('fake-stripe', extraArgs);
    return new FakeStripeProcess(child, url);
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  /** Settings that point the billing service's Stripe SDK here. */
  env(): Record<string, string> {
    return { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(this.port), STRIPE_API_PROTOCOL: 'http' };
  }

  async requests(): Promise<FakeStripeRequest[]> {
    return ((await (await fetch(`${this.url}/__fake/requests`)).json()) as { data: FakeStripeRequest[] }).data;
  }

  /** Every customer the fake holds. */
  async customers(): Promise<FakeStripeObject[]> {
    return ((await (await fetch(`${this.url}/__fake/customers`)).json()) as { data: FakeStripeObject[] }).data;
  }

  /** Every subscription the fake holds. */
  async subscriptions(): Promise<FakeStripeObject[]> {
    return ((await (await fetch(`${this.url}/__fake/subscriptions`)).json()) as { data: FakeStripeObject[] }).data;
  }

  /** What confirming the card would do: the first invoice is paid; returns the invoice.paid event. */
  async pay(subscriptionId: string): Promise<{ event: FakeStripeEvent }> {
    const response = await fetch(`${this.url}/__fake/subscriptions/${subscriptionId}/pay`, { method: 'POST' });
    if (!response.ok) throw new Error(`fake Stripe pay failed: ${response.status}`);
    return (await response.json()) as { event: FakeStripeEvent };
  }

  /**
   * Opens a dispute (a chargeback, status needs_response unless given) on a paid invoice's charge,
   * for its whole amount unless given; returns the dispute and the charge.dispute.created event.
   */
  async dispute(
    invoiceId: string,
    options: { amount?: number; status?: string } = {},
  ): Promise<{ dispute: FakeStripeObject & { amount: number }; event: FakeStripeEvent }> {
    return this.post(`/__fake/invoices/${invoiceId}/dispute`, options);
  }

  /** Moves a dispute on as Stripe does, answering the charge.dispute.* event: funds withdrawn or reinstated, closed won or lost. */
  async disputeStep(
    disputeId: string,
    step: 'funds_withdrawn' | 'funds_reinstated' | 'close',
    status?: 'won' | 'lost',
  ): Promise<{ event: FakeStripeEvent }> {
    return this.post(`/__fake/disputes/${disputeId}/${step}`, status ? { status } : {});
  }

  /** Refunds a paid invoice's charge (all of it unless given); returns the charge and the charge.refunded event. */
  async refund(
    invoiceId: string,
    options: { amount?: number } = {},
  ): Promise<{ charge: FakeStripeObject & { amount_refunded: number }; event: FakeStripeEvent }> {
    return this.post(`/__fake/invoices/${invoiceId}/refund`, options);
  }

  /** The next period's invoice, its payment declined (the subscription past_due); returns the invoice.payment_failed event. */
  async failRenewal(subscriptionId: string): Promise<{ invoice: FakeStripeObject; event: FakeStripeEvent }> {
    return this.post(`/__fake/subscriptions/${subscriptionId}/renewal_fails`, {});
  }

  /**
   * Moves the subscription at Stripe (what billing reads back for a subscription event); returns its
   * customer.subscription.updated event, or customer.subscription.deleted once canceled.
   */
  async updateSubscription(
    subscriptionId: string,
    fields: { status?: string; cancel_at_period_end?: boolean; current_period_end?: number },
  ): Promise<{ subscription: FakeStripeObject & { status: string }; event: FakeStripeEvent }> {
    return this.post(
      `/__fake/subscriptions/${subscriptionId}/update`,
      Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
    );
  }

  private async post<T>(path: string, form: Record<string, string | number>): Promise<T> {
    const response = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(form).map(([key, value]) => [key, String(value)])).toString(),
    });
    if (!response.ok) throw new Error(`fake Stripe ${path} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** The PaymentIntent behind an invoice (charges name it; Stripe's invoice payments link the two). */
  async paymentIntentOf(invoiceId: string): Promise<string> {
    const response = await fetch(`${this.url}/__fake/invoices/${invoiceId}`);
    return ((await response.json()) as { payment_intent: string }).payment_intent;
  }
}
