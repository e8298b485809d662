import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  ErrorCode,
  investmentMessages,
  investmentPaymentMethods,
  investmentRequestSchema,
  minimumInvestment,
  type InvestmentList,
  type InvestmentView,
} from '@app/contracts';
import { APP_CONFIG, AppError, isUuid, KycClearances, parseInput, TransactionRunner } from '@app/platform';
import type Stripe from 'stripe';
import type { TokenizationConfig } from '../config';
import { retryOnUniqueViolation } from '../common/timestamp-id';
import { TokenContractsRepository } from '../deployment/token-contracts.repository';
import { InvestmentMailer } from '../mail/investment-mailer';
import { PropertiesRepository } from '../properties/properties.repository';
import { CardPayments, type CardPaymentIntent } from './card-payments';
import { investmentView, payByOf } from './investment-views';
import type { Investment } from './investment.entity';
import { InvestmentsRepository } from './investments.repository';
import { MintQueue } from './mint.queue';
import { WholesaleService } from './wholesale.service';

const LIST_LIMIT = 50;
/** How often the API looks for investments whose payment window closed, and how many it lapses at a time. */
export const LAPSE_SWEEP_MS = 60_000;
const LAPSE_BATCH = 100;
/** Why an unpaid investment ends: the investor cancelled it, or its payment window closed. */
type Release = 'requested_by_customer' | 'abandoned';
const releaseMessages: Record<Release, string> = {
  requested_by_customer: investmentMessages.cancelled,
  abandoned: investmentMessages.lapsed,
};
/** ISO 3166-1 numeric codes the identity registry records (the investor's country when investing). */
export const countryNumeric: Record<string, number> = { NZ: 554, AU: 36 };
const cents = (amount: number) => Math.round(amount * 100);
const decimal = (amountCents: bigint | number) => (Number(amountCents) / 100).toFixed(2);
const notFound = () => new AppError(ErrorCode.NotFound, investmentMessages.notFound);
/** The PaymentIntent status each event claims; the intent fetched back must say the same. */
const intentStatusOfEvent: Partial<Record<string, Stripe.PaymentIntent.Status>> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'requires_payment_method',
  'payment_intent.canceled': 'canceled',
};

/**
 * Investments (spec 5 and 6): for KYC-verified wholesale investors only, at least ten times the token
 * price, in whole tokens within the supply left; paid by card (a Stripe PaymentIntent in NZD, the
 * method's fee on top). The payment's success (webhook, or the intent read back when the investor
 * looks; both read back from Stripe) marks it paid and queues the mint to the investor's wallet (the worker's MintRunner).
 * Unpaid, it holds its tokens for INVESTMENT_PAYMENT_WINDOW_MINUTES: the investor may pay (again) or
 * cancel it until then; then it lapses (the API's sweep, every minute, or when the investor looks).
 * Either way its PaymentIntent is cancelled at Stripe first, so nothing can be charged for freed tokens.
 */
