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
import { ExpensesRepository } from '../expenses/expenses.repository';
import { ReadModelRepository } from './read-model.repository';

type ReadModelEvent = 'TransactionRecorded' | 'ChargeCompleted' | 'ChargeFailed' | 'EscrowFinished' | 'EscrowCancelled';

/**
 * An event that reports a transaction of the read model: one at a time (`handle`), or a run of
 * them in a few statements whatever its length (`handleAll`). Both go through
 * ReadModelRepository.applyAll, an event alone as a run of one, so the two cannot apply different
 * rules. Injectable so the subclasses inherit the constructor's parameter metadata.
 */
@Injectable()
abstract class ReadModelHandler<T extends ReadModelEvent> implements EventHandler<T> {
  abstract readonly eventType: T;

  constructor(protected readonly readModel: ReadModelRepository) {}

  /** The transaction the event reports, or null when it reports none the read model keeps. */
  protected abstract transactionOf(event: Event<T>, occurredAt: Date): SourceTransaction | null;

  async handle(event: Event<T>, context: EventContext): Promise<void> {
    const tx = this.transactionOf(event, context.occurredAt);
    if (tx) await this.readModel.applyAll(context.manager, [tx]);
  }

  async handleAll(events: EventOfBatch<T>[], manager: Transaction): Promise<void> {
    const txs = events
      .map(({ event, context }) => this.transactionOf(event, context.occurredAt))
      .filter((tx): tx is SourceTransaction => tx !== null);
    await this.readModel.applyAll(manager, txs);
  }
}

@Injectable()
export class TransactionRecordedHandler extends ReadModelHandler<'TransactionRecorded'> {
  readonly eventType = 'TransactionRecorded' as const;
  protected transactionOf(event: Event<'TransactionRecorded'>, occurredAt: Date): SourceTransaction | null {
    return fromTransactionRecorded(event, occurredAt);
  }
}

/**
 * A crypto charge paid. A merchant's sale is a transaction; a charge paying the platform (a plan
 * bought at checkout) is not: it is a subscription cost on the day paid, like a paid invoice.
 */
@Injectable()
export class ChargeCompletedHandler extends ReadModelHandler<'ChargeCompleted'> {
  readonly eventType = 'ChargeCompleted' as const;

  constructor(
    readModel: ReadModelRepository,
    private readonly expenses: ExpensesRepository,
  ) {
    super(readModel);
  }

  protected transactionOf(event: Event<'ChargeCompleted'>, occurredAt: Date): SourceTransaction | null {
    return fromCharge(event, 'completed', occurredAt);
  }

  override async handle(event: Event<'ChargeCompleted'>, context: EventContext): Promise<void> {
    await this.handleAll([{ event, context }], context.manager);
  }

  override async handleAll(events: EventOfBatch<'ChargeCompleted'>[], manager: Transaction): Promise<void> {
    for (const { event, context } of events) {
      if (!chargePaysPlatform(event) || !event.userId || !event.chargeId || !(Number(event.amount) > 0)) continue;
      await this.expenses.platformPaid(
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
export class ChargeFailedHandler extends ReadModelHandler<'ChargeFailed'> {
  readonly eventType = 'ChargeFailed' as const;
  protected transactionOf(event: Event<'ChargeFailed'>, occurredAt: Date): SourceTransaction | null {
    return fromCharge(event, chargeFailedStatus(event), occurredAt);
  }
}

@Injectable()
export class EscrowFinishedHandler extends ReadModelHandler<'EscrowFinished'> {
  readonly eventType = 'EscrowFinished' as const;
  protected transactionOf(event: Event<'EscrowFinished'>, occurredAt: Date): SourceTransaction | null {
    return fromEscrow(event, 'completed', occurredAt);
  }
}

@Injectable()
export class EscrowCancelledHandler extends ReadModelHandler<'EscrowCancelled'> {
  readonly eventType = 'EscrowCancelled' as const;
  protected transactionOf(event: Event<'EscrowCancelled'>, occurredAt: Date): SourceTransaction | null {
    return fromEscrow(event, 'cancelled', occurredAt);
  }
}
