import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  cryptoMessages,
  ErrorCode,
  plans,
  subscriptionChargeAmount,
  type Charge,
  type ChargePurpose,
  type createChargeRequestSchema,
  type createSubscriptionChargeRequestSchema,
} from '@app/contracts';
import { APP_CONFIG, AppError, isUuid, OutboxService, TransactionRunner, type Transaction } from '@app/platform';
import type { z } from 'zod';
import type { CryptoConfig } from '../config';
import type { ChargeRecord } from './charge.entity';
import {
  CHARGE_PROVIDER,
  ProviderChargeNotFoundError,
  type ChargeProvider,
  type ProviderCharge,
  type ProviderChargeEvent,
} from './charge-provider';
import { ChargePollSchedules } from './charge-poll.schedules';
import { chargeChange, isPaid, isSettled, type ChargeEventType } from './charge-status';
import { chargeView } from './charge-views';
import { ChargesRepository } from './charges.repository';

export type CreateCharge = z.output<typeof createChargeRequestSchema>;
export type SubscriptionChargeRequest = z.output<typeof createSubscriptionChargeRequestSchema>;

/** A subscription charge's purpose, plan and cycle for its events; empty fields for any other charge. */
const purposeOf = (row: ChargeRecord): { purpose: string; planId: string; billingCycle: string } => {
  const { metadata } = row;
  if (metadata.purpose !== 'subscription') return { purpose: '', planId: '', billingCycle: '' };
  return { purpose: 'subscription', planId: String(metadata.planId), billingCycle: String(metadata.billingCycle) };
};
const notFound = () => new AppError(ErrorCode.NotFound, 'Charge not found');

/** What a poll did: the charge's status afterwards, and whether this call moved it. */
export interface PollOutcome {
  status: string | null;
  changed: boolean;
  stopped: boolean;
}

/**
 * Crypto charges: created at the provider, then driven forward (charge-status.ts) by whichever of
 * the provider's webhook or the 10-second poll sees a change first. The status change and its event
 * commit together on the locked row, so a change is applied, and its event published, once:
 * ChargeFailed when it expires or is cancelled, ChargeCompleted when it is paid, also when the
 * payment came after the expiry (then after the ChargeFailed, under the same key).
 */
@Injectable()
export class ChargesService {
  private readonly logger = new Logger(ChargesService.name);

  constructor(
    @Inject(CHARGE_PROVIDER) private readonly provider: ChargeProvider,
    @Inject(APP_CONFIG) private readonly config: CryptoConfig,
    private readonly transactions: TransactionRunner,
    private readonly repository: ChargesRepository,
    private readonly outbox: OutboxService,
    private readonly schedules: ChargePollSchedules,
  ) {}

  async create(userId: string, body: CreateCharge, requestId?: string): Promise<Charge> {
    // The session decides who pays, and only subscriptionCharge says what a charge is for: any
    // userId, purpose or payerEmail the caller put in the metadata is dropped.
    const {
      userId: _ignored,
      purpose: _purpose,
      payerEmail: _payerEmail,
      preferredCurrency,
      ...callerFields
    } = body.metadata;
    const metadata = { ...callerFields, ...(preferredCurrency ? { preferredCurrency } : {}) };
    return this.open(userId, { ...body, metadata }, requestId);
  }

  /**
   * The checkout's crypto tab: a charge for one billing period of a plan, at the plan's price,
   * marked purpose 'subscription' so billing activates the plan when it completes.
   */
  async subscriptionCharge(
    user: { id: string; email: string },
    body: SubscriptionChargeRequest,
    requestId?: string,
  ): Promise<Charge> {
    const plan = plans.find((candidate) => candidate.id === body.planId)!;
    const metadata = {
      purpose: 'subscription' satisfies ChargePurpose,
      planId: body.planId,
      billingCycle: body.billingCycle,
      payerEmail: user.email,
      ...(body.preferredCurrency ? { preferredCurrency: body.preferredCurrency } : {}),
    };
    return this.open(
      user.id,
      {
        amount: subscriptionChargeAmount(body.planId, body.billingCycle),
        currency: 'USD',
        description: `${plan.name} plan, ${body.billingCycle === 'annual' ? 'one year' : 'one month'}`,
        metadata,
      },
      requestId,
    );
  }

