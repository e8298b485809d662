import { Injectable } from '@nestjs/common';
import {
  chargeFailedStatus,
  chargePaysPlatform,
  fromCharge,
  fromEscrow,
  fromTransactionRecorded,
  type SourceTransaction,
} from '@app/contracts';
import type { Event, EventContext, EventHandler, EventOfBatch, Transaction } from '@app/platform';
import { ReadModelRepository } from './read-model.repository';

type TransactionEventType =
  'TransactionRecorded' | 'ChargeCompleted' | 'ChargeFailed' | 'EscrowFinished' | 'EscrowCancelled';

/**
 * An event that reports a transaction, applied alone (`handle`) or with the consecutive events of
 * its type from a partition (`handleAll`), in a few statements either way: an event applied alone
 * is a run of one, so both take the same code. Injectable so the subclasses inherit the
 * constructor's parameter metadata.
 */
@Injectable()
abstract class TransactionHandler<T extends TransactionEventType> implements EventHandler<T> {
  abstract readonly eventType: T;

  constructor(protected readonly readModel: ReadModelRepository) {}

  /** The event's transaction, null when it reports none this read model keeps. */
  protected abstract transactionOf(event: Event<T>, occurredAt: Date): SourceTransaction | null;

  async handle(event: Event<T>, { manager, ...context }: EventContext): Promise<void> {
    await this.handleAll([{ event, context }], manager);
  }

  async handleAll(events: EventOfBatch<T>[], manager: Transaction): Promise<void> {
    const txs = events
      .map(({ event, context }) => this.transactionOf(event, context.occurredAt))
      .filter((tx): tx is SourceTransaction => tx !== null);
    await this.readModel.applyTransactions(manager, txs);
  }
}

/** A processor or POS transaction (integrations), or a later status of one. */
@Injectable()
export class TransactionRecordedHandler extends TransactionHandler<'TransactionRecorded'> {
  readonly eventType = 'TransactionRecorded' as const;
  protected transactionOf(event: Event<'TransactionRecorded'>, occurredAt: Date): SourceTransaction | null {
    return fromTransactionRecorded(event, occurredAt);
  }
}

/**
 * A crypto charge paid: a merchant's sale is a transaction; a charge paying the platform (a plan
 * bought at checkout) is a subscription cost of the financial report, like a paid invoice.
 */
@Injectable()
export class ChargeCompletedHandler extends TransactionHandler<'ChargeCompleted'> {
  readonly eventType = 'ChargeCompleted' as const;
  protected transactionOf(event: Event<'ChargeCompleted'>, occurredAt: Date): SourceTransaction | null {
    return fromCharge(event, 'completed', occurredAt);
  }

  override async handleAll(events: EventOfBatch<'ChargeCompleted'>[], manager: Transaction): Promise<void> {
    for (const { event, context } of events) {
      if (!chargePaysPlatform(event) || !event.userId || !event.chargeId || !(Number(event.amount) > 0)) continue;
      await this.readModel.platformPaid(
        manager,
        event.userId.toLowerCase(),
        `charge:${event.chargeId}`,
        event.amount,
        event.currency || 'USD',
        context.occurredAt,
      );
    }
    await super.handleAll(events, manager);
  }
}

@Injectable()
export class ChargeFailedHandler extends TransactionHandler<'ChargeFailed'> {
  readonly eventType = 'ChargeFailed' as const;
  protected transactionOf(event: Event<'ChargeFailed'>, occurredAt: Date): SourceTransaction | null {
    return fromCharge(event, chargeFailedStatus(event), occurredAt);
  }
}

@Injectable()
export class EscrowFinishedHandler extends TransactionHandler<'EscrowFinished'> {
  readonly eventType = 'EscrowFinished' as const;
  protected transactionOf(event: Event<'EscrowFinished'>, occurredAt: Date): SourceTransaction | null {
    return fromEscrow(event, 'completed', occurredAt);
  }
}

@Injectable()
export class EscrowCancelledHandler extends TransactionHandler<'EscrowCancelled'> {
  readonly eventType = 'EscrowCancelled' as const;
  protected transactionOf(event: Event<'EscrowCancelled'>, occurredAt: Date): SourceTransaction | null {
    return fromEscrow(event, 'cancelled', occurredAt);
  }
}
