import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
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
import { PropertiesRepository } from '../properties/properties.repository';
import { CardPayments, type CardPaymentIntent } from './card-payments';
import { investmentView } from './investment-views';
import { InvestmentsRepository } from './investments.repository';
import { MintQueue } from './mint.queue';
import { WholesaleService } from './wholesale.service';

const LIST_LIMIT = 50;
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
 */
@Injectable()
export class InvestmentsService {
  private readonly logger = new Logger(InvestmentsService.name);

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
    return investmentView({ ...investment, paymentRef: intent.id, payment });
  }

  /** The investment; while awaiting payment its PaymentIntent is read back, so a missed webhook heals here. */
  async get(userId: string, reference: string): Promise<InvestmentView> {
    let investment = await this.investments.ofUser(this.transactions.autocommit, userId, reference.slice(0, 30));
    if (!investment) throw notFound();
    if (investment.status === 'awaiting_payment' && investment.paymentRef) {
      const intent = await this.cards.retrieve(investment.paymentRef).catch(() => null);
      if (intent?.status === 'succeeded') {
        await this.paid(intent);
        investment = (await this.investments.byId(this.transactions.autocommit, investment.id))!;
      }
    }
    return investmentView(investment);
  }

  async list(userId: string): Promise<InvestmentList> {
    return {
      investments: (await this.investments.newest(this.transactions.autocommit, userId, LIST_LIMIT)).map(
        investmentView,
      ),
    };
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
    else await this.paymentCanceled(intent.id);
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
        return null;
      }
      await this.investments.update(manager, investment.id, { status: 'paid', error: null });
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

  /** The PaymentIntent was cancelled: the investment failed and its tokens are free again. */
  async paymentCanceled(intentId: string): Promise<void> {
    const investment = await this.investments.byPaymentRef(this.transactions.autocommit, intentId);
    if (investment?.status === 'awaiting_payment') {
      await this.investments.update(this.transactions.autocommit, investment.id, {
        status: 'failed',
        error: 'The payment was cancelled.',
      });
    }
  }
}
