import Stripe from 'stripe';
import { FakeStripePaymentsProcess } from '../../test-support/fake-stripe-payments';

// The billing objects the services read back by id (invoices, subscriptions, charges, disputes), and the
// controls that move them as Stripe would, driven with the official SDK as billing reads them.

describe('fake Stripe: billing objects read back by id', () => {
  let fake: FakeStripePaymentsProcess;
  let stripe: Stripe;

  beforeAll(async () => {
    fake = await FakeStripePaymentsProcess.start();
    stripe = new Stripe('sk_test_local', {
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });

  afterAll(async () => {
    await fake?.stop();
  });

  const control = async <T>(path: string, form: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(`${fake.url}${path}`, { method: 'POST', body: new URLSearchParams(form) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  type Event = { type: string; data: { object: { id: string } } };

  /** A customer's monthly subscription of $699.00, its first invoice paid. */
  async function paidSubscription() {
    const customer = await stripe.customers.create({ email: 'payer@example.com', metadata: { userId: 'user-1' } });
    const product = await stripe.products.create({ name: 'Pro' });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 69900,
      recurring: { interval: 'month' },
    });
    const created = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      metadata: { userId: 'user-1', planId: 'pro', billingCycle: 'monthly' },
    });
    const open = await stripe.invoices.retrieve(created.latest_invoice as string);
    expect(open.status).toBe('open');
    const { event } = await control<{ event: Event }>(`/__fake/subscriptions/${created.id}/pay`);
    return { subscription: created, invoiceId: event.data.object.id };
  }

  it('refunds a paid invoice: the charge Stripe reads back carries the amount refunded', async () => {
    const { invoiceId } = await paidSubscription();
    expect((await stripe.invoices.retrieve(invoiceId)).status).toBe('paid');
    const half = await control<{ charge: { id: string }; event: Event }>(`/__fake/invoices/${invoiceId}/refund`, {
      amount: '34950',
    });
    expect(half.event.type).toBe('charge.refunded');
    expect(await stripe.charges.retrieve(half.charge.id)).toMatchObject({
      amount: 69900,
      amount_refunded: 34950,
      refunded: false,
      currency: 'usd',
    });
    await control(`/__fake/invoices/${invoiceId}/refund`);
    expect(await stripe.charges.retrieve(half.charge.id)).toMatchObject({ amount_refunded: 69900, refunded: true });
    await expect(control(`/__fake/invoices/${invoiceId}/refund`, { amount: '1' })).rejects.toThrow(/400/);
    await expect(stripe.charges.retrieve('ch_missing')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('fails a renewal: a new open invoice for the next period, the subscription past due', async () => {
    const { subscription } = await paidSubscription();
    const { event } = await control<{ event: Event }>(`/__fake/subscriptions/${subscription.id}/renewal_fails`);
    expect(event.type).toBe('invoice.payment_failed');
    const renewal = await stripe.invoices.retrieve(event.data.object.id);
    expect(renewal).toMatchObject({ status: 'open', amount_paid: 0, amount_due: 69900 });
    expect(renewal.lines.data[0]!.period.start).toBe(subscription.items.data[0]!.current_period_end);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
  });

  it('moves a subscription: updated while it lives, deleted once canceled', async () => {
    const { subscription } = await paidSubscription();
    const updated = await control<{ event: Event }>(`/__fake/subscriptions/${subscription.id}/update`, {
      cancel_at_period_end: 'true',
      current_period_end: '1900000000',
    });
    expect(updated.event.type).toBe('customer.subscription.updated');
    const read = await stripe.subscriptions.retrieve(subscription.id);
    expect(read).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(read.items.data[0]!.current_period_end).toBe(1_900_000_000);
    const deleted = await control<{ event: Event }>(`/__fake/subscriptions/${subscription.id}/update`, {
      status: 'canceled',
    });
    expect(deleted.event.type).toBe('customer.subscription.deleted');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    await expect(control(`/__fake/subscriptions/${subscription.id}/update`, { status: 'paused' })).rejects.toThrow(
      /400/,
    );
  });

  it('reads a dispute back with its status as it moves', async () => {
    const { invoiceId } = await paidSubscription();
    const { dispute } = await control<{ dispute: { id: string; charge: string } }>(
      `/__fake/invoices/${invoiceId}/dispute`,
    );
    expect(await stripe.disputes.retrieve(dispute.id)).toMatchObject({ status: 'needs_response', amount: 69900 });
    await control(`/__fake/disputes/${dispute.id}/close`, { status: 'won' });
    expect((await stripe.disputes.retrieve(dispute.id)).status).toBe('won');
    expect((await stripe.charges.retrieve(dispute.charge)).id).toBe(dispute.charge);
  });
});
