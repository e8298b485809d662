import { Injectable } from '@nestjs/common';
import {
  chargeFailedStatus,
  fromCharge,
  fromEscrow,
  fromTransactionRecorded,
  type SourceTransaction,
} from '@app/contracts';
import type { Event, EventContext, EventHandler } from '@app/platform';
import { ReadModelRepository } from './read-model.repository';

/** Injectable so the subclasses inherit the constructor's parameter metadata. */
@Injectable()
abstract class ReadModelHandler {
  constructor(protected readonly readModel: ReadModelRepository) {}

  protected async write(tx: SourceTransaction | null, { manager }: EventContext): Promise<void> {
    if (tx) await this.readModel.apply(manager, tx);
  }
}

@Injectable()
export class TransactionRecordedHandler extends ReadModelHandler implements EventHandler<'TransactionRecorded'> {
  readonly eventType = 'TransactionRecorded' as const;
  handle(event: Event<'TransactionRecorded'>, context: EventContext): Promise<void> {
    return this.write(fromTransactionRecorded(event, context.occurredAt), context);
  }
}

@Injectable()
export class ChargeCompletedHandler extends ReadModelHandler implements EventHandler<'ChargeCompleted'> {
  readonly eventType = 'ChargeCompleted' as const;
  handle(event: Event<'ChargeCompleted'>, context: EventContext): Promise<void> {
    return this.write(fromCharge(event, 'completed', context.occurredAt), context);
  }
}

@Injectable()
export class ChargeFailedHandler extends ReadModelHandler implements EventHandler<'ChargeFailed'> {
  readonly eventType = 'ChargeFailed' as const;
  handle(event: Event<'ChargeFailed'>, context: EventContext): Promise<void> {
    return this.write(fromCharge(event, chargeFailedStatus(event), context.occurredAt), context);
  }
}

@Injectable()
export class EscrowFinishedHandler extends ReadModelHandler implements EventHandler<'EscrowFinished'> {
  readonly eventType = 'EscrowFinished' as const;
  handle(event: Event<'EscrowFinished'>, context: EventContext): Promise<void> {
    return this.write(fromEscrow(event, 'completed', context.occurredAt), context);
  }
}

@Injectable()
export class EscrowCancelledHandler extends ReadModelHandler implements EventHandler<'EscrowCancelled'> {
  readonly eventType = 'EscrowCancelled' as const;
  handle(event: Event<'EscrowCancelled'>, context: EventContext): Promise<void> {
    return this.write(fromEscrow(event, 'cancelled', context.occurredAt), context);
  }
}