  private async open(userId: string, body: CreateCharge, requestId?: string): Promise<Charge> {
    const id = randomUUID();
    const metadata = body.metadata as Record<string, unknown>;
    const preferredCurrency = metadata.preferredCurrency;
    let seen: ProviderCharge;
    try {
      seen = await this.provider.create({
        chargeId: id,
        userId,
        amount: body.amount,
        currency: body.currency,
        description: body.description,
        metadata,
      });
    } catch (error) {
      this.logger.warn(`charge creation failed at ${this.provider.name}: ${(error as Error).message}`);
      throw new AppError(ErrorCode.ServiceUnavailable, cryptoMessages.paymentFailed.description);
    }
    const pollUntil = new Date(Date.now() + this.config.CHARGE_POLL_WINDOW_MS);
    const row = await this.repository.insert(this.transactions.autocommit, {
      id,
      userId,
      provider: this.provider.name,
      providerChargeId: seen.providerChargeId,
      code: seen.code,
      hostedUrl: seen.hostedUrl,
      addresses: seen.addresses,
      status: 'NEW',
      statusContext: null,
      amount: body.amount,
      currency: body.currency,
      description: body.description,
      preferredCurrency: (preferredCurrency as string | undefined) ?? null,
      cryptoCurrency: null,
      metadata,
      expiresAt: seen.expiresAt,
      pollUntil,
      completedAt: null,
    });
    if (seen.status !== 'NEW') await this.apply(seen, requestId);
    if (!isSettled(seen.status)) {
      try {
        await this.schedules.start(id, pollUntil);
      } catch (error) {
        // The worker schedules open charges again at start; the webhook still settles this one.
        this.logger.error(`could not schedule polling of charge ${id}: ${(error as Error).message}`);
      }
    }
    return chargeView((await this.repository.byId(this.transactions.autocommit, id)) ?? row);
  }

  async get(userId: string, id: string): Promise<Charge> {
    if (!isUuid(id)) throw notFound();
    const row = await this.repository.ofUser(this.transactions.autocommit, userId, id);
    if (!row) throw notFound();
    return chargeView(row);
  }

  /**
   * A verified provider webhook: applied once, whatever order or how often it arrives. A signature
   * proves only who holds the webhook secret, so the event decides nothing by itself: its charge is
   * read back from the provider by id (with our API key) and only what the provider reports is
   * applied. An event whose charge the provider reports otherwise (a "confirmed" for a charge still
   * NEW) changes nothing and is logged; the poll and the provider's next event carry the truth.
   */
  async receiveWebhook(rawBody: Buffer | undefined, signature: string | undefined, requestId?: string) {
    const event = this.provider.parseWebhook(rawBody ?? Buffer.alloc(0), signature);
    if (event) await this.applyEvent(event, requestId);
    return { received: true as const };
  }

  private async applyEvent(event: ProviderChargeEvent, requestId?: string): Promise<void> {
    const claimed = event.charge;
    // A charge this platform did not open: acknowledged without a call to the provider.
    const row = await this.repository.byProviderId(
      this.transactions.autocommit,
      this.provider.name,
      claimed.providerChargeId,
    );
    if (!row) return;
    let fetched: ProviderCharge | null;
    try {
      fetched = await this.provider.get(claimed.providerChargeId);
    } catch (error) {
      if (!(error instanceof ProviderChargeNotFoundError)) {
        // Answered 503: the provider retries the event once it can be checked.
        this.logger.warn(`webhook ${event.id}: charge ${row.id} not read back: ${(error as Error).message}`);
        throw new AppError(ErrorCode.ServiceUnavailable, cryptoMessages.paymentFailed.description);
      }
      fetched = null;
    }
    if (!fetched || fetched.providerChargeId !== claimed.providerChargeId || fetched.status !== claimed.status) {
      this.logger.warn(
        `${this.provider.name} event ${event.id} (${event.type}) reports charge ${row.id} ${claimed.status}` +
          `${claimed.statusContext ? ` (${claimed.statusContext})` : ''}, the provider ` +
          `${fetched ? `says ${fetched.status}${fetched.statusContext ? ` (${fetched.statusContext})` : ''}` : 'has no such charge'}: nothing changed`,
      );
      return;
    }
    await this.apply(fetched, requestId);
  }

