import { Inject, Injectable, Logger } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ErrorCode } from '@app/contracts';
import {
  APP_CONFIG,
  AppError,
  OutboxService,
  STRIPE_CLIENT,
  TransactionRunner,
  verifiedStripeEvent,
  type Transaction,
} from '@app/platform';
import Stripe from 'stripe';
import type { BillingConfig } from '../config';
import { decimalOfMinor } from '../mail/receipt-mail';
import { ReceiptMailer } from '../mail/receipt-mailer';
import { BillingRepository } from '../subscriptions/billing.repository';
import { dateOfSeconds, stripeIdOf, SubscriptionSync } from '../subscriptions/subscription-sync';

/**
 * `stale`: recorded, but older than what is stored for its object, so it changed nothing.
 * `mismatch`: the object fetched back from Stripe by id does not say what the event claims (an
 * invoice.paid for an invoice still open, a deletion of a live subscription): nothing changed and
 * the event is not recorded, so Stripe's own delivery of it still counts.
 */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'stale' | 'mismatch';

/** Invoice statuses a payment failure reported late must not overwrite. */
const settled: ReadonlySet<string> = new Set(['paid', 'refunded']);

interface DisputeOutcome {
  dispute: Stripe.Dispute;
  /** True when the merchant keeps (or got back) the money, false when it is taken. */
  won: boolean;
}

/**
 * What a dispute webhook means for the merchant's money, or null when nothing: created (a
 * chargeback; an inquiry, status `warning_*`, withdraws nothing), funds_withdrawn and closed as
 * lost take it; funds_reinstated and closed as won return it.
 */
export function disputeOutcomeOf(event: { type: string; data: { object: unknown } }): DisputeOutcome | null {
  const dispute = event.data.object as Stripe.Dispute;
  switch (event.type) {
    case 'charge.dispute.created':
      return dispute.status.startsWith('warning_') ? null : { dispute, won: false };
    case 'charge.dispute.funds_withdrawn':
      return { dispute, won: false };
    case 'charge.dispute.funds_reinstated':
      // Money returns only on a dispute that was not lost.
      return dispute.status === 'lost' ? null : { dispute, won: true };
    case 'charge.dispute.closed':
      if (dispute.status === 'won') return { dispute, won: true };
      return dispute.status === 'lost' ? { dispute, won: false } : null;
    default:
      return null;
  }
}

/** The object an event is about, fetched back from Stripe by its id; null: Stripe has none, or says otherwise. */
type Fetched =
  | { type: 'invoice.paid' | 'invoice.payment_failed'; invoice: Stripe.Invoice }
  | { type: 'customer.subscription.updated' | 'customer.subscription.deleted'; subscription: Stripe.Subscription }
  | { type: 'charge.refunded'; charge: Stripe.Charge }
  | { type: 'dispute'; outcome: DisputeOutcome | null };

const isDisputeEvent = (type: string) => type.startsWith('charge.dispute.');

/**
 * Verifies Stripe webhooks and applies each event once, in one transaction with its record.
 * A signature proves only who holds the webhook secret, so an event decides nothing by itself:
 * the invoice, subscription, charge or dispute it names is fetched back from Stripe by id (with
 * our API key, before the transaction) and only that object is applied. An event the fetched
 * object disagrees with (an invoice.paid for an invoice Stripe says is open) changes nothing, is
 * logged, and is not recorded. Stripe delivers out of order and retries old events, so
 * subscription and invoice events are applied only when newer than what is stored: a subscription
 * keeps the `created` time of the newest event applied to it (plus the status rules of
 * SubscriptionSync for events of the same second), and a paid invoice is never marked failed again.
 */
@Injectable()
export class StripeWebhooksService {
  private readonly logger = new Logger(StripeWebhooksService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: BillingConfig,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe,
    private readonly repository: BillingRepository,
    private readonly transactions: TransactionRunner,
    private readonly outbox: OutboxService,
    private readonly sync: SubscriptionSync,
    private readonly receipts: ReceiptMailer,
  ) {}

