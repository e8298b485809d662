import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { create, toBinary, type MessageInitShape } from '@bufbuild/protobuf';
import { eventBoundsViolation, eventCatalog, EventHeader, type EventType } from '@app/contracts';
import { schemaOf } from '../database/schema';
import type { Transaction } from '../database/transaction-runner';
import { injectTraceContext } from '../telemetry/telemetry';

export type EventData<T extends EventType> = MessageInitShape<(typeof eventCatalog)[T]['schema']>;

/** Set on a transaction's query runner when it wrote an outbox row; the relay wakes when it commits. */
export const OUTBOX_WRITTEN = 'outboxWritten';

/**
 * Writes an event into the outbox inside the caller's transaction, so the state change and the
 * event commit or roll back together. The relay publishes it afterwards.
 *
 * Order: the outbox row takes a transaction lock on its key first, so two transactions writing
 * events of one key commit in the order their rows are numbered, and the relay (which publishes in
 * that order) publishes one key's events in commit order. The commit wakes this process's relay.
 */
@Injectable()
export class OutboxService {
  async publish<T extends EventType>(
    manager: Transaction,
    type: T,
    key: string,
    data: EventData<T>,
    requestId?: string,
  ): Promise<string> {
    const { topic, schema } = eventCatalog[type];
    const message = create(schema, data as never);
    const violation = eventBoundsViolation(type, message);
    // A producer's edge is bounded so this never happens; if it does, nothing commits.
    if (violation) throw new Error(`${type} outside its bounds: ${violation}`);
    const id = randomUUID();
    const payload = Buffer.from(toBinary(schema, message));
    const headers: Record<string, string> = {
      [EventHeader.Id]: id,
      [EventHeader.Type]: type,
      [EventHeader.OccurredAt]: new Date().toISOString(),
      ...(requestId ? { [EventHeader.RequestId]: requestId } : {}),
    };
    // The W3C trace context of the work that wrote the event (traceparent, tracestate), if traced.
    injectTraceContext(headers);
    // One statement: the key's lock, then the row (its seq is drawn once the lock is held).
    const schemaName = schemaOf(manager.connection);
    await manager.query(
      `INSERT INTO "${schemaName}"."outbox" (id, topic, key, type, payload, headers)
       SELECT $1::uuid, $2, $3, $4, $5::bytea, $6::jsonb FROM (SELECT pg_advisory_xact_lock(hashtextextended($7, 0))) AS locked`,
      [id, topic, key, type, payload, headers, `outbox:${schemaName}:${key}`],
    );
    if (manager.queryRunner) manager.queryRunner.data[OUTBOX_WRITTEN] = true;
    return id;
  }
}
