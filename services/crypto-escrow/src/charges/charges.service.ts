import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  chargeFinalStatuses,
  cryptoMessages,
  ErrorCode,
  type Charge,
  type createChargeRequestSchema,
} from '@app/contracts';
import { APP_CONFIG, AppError, isUuid, OutboxService, TransactionRunner } from '@app/platform';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { CryptoConfig } from '../config';
import type { ChargeRecord } from './charge.entity';
import {
  CHARGE_PROVIDER,
  ProviderChargeNotFoundError,
  type ChargeProvider,
  type ProviderCharge,
} from './charge-provider';
import { ChargePollSchedules } from './charge-poll.schedules';
import { chargeView } from './charge-views';
import { ChargesRepository } from './charges.repository';

export type CreateCharge = z.output<typeof createChargeRequestSchema>;
const isFinal = (status: string) => (chargeFinalStatuses as readonly string[]).includes(status);
const notFound = () => new AppError(ErrorCode.NotFound, 'Charge not found');

/** What a poll did: the charge's status afterwards, and whether this call moved it. */
export interface PollOutcome {
  status: string | null;
  changed: boolean;
  stopped: boolean;
}

/**
 * Crypto charges: created at the provider, then driven to a final status by whichever of the
 * provider's webhook or the 10-second poll sees it first. The status change and its event commit
 * together, and only the caller whose conditional UPDATE moved the row publishes.
 */
@Injectable()
export class ChargesService {
  private readonly logger = new Logger(ChargesService.name);

  constructor(
    @Inject(CHARGE_PROVIDER) private readonly provider: ChargeProvider,
    @Inject(APP_CONFIG) private readonly config: CryptoConfig,
    @InjectEntityManager() private readonly manager: EntityManager,
    private readonly transactions: TransactionRunner,
    private readonly repository: ChargesRepository,
    private readonly outbox: OutboxService,
    private readonly schedules: ChargePollSchedules,
  ) {}

  async create(userId: string, body: CreateCharge, requestId?: string): Promise<Charge> {
    const id = randomUUID();
    // The session decides who pays: any userId the caller put in the metadata is dropped.
    const { userId: _ignored, preferredCurrency, ...callerFields } = body.metadata as Record<string, unknown>;
    const metadata = { ...callerFields, ...(preferredCurrency ? { preferredCurrency } : {}) };
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
    const row = await this.repository.insert(this.manager, {
      id,
      userId,
      provider: this.provider.name,
      providerChargeId: seen.providerChargeId,
      code: seen.code,
      hostedUrl: seen.hostedUrl,
      addresses: seen.addresses,
      status: 'NEW',
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
    if (!isFinal(seen.status)) {
      try {
        await this.schedules.start(id, pollUntil);
      } catch (error) {
        // The worker schedules open charges again at start; the webhook still settles this one.
        this.logger.error(`could not schedule polling of charge ${id}: ${(error as Error).message}`);
      }
    }
    return chargeView((await this.repository.byId(this.manager, id)) ?? row);
  }

  async get(userId: string, id: string): Promise<Charge> {
    if (!isUuid(id)) throw notFound();
    const row = await this.repository.ofUser(this.manager, userId, id);
    if (!row) throw notFound();
    return chargeView(row);
  }

  /** A verified provider webhook: applied once, whatever order or how often it arrives. */
  async receiveWebhook(rawBody: Buffer | undefined, signature: string | undefined, requestId?: string) {
    const seen = this.provider.parseWebhook(rawBody ?? Buffer.alloc(0), signature);
    if (seen) await this.apply(seen, requestId);
    return { received: true as const };
  }

  /** One poll of an open charge (the worker's job); stops the schedule once final or past 30 minutes. */
  async poll(chargeId: string): Promise<PollOutcome> {
    const row = await this.repository.byId(this.manager, chargeId);
    if (!row || isFinal(row.status) || row.pollUntil.getTime() <= Date.now()) {
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
    return { status: seen.status, changed, stopped: isFinal(seen.status) };
  }

  /** Applies a provider status: returns true when this call moved the charge (and so published). */
  async apply(seen: ProviderCharge, requestId?: string): Promise<boolean> {
    const moved = await this.transactions.run(async (manager) => {
      const row = await this.repository.transition(manager, this.provider.name, seen);
      if (row && isFinal(row.status)) await this.publishFinal(manager, row, requestId);
      return row;
    });
    if (moved && isFinal(moved.status)) {
      await this.schedules
        .stop(moved.id)
        .catch((error: Error) => this.logger.warn(`poll schedule not removed: ${error.message}`));
    }
    return moved !== null;
  }

  private async publishFinal(manager: EntityManager, row: ChargeRecord, requestId?: string): Promise<void> {
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
    if (row.status === 'COMPLETED') {
      await this.outbox.publish(
        manager,
        'ChargeCompleted',
        row.id,
        { ...common, cryptoCurrency: row.cryptoCurrency ?? row.preferredCurrency ?? '', description: row.description },
        requestId,
      );
    } else {
      await this.outbox.publish(manager, 'ChargeFailed', row.id, { ...common, status: row.status }, requestId);
    }
  }
}