  /** The event, if the raw body carries a valid, fresh signature of billing's endpoint. */
  verify(rawBody: Buffer | undefined, signature: string | string[] | undefined): Stripe.Event {
    return verifiedStripeEvent(this.stripe, rawBody, signature, this.config.STRIPE_WEBHOOK_SECRET);
  }

  async handle(event: Stripe.Event, requestId?: string): Promise<WebhookOutcome> {
    // Reads from Stripe happen before the transaction, never while holding locks.
    const fetched = await this.fetchBack(event);
    if (fetched === null) return 'mismatch';
    const refundedInvoiceId = fetched?.type === 'charge.refunded' ? await this.invoiceOfCharge(fetched.charge) : null;
    const dispute = fetched?.type === 'dispute' ? fetched.outcome : null;
    const disputedInvoice = dispute ? await this.invoiceOfDispute(dispute.dispute) : null;
    const at = dateOfSeconds(event.created);
    return this.transactions.run(async (manager) => {
      if (!(await this.repository.markProcessed(manager, event.id, event.type))) return 'duplicate';
      switch (fetched?.type) {
        case 'invoice.paid':
          return this.invoicePaid(manager, fetched.invoice, at, requestId);
        case 'invoice.payment_failed':
          // Stripe says it is paid: the failure was an earlier attempt's, reported late.
          if (fetched.invoice.status === 'paid') return 'stale';
          return this.invoiceFailed(manager, fetched.invoice, at, requestId);
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return (await this.sync.fromStripe(manager, fetched.subscription, at, requestId)) ? 'applied' : 'stale';
        case 'charge.refunded':
          await this.chargeRefunded(manager, fetched.charge, refundedInvoiceId, requestId);
          return 'applied';
        default:
          if (!dispute) return 'ignored';
          await this.disputeDecided(manager, dispute, disputedInvoice, requestId);
          return 'applied';
      }
    });
  }