  /**
   * One poll of a charge not settled (the worker's job): an EXPIRED one too, so a late payment is
   * noticed while the window lasts. Stops the schedule once settled or past 30 minutes.
   */
  async poll(chargeId: string): Promise<PollOutcome> {
    const row = await this.repository.byId(this.transactions.autocommit, chargeId);
    if (!row || isSettled(row.status) || row.pollUntil.getTime() <= Date.now()) {
      await this.schedules.stop(chargeId);
      return { status: row?.status ?? null, changed: false, stopped: true };
    }
    let seen: ProviderCharge;
    try {
      seen = await this.provider.get(row.providerChargeId);
    } catch (error) {
      if (error instanceof ProviderChargeNotFoundError) {
        await this.schedules.stop(chargeId);
        return { status: row.status, changed: false, stopped: true };
      }
      throw error;
    }
    const changed = await this.apply(seen);
    const stopped = isSettled(seen.status);
    if (stopped && !changed) await this.schedules.stop(chargeId);
    return { status: seen.status, changed, stopped };
  }

  /**
   * Applies a provider report on the locked row: returns true when this call changed the charge.
   * Only the call that moved the status publishes its event, so webhooks redelivered in any order
   * and polls racing them publish each event once.
   */
  async apply(seen: ProviderCharge, requestId?: string): Promise<boolean> {
    const moved = await this.transactions.run(async (manager) => {
      const row = await this.repository.lockByProviderId(manager, this.provider.name, seen.providerChargeId);
      if (!row) return null;
      const change = chargeChange(row, seen);
      if (!change) return null;
      const updated = await this.repository.applyChange(manager, row.id, change, isPaid(change.status));
      if (change.event) await this.publish(manager, change.event, updated, requestId);
      if (change.event === 'ChargeCompleted' && (row.status === 'EXPIRED' || row.status === 'UNRESOLVED')) {
        const context = updated.statusContext ? `, ${updated.statusContext}` : '';
        this.logger.log(`charge ${row.id} paid late: ${row.status} -> ${updated.status}${context}`);
      }
      return updated;
    });
    if (moved && isSettled(moved.status)) {
      await this.schedules
        .stop(moved.id)
        .catch((error: Error) => this.logger.warn(`poll schedule not removed: ${error.message}`));
    }
    return moved !== null;
  }

  private async publish(
    manager: Transaction,
    type: ChargeEventType,
    row: ChargeRecord,
    requestId?: string,
  ): Promise<void> {
    const common = {
      userId: row.userId,
      chargeId: row.id,
      providerChargeId: row.providerChargeId,
      code: row.code,
      provider: row.provider,
      amount: row.amount,
      currency: row.currency,
      occurredAt: timestampFromDate(new Date()),
    };
    const purpose = purposeOf(row);
    if (type === 'ChargeCompleted') {
      await this.outbox.publish(
        manager,
        'ChargeCompleted',
        row.id,
        {
          ...common,
          ...purpose,
          payerEmail: purpose.purpose ? String(row.metadata.payerEmail ?? '') : '',
          cryptoCurrency: row.cryptoCurrency ?? row.preferredCurrency ?? '',
          description: row.description,
        },
        requestId,
      );
    } else {
      await this.outbox.publish(
        manager,
        'ChargeFailed',
        row.id,
        { ...common, ...purpose, status: row.status },
        requestId,
      );
    }
  }
}
