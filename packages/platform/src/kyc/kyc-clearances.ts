import { Injectable, Logger } from '@nestjs/common';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  ErrorCode,
  initialKycStatus,
  kycCleared,
  kycRequiredMessage,
  kycStatusSchema,
  type KycGatedAction,
} from '@app/contracts';
import { isUuid } from '../auth/tokens';
import type { Transaction } from '../database/transaction-runner';
import { AppError } from '../errors/app-error';
import type { Event, EventContext, EventHandler } from '../events/event-handler';
import { KycClearancesRepository } from './kyc-clearances.repository';

/**
 * KYC (issue 18), for a service that gates operations on a verified identity: its copy of each
 * user's status, fed by identity's KycStatusChanged, and the gate itself (403 KYC_REQUIRED with
 * contracts' message). A user no event mentioned is at identity's starting status, not cleared.
 * The service adds KycClearance to its entities, CreateKycClearances to its migrations and
 * `kycClearanceProviders` to its module, and KycStatusChangedHandler to its event handlers.
 */
@Injectable()
export class KycClearances {
  private readonly logger = new Logger(KycClearances.name);

  constructor(private readonly repository: KycClearancesRepository) {}

  /**
   * Applies a status change unless the stored status changed later: identity keys the events by
   * user, so they arrive in order, but a replayed dead letter may be older than what it finds.
   */
  async statusChanged(manager: Transaction, event: Event<'KycStatusChanged'>, occurredAt: Date): Promise<void> {
    const status = kycStatusSchema.safeParse(event.status);
    if (!isUuid(event.userId) || !status.success) {
      this.logger.warn(`KycStatusChanged without a valid user id or status; ignored`);
      return;
    }
    const changedAt = event.changedAt ? timestampDate(event.changedAt) : occurredAt;
    const recorded = await this.repository.record(manager, { userId: event.userId, status: status.data, changedAt });
    if (!recorded) this.logger.log(`user ${event.userId}: a KYC status older than the stored one ignored`);
  }

  /**
   * Refuses (403 KYC_REQUIRED, saying what to do) unless the user's identity is verified; reads in
   * the caller's transaction when given one.
   */
  async require(userId: string, action: KycGatedAction, manager?: Transaction): Promise<void> {
    const clearance = await this.repository.byUserId(userId, manager);
    if (!kycCleared(clearance?.status ?? initialKycStatus)) {
      this.logger.log(`${action} refused: user ${userId} is not KYC verified`);
      throw new AppError(ErrorCode.KycRequired, kycRequiredMessage(action));
    }
  }
}

/** Identity's KYC status of a user, kept for the service's gate (the newest change by changedAt). */
@Injectable()
export class KycStatusChangedHandler implements EventHandler<'KycStatusChanged'> {
  readonly eventType = 'KycStatusChanged' as const;

  constructor(private readonly clearances: KycClearances) {}

  handle(event: Event<'KycStatusChanged'>, { manager, occurredAt }: EventContext): Promise<void> {
    return this.clearances.statusChanged(manager, event, occurredAt);
  }
}

/** What a gating service provides besides the handler (which joins its event handlers). */
export const kycClearanceProviders = [KycClearancesRepository, KycClearances];