  /**
   * The object the event names, as Stripe has it now; undefined for an event billing does not act
   * on; null (logged) when Stripe has no such object or it does not say what the event claims.
   */
  private async fetchBack(event: Stripe.Event): Promise<Fetched | null | undefined> {
    const id = (event.data?.object as { id?: unknown } | undefined)?.id;
    const acted =
      [
        'invoice.paid',
        'invoice.payment_failed',
        'customer.subscription.updated',
        'customer.subscription.deleted',
      ].includes(event.type) ||
      event.type === 'charge.refunded' ||
      isDisputeEvent(event.type);
    if (!acted) return undefined;
    const disagrees = (found: string) => {
      this.logger.warn(
        `Stripe event ${event.id} (${event.type}) disagrees with ${String(id)} as Stripe has it (${found}): nothing changed`,
      );
      return null;
    };
    if (typeof id !== 'string' || !id) return disagrees('no id');
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = await this.retrieve(() => this.stripe.invoices.retrieve(id));
        if (!invoice || invoice.id !== id) return disagrees('missing');
        const agrees =
          event.type === 'invoice.paid'
            ? invoice.status === 'paid'
            : invoice.status === 'open' || invoice.status === 'uncollectible' || invoice.status === 'paid';
        return agrees ? { type: event.type, invoice } : disagrees(`status ${invoice.status}`);
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = await this.retrieve(() => this.stripe.subscriptions.retrieve(id));
        if (!subscription || subscription.id !== id) return disagrees('missing');
        if (event.type === 'customer.subscription.deleted' && subscription.status !== 'canceled')
          return disagrees(`status ${subscription.status}`);
        return { type: event.type, subscription };
      }
      case 'charge.refunded': {
        const charge = await this.retrieve(() => this.stripe.charges.retrieve(id));
        if (!charge || charge.id !== id) return disagrees('missing');
        return charge.amount_refunded > 0 ? { type: event.type, charge } : disagrees('nothing refunded');
      }
      default: {
        const dispute = await this.retrieve(() => this.stripe.disputes.retrieve(id));
        if (!dispute || dispute.id !== id) return disagrees('missing');
        const outcome = disputeOutcomeOf({ type: event.type, data: { object: dispute } });
        if (event.type === 'charge.dispute.closed' && !outcome) return disagrees(`status ${dispute.status}`);
        if (event.type === 'charge.dispute.funds_reinstated' && !outcome) return disagrees(`status ${dispute.status}`);
        return { type: 'dispute', outcome };
      }
    }
  }

  /** A Stripe read: null when Stripe has no such object (404); any other failure is a 503 Stripe retries. */
  private async retrieve<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      this.logger.error(`Stripe read failed: ${(error as Error).message}`);
      throw new AppError(ErrorCode.ServiceUnavailable, 'Stripe could not be reached; the event is retried.');
    }
  }

  private async userOf(manager: Transaction, customer: Stripe.Invoice['customer']): Promise<string | null> {
    const id = stripeIdOf(customer);
    return id ? ((await this.repository.customerByStripeId(manager, id))?.userId ?? null) : null;
  }

  private async invoicePaid(
    manager: Transaction,
    invoice: Stripe.Invoice,
    at: Date | null,
    requestId?: string,
  ): Promise<WebhookOutcome> {
    const subscriptionId = stripeIdOf(invoice.parent?.subscription_details?.subscription);
    const subscription = subscriptionId ? await this.repository.subscriptionByStripeId(manager, subscriptionId) : null;
    const userId = subscription?.userId ?? (await this.userOf(manager, invoice.customer));
    if (!userId || !invoice.id) {
      this.logger.warn(`invoice ${invoice.id} paid for an unknown customer; recorded without effect`);
      return 'applied';
    }
    // The line's period is the service period; the invoice's own period is the billing run.
    const line = invoice.lines?.data?.[0]?.period;
    const periodStart = dateOfSeconds(line?.start ?? invoice.period_start);
    const periodEnd = dateOfSeconds(line?.end ?? invoice.period_end);
    const before = await this.repository.invoice(manager, invoice.id);
    // Paid is final for an invoice; a refund recorded since is kept.
    const newlyPaid = !before || !settled.has(before.status);
    if (newlyPaid) {
      await this.repository.saveInvoice(manager, {
        stripeInvoiceId: invoice.id,
        userId,
        stripeSubscriptionId: subscriptionId,
        amount: String(invoice.amount_paid),
        currency: invoice.currency,
        status: 'paid',
        periodStart,
        periodEnd,
      });
      await this.outbox.publish(
        manager,
        'InvoicePaid',
        userId,
        {
          userId,
          invoiceId: invoice.id,
          amount: BigInt(invoice.amount_paid),
          currency: invoice.currency,
          planId: subscription?.planId ?? '',
          billingCycle: subscription?.billingCycle ?? '',
          ...(periodStart ? { periodStart: timestampFromDate(periodStart) } : {}),
          ...(periodEnd ? { periodEnd: timestampFromDate(periodEnd) } : {}),
        },
        requestId,
      );
      const customer = await this.repository.customerOf(manager, userId);
      this.receipts.afterPaid(manager, {
        to: customer?.email || invoice.customer_email || '',
        amount: decimalOfMinor(invoice.amount_paid),
        currency: invoice.currency,
        planId: subscription?.planId ?? '',
        billingCycle: subscription?.billingCycle ?? '',
        periodStart,
        periodEnd,
        reference: invoice.number || invoice.id,
        method: 'card',
      });
    }
    const synced =
      subscription &&
      (await this.sync.apply(
        manager,
        subscription,
        { status: 'active', ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}) },
        at,
        requestId,
      ));
    return newlyPaid || synced ? 'applied' : 'stale';
  }

  /** A failure reported after the invoice was paid is stale: the invoice and its subscription stay as they are. */
  private async invoiceFailed(
    manager: Transaction,
    invoice: Stripe.Invoice,
    at: Date | null,
    requestId?: string,
  ): Promise<WebhookOutcome> {
    const subscriptionId = stripeIdOf(invoice.parent?.subscription_details?.subscription);
    const subscription = subscriptionId ? await this.repository.subscriptionByStripeId(manager, subscriptionId) : null;
    const userId = subscription?.userId ?? (await this.userOf(manager, invoice.customer));
    if (!userId || !invoice.id) return 'applied';
    const before = await this.repository.invoice(manager, invoice.id);
    if (before && settled.has(before.status)) return 'stale';
    await this.repository.saveInvoice(manager, {
      stripeInvoiceId: invoice.id,
      userId,
      stripeSubscriptionId: subscriptionId,
      amount: String(invoice.amount_due),
      currency: invoice.currency,
      status: 'payment_failed',
      periodStart: dateOfSeconds(invoice.lines?.data?.[0]?.period?.start ?? invoice.period_start),
      periodEnd: dateOfSeconds(invoice.lines?.data?.[0]?.period?.end ?? invoice.period_end),
    });
    // A first payment that fails leaves the subscription incomplete (as in Stripe); later ones make it past due.
    if (subscription && subscription.status !== 'incomplete') {
      await this.sync.apply(manager, subscription, { status: 'past_due' }, at, requestId);
    }
    return 'applied';
  }

  private async chargeRefunded(
    manager: Transaction,
    charge: Stripe.Charge,
    invoiceId: string | null,
    requestId?: string,
  ): Promise<void> {
    const invoice = invoiceId ? await this.repository.invoice(manager, invoiceId) : null;
    const userId = invoice?.userId ?? (await this.userOf(manager, charge.customer));
    if (!userId || !invoiceId) {
      this.logger.warn(`charge ${charge.id} refunded without a known invoice; recorded without effect`);
      return;
    }
    if (invoice) {
      invoice.amountRefunded = String(charge.amount_refunded);
      if (charge.refunded) invoice.status = 'refunded';
      await this.repository.saveInvoice(manager, invoice);
    }
    await this.outbox.publish(
      manager,
      'InvoiceRefunded',
      userId,
      { userId, invoiceId, amountRefunded: BigInt(charge.amount_refunded), currency: charge.currency },
      requestId,
    );
  }

  /**
   * A chargeback takes the disputed amount back from the merchant, a won dispute returns it:
   * `InvoiceDisputed` / `InvoiceDisputeWon` for the invoice the disputed charge paid. Stripe sends
   * several events per dispute (created and funds_withdrawn; funds_reinstated and closed as won)
   * in any order, so each is published and consumers apply a dispute once by its id, won being final.
   */
  private async disputeDecided(
    manager: Transaction,
    { dispute, won }: DisputeOutcome,
    stripeInvoice: { id: string; customer: string | null } | null,
    requestId?: string,
  ): Promise<void> {
    const invoice = stripeInvoice ? await this.repository.invoice(manager, stripeInvoice.id) : null;
    const userId =
      invoice?.userId ?? (stripeInvoice?.customer ? await this.userOf(manager, stripeInvoice.customer) : null);
    if (!userId || !stripeInvoice) {
      this.logger.warn(
        `dispute ${dispute.id} of charge ${stripeIdOf(dispute.charge)} without a known invoice; recorded without effect`,
      );
      return;
    }
    await this.outbox.publish(
      manager,
      won ? 'InvoiceDisputeWon' : 'InvoiceDisputed',
      userId,
      {
        userId,
        invoiceId: stripeInvoice.id,
        disputeId: dispute.id,
        amount: BigInt(dispute.amount),
        currency: dispute.currency,
      },
      requestId,
    );
  }

  /** The invoice a disputed charge paid, with its customer (the invoice may not have reached billing yet). */
  private async invoiceOfDispute(dispute: Stripe.Dispute): Promise<{ id: string; customer: string | null } | null> {
    const invoiceId = await this.invoiceOfPaymentIntent(stripeIdOf(dispute.payment_intent));
    if (!invoiceId) return null;
    const invoice = await this.stripe.invoices.retrieve(invoiceId);
    return { id: invoiceId, customer: stripeIdOf(invoice.customer) };
  }

  /** Charges no longer name their invoice: Stripe's invoice payments link the PaymentIntent to it. */
  private invoiceOfCharge(charge: Stripe.Charge): Promise<string | null> {
    return this.invoiceOfPaymentIntent(stripeIdOf(charge.payment_intent));
  }

  private async invoiceOfPaymentIntent(paymentIntent: string | null): Promise<string | null> {
    if (!paymentIntent) return null;
    const payments = await this.stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      limit: 1,
    });
    return stripeIdOf(payments.data[0]?.invoice as string | { id: string } | undefined);
  }
}