@Injectable()
export class InvestmentsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(InvestmentsService.name);
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: TokenizationConfig,
    private readonly transactions: TransactionRunner,
    private readonly investments: InvestmentsRepository,
    private readonly properties: PropertiesRepository,
    private readonly contracts: TokenContractsRepository,
    private readonly kyc: KycClearances,
    private readonly wholesale: WholesaleService,
    private readonly cards: CardPayments,
    private readonly mints: MintQueue,
    private readonly mail: InvestmentMailer,
  ) {}

  async invest(
    userId: string,
    propertyId: string,
    body: unknown,
    countryCode: string | null,
    now = new Date(),
  ): Promise<InvestmentView> {
    const request = parseInput(investmentRequestSchema, body);
    const method = investmentPaymentMethods[request.paymentMethod];
    if (request.paymentMethod !== 'nzd') {
      const message = investmentMessages.noAdapter(method.label);
      throw new AppError(ErrorCode.ValidationFailed, message, [{ path: 'paymentMethod', message }]);
    }
    const id = randomUUID();
    const investment = await retryOnUniqueViolation(() =>
      this.transactions.run(async (manager) => {
        await this.kyc.require(userId, 'investment', manager);
        await this.wholesale.require(userId, manager, now);
        const property = isUuid(propertyId) ? await this.properties.lock(manager, propertyId) : null;
        if (!property) throw new AppError(ErrorCode.NotFound, 'Property not found');
        const contract = await this.contracts.ofProperty(manager, propertyId);
        if (!contract || contract.status !== 'deployed')
          throw new AppError(ErrorCode.Conflict, investmentMessages.notDeployed);

        const priceCents = cents(Number(property.tokenPrice));
        const minimum = minimumInvestment(Number(property.tokenPrice));
        if (cents(request.amount) < cents(minimum)) {
          const message = investmentMessages.belowMinimum(minimum);
          throw new AppError(ErrorCode.ValidationFailed, message, [{ path: 'amount', message }]);
        }
        const tokens = BigInt(Math.floor(cents(request.amount) / priceCents));
        const remaining =
          BigInt(contract.config.totalSupply) - (await this.investments.tokensTaken(manager, propertyId));
        if (tokens > remaining)
          throw new AppError(ErrorCode.Conflict, investmentMessages.soldOut(remaining < 0n ? 0n : remaining));
        const costCents = tokens * BigInt(priceCents);
        const feeCents = BigInt(Math.round(Number(costCents) * method.fee));
        return this.investments.insert(manager, {
          id,
          reference: await this.investments.freeReference(manager, now),
          userId,
          propertyId,
          amount: decimal(costCents),
          fee: decimal(feeCents),
          currency: 'NZD',
          paymentMethod: request.paymentMethod,
          tokens: tokens.toString(),
          tokenPrice: property.tokenPrice,
          walletAddress: request.walletAddress,
          investorCountry: countryNumeric[countryCode ?? ''] ?? countryNumeric.NZ!,
          status: 'awaiting_payment',
          paymentRef: null,
          payment: null,
          transactionHash: null,
          error: null,
          completedAt: null,
          lockedUntil: null,
          unlockedAt: null,
        });
      }),
    );

    let intent: CardPaymentIntent;
    try {
      intent = await this.cards.create({
        amountCents: cents(Number(investment.amount) + Number(investment.fee)),
        description: `${investment.tokens} tokens of property ${propertyId} (${investment.reference})`,
        metadata: { investmentId: investment.id, reference: investment.reference, userId, propertyId },
        idempotencyKey: `investment-${investment.id}`,
      });
    } catch (error) {
      this.logger.error(`investment ${investment.reference}: PaymentIntent not created: ${(error as Error).message}`);
      await this.investments.update(this.transactions.autocommit, investment.id, {
        status: 'failed',
        error: investmentMessages.paymentUnavailable,
      });
      throw new AppError(ErrorCode.ServiceUnavailable, investmentMessages.paymentUnavailable);
    }
    const payment = {
      kind: 'card' as const,
      clientSecret: intent.clientSecret,
      publishableKey: this.config.STRIPE_PUBLISHABLE_KEY,
    };
    await this.investments.update(this.transactions.autocommit, investment.id, { paymentRef: intent.id, payment });
    return this.view({ ...investment, paymentRef: intent.id, payment });
  }

  private view(investment: Investment): InvestmentView {
    return investmentView(investment, this.config.INVESTMENT_PAYMENT_WINDOW_MINUTES);
  }

  /**
   * The investment; while awaiting payment its PaymentIntent is read back, so a missed webhook heals
   * here, and one whose payment window closed lapses here rather than at the next sweep.
   */
  async get(userId: string, reference: string, now = new Date()): Promise<InvestmentView> {
    let investment = await this.investments.ofUser(this.transactions.autocommit, userId, reference.slice(0, 30));
    if (!investment) throw notFound();
    if (investment.status === 'awaiting_payment' && investment.paymentRef) {
      const intent = await this.cards.retrieve(investment.paymentRef).catch(() => null);
      if (intent?.status === 'succeeded') {
        await this.paid(intent);
        investment = (await this.investments.byId(this.transactions.autocommit, investment.id))!;
      }
    }
    if (this.lapsesAt(investment, now))
      investment = await this.release(investment, 'abandoned').catch(() => investment!);
    return this.view(investment);
  }

  async list(userId: string): Promise<InvestmentList> {
    return {
      investments: (await this.investments.newest(this.transactions.autocommit, userId, LIST_LIMIT)).map((investment) =>
        this.view(investment),
      ),
    };
  }

  /** The investor cancels an investment awaiting payment: 409 for any other (paid, minted, failed). */
  async cancel(userId: string, reference: string): Promise<InvestmentView> {
    const investment = await this.investments.ofUser(this.transactions.autocommit, userId, reference.slice(0, 30));
    if (!investment) throw notFound();
    if (investment.status !== 'awaiting_payment')
      throw new AppError(ErrorCode.Conflict, investmentMessages.notAwaitingPayment);
    const released = await this.release(investment, 'requested_by_customer');
    if (released.status !== 'failed') throw new AppError(ErrorCode.Conflict, investmentMessages.notAwaitingPayment);
    return this.view(released);
  }

  /** Lapses every investment whose payment window closed (a batch at a time); answers how many. */
  async lapseDue(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.config.INVESTMENT_PAYMENT_WINDOW_MINUTES * 60_000);
    const due = await this.investments.awaitingPaymentSince(this.transactions.autocommit, before, LAPSE_BATCH);
    let lapsed = 0;
    for (const investment of due) {
      try {
        if ((await this.release(investment, 'abandoned')).status === 'failed') lapsed += 1;
      } catch (error) {
        this.logger.error(`investment ${investment.reference}: not lapsed: ${(error as Error).message}`);
      }
    }
    return lapsed;
  }

  onApplicationBootstrap(): void {
    this.sweep = setInterval(() => {
      this.lapseDue().catch((error: unknown) => this.logger.error(`lapse sweep: ${(error as Error).message}`));
    }, LAPSE_SWEEP_MS);
    this.sweep.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweep);
  }

  private lapsesAt(investment: Investment, now: Date): boolean {
    const window = this.config.INVESTMENT_PAYMENT_WINDOW_MINUTES;
    return investment.status === 'awaiting_payment' && payByOf(investment, window).getTime() <= now.getTime();
  }

  /**
   * Ends an unpaid investment: its PaymentIntent is cancelled at Stripe first (nothing can be charged
   * after), then the investment fails with the reason and its tokens are free. An intent Stripe
   * reports paid meanwhile is taken as the payment instead. Answers the investment as it now is.
   */
  private async release(investment: Investment, reason: Release): Promise<Investment> {
    if (investment.paymentRef) {
      const intent = await this.cards.cancel(investment.paymentRef, reason);
      if (intent.status === 'succeeded') {
        await this.paid(intent);
        return (await this.investments.byId(this.transactions.autocommit, investment.id))!;
      }
    }
    await this.endUnpaid(investment.id, releaseMessages[reason]);
    return (await this.investments.byId(this.transactions.autocommit, investment.id))!;
  }

  /** Fails an investment still awaiting payment (under its lock), with why; any other is left as it is. */
  private async endUnpaid(id: string, error: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      const investment = await this.investments.lock(manager, id);
      if (investment?.status !== 'awaiting_payment') return;
      await this.investments.update(manager, id, { status: 'failed', error });
      await this.mail.afterEnded(manager, investment, error);
    });
  }

  /**
   * A verified Stripe event of the investments' endpoint: PaymentIntents' outcomes; any other type is
   * ignored. A signature proves only who holds the webhook secret, so nothing is taken from the event
   * but the intent's id: the intent is fetched back from Stripe (with our API key) and its own status,
   * amount, currency and metadata decide. An event the fetched intent disagrees with (a "succeeded" for
   * an intent still waiting for a card) changes nothing and is logged.
   */
  async handleStripeEvent(event: Stripe.Event): Promise<void> {
    const expected = intentStatusOfEvent[event.type];
    if (!expected) return;
    const id = (event.data.object as Partial<Stripe.PaymentIntent> | undefined)?.id;
    if (typeof id !== 'string' || !id) return;
    // An intent no investment of ours was paid with: acknowledged without a call to Stripe.
    if (!(await this.investments.byPaymentRef(this.transactions.autocommit, id))) return;
    const intent = await this.cards.find(id);
    if (!intent || intent.id !== id || intent.status !== expected) {
      this.logger.warn(
        `Stripe event ${event.id} (${event.type}) disagrees with PaymentIntent ${id}, which Stripe reports ` +
          `${intent ? intent.status : 'missing'}: nothing changed`,
      );
      return;
    }
    if (intent.status === 'succeeded') await this.paid(intent);
    else if (intent.status === 'requires_payment_method')
      await this.paymentFailed(intent.id, intent.lastPaymentError ?? 'The card payment failed.');
    else await this.paymentCanceled(intent.id, intent.cancellationReason);
  }

  /**
   * A PaymentIntent (as fetched from Stripe) succeeded: its investment (found by the intent's id; the
   * amount received, currency and metadata checked against it) is paid and its mint queued. Anything
   * else (an unknown intent, one not succeeded, a second report) changes nothing.
   */
  async paid(
    intent: Pick<CardPaymentIntent, 'id' | 'status' | 'amountCents' | 'amountReceivedCents' | 'currency' | 'metadata'>,
  ): Promise<'paid' | 'ignored'> {
    if (intent.status !== 'succeeded') return 'ignored';
    const outcome = await this.transactions.run(async (manager) => {
      const found = await this.investments.byPaymentRef(manager, intent.id);
      const investment = found && (await this.investments.lock(manager, found.id));
      if (!investment || investment.status !== 'awaiting_payment') return null;
      const expected = cents(Number(investment.amount) + Number(investment.fee));
      const received = intent.amountReceivedCents || intent.amountCents;
      if (intent.metadata.investmentId !== investment.id || intent.metadata.reference !== investment.reference) {
        // Not this investment's payment: nothing is decided from it.
        this.logger.error(`investment ${investment.reference}: PaymentIntent ${intent.id} names another investment`);
        return null;
      }
      if (received !== expected || intent.currency.toLowerCase() !== 'nzd') {
        this.logger.error(
          `investment ${investment.reference}: paid ${received} ${intent.currency}, expected ${expected} nzd`,
        );
        await this.investments.update(manager, investment.id, {
          status: 'failed',
          error: 'The payment did not match the investment.',
        });
        await this.mail.afterFailed(manager, investment, 'The payment did not match the investment.');
        return null;
      }
      await this.investments.update(manager, investment.id, { status: 'paid', error: null });
      await this.mail.afterPaid(manager, investment);
      return investment;
    });
    if (!outcome) return 'ignored';
    await this.mints.enqueue(outcome.id).catch((error: unknown) =>
      // Stays paid: the worker queues unminted investments again when it starts.
      this.logger.error(`investment ${outcome.reference}: mint not queued: ${(error as Error).message}`),
    );
    return 'paid';
  }

  /** A card attempt failed: the investment waits for another attempt, with the card's message. */
  async paymentFailed(intentId: string, message: string): Promise<void> {
    const investment = await this.investments.byPaymentRef(this.transactions.autocommit, intentId);
    if (investment?.status === 'awaiting_payment')
      await this.investments.update(this.transactions.autocommit, investment.id, { error: message });
  }

  /**
   * The PaymentIntent was cancelled: the investment failed and its tokens are free again, with the
   * reason Stripe gives (the investor's cancel, a lapse, or anyone else's, e.g. from the dashboard).
   */
  async paymentCanceled(intentId: string, reason: string | null = null): Promise<void> {
    const investment = await this.investments.byPaymentRef(this.transactions.autocommit, intentId);
    if (!investment) return;
    const message =
      reason === 'requested_by_customer' || reason === 'abandoned'
        ? releaseMessages[reason]
        : investmentMessages.paymentCancelled;
    await this.endUnpaid(investment.id, message);
  }
}
