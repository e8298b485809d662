import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { create, toBinary, type MessageInitShape } from '@bufbuild/protobuf';
import { eventBoundsViolation, eventCatalog, EventHeader, type EventType } from '@app/contracts';
import { schemaOf } from '../database/schema';
import type { Transaction } from '../database/transaction-runner';
import { injectTraceContext, type TraceContext } from '../telemetry/telemetry';

export type EventData<T extends EventType> = MessageInitShape<(typeof eventCatalog)[T]['schema']>;

/** Set on a transaction's query runner when it wrote an outbox row; the relay wakes when it commits. */
export const OUTBOX_WRITTEN = 'outboxWritten';

/** One event for `publishAll`. */
export interface OutboxEntry<T extends EventType = EventType> {
  type: T;
  key: string;
  data: EventData<T>;
  requestId?: string;
  /** The trace the event belongs to, when it is written outside that work's context (a batch). */
  trace?: TraceContext;
  /**
   * The event's id and time, when the transaction writing it also refers to it (a merchant's
   * webhook deliveries of the event, stored with it); drawn here otherwise.
   */
  id?: string;
  occurredAt?: Date;
}

interface OutboxRow {
  id: string;
  topic: string;
  key: string;
  type: EventType;
  payload: Buffer;
  headers: Record<string, string>;
}

/** The row of one event; throws (so nothing commits) for an event outside its bounds. */
function outboxRow({
  type,
  key,
  data,
  requestId,
  trace,
  id = randomUUID(),
  occurredAt = new Date(),
}: OutboxEntry): OutboxRow {
  const { topic, schema } = eventCatalog[type];
  const message = create(schema, data as never);
  const violation = eventBoundsViolation(type, message);
  // A producer's edge is bounded so this never happens; if it does, nothing commits.
  if (violation) throw new Error(`${type} outside its bounds: ${violation}`);
  const headers: Record<string, string> = {
    [EventHeader.Id]: id,
    [EventHeader.Type]: type,
    [EventHeader.OccurredAt]: occurredAt.toISOString(),
    ...(requestId ? { [EventHeader.RequestId]: requestId } : {}),
  };
  // The W3C trace context of the work that wrote the event (traceparent, tracestate), if traced.
  injectTraceContext(headers, trace);
  return { id, topic, key, type, payload: Buffer.from(toBinary(schema, message)), headers };
}

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
    const row = outboxRow({ type, key, data, requestId } as OutboxEntry);
    // One statement: the key's lock and the transaction's id, then the row (its seq is drawn once
    // both are held; the relay's floor relies on the id coming first, OutboxFloor).
    const schemaName = schemaOf(manager.connection);
    await manager.query(
      `INSERT INTO "${schemaName}"."outbox" (id, topic, key, type, payload, headers)
       SELECT $1::uuid, $2, $3, $4, $5::bytea, $6::jsonb
         FROM (SELECT pg_advisory_xact_lock(hashtextextended($7, 0)), pg_current_xact_id() AS tx) AS locked
        WHERE locked.tx IS NOT NULL`,
      [row.id, row.topic, row.key, row.type, row.payload, row.headers, `outbox:${schemaName}:${key}`],
    );
    if (manager.queryRunner) manager.queryRunner.data[OUTBOX_WRITTEN] = true;
    return row.id;
  }

  /**
   * Several events in one statement, numbered in the order given: what a batch of work that
   * commits together writes. Every key's lock is taken first, in one order (sorted), so two
   * batches sharing keys cannot deadlock on them; the transaction's id too, as in `publish`.
   * Returns the events' ids in the order given.
   */
  async publishAll(manager: Transaction, entries: OutboxEntry[]): Promise<string[]> {
    if (entries.length === 0) return [];
    const rows = entries.map(outboxRow);
    const schemaName = schemaOf(manager.connection);
    const locks = [...new Set(rows.map((row) => `outbox:${schemaName}:${row.key}`))].sort();
    await manager.query(
      `INSERT INTO "${schemaName}"."outbox" (id, topic, key, type, payload, headers)
       SELECT e.id, e.topic, e.key, e.type, e.payload, e.headers
         FROM (SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))), pg_current_xact_id() AS tx
                 FROM unnest($7::text[]) WITH ORDINALITY AS l(k, n)) AS locked,
              unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::bytea[], $6::jsonb[])
                WITH ORDINALITY AS e(id, topic, key, type, payload, headers, n)
        WHERE locked.tx IS NOT NULL
        ORDER BY e.n`,
      [
        rows.map((row) => row.id),
        rows.map((row) => row.topic),
        rows.map((row) => row.key),
        rows.map((row) => row.type),
        rows.map((row) => row.payload),
        rows.map((row) => JSON.stringify(row.headers)),
        locks,
      ],
    );
    if (manager.queryRunner) manager.queryRunner.data[OUTBOX_WRITTEN] = true;
    return rows.map((row) => row.id);
  }
}
