import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { create, toBinary, type MessageInitShape } from '@bufbuild/protobuf';
import { eventCatalog, EventHeader, type EventType } from '@app/contracts';
import type { EntityManager } from 'typeorm';
import { OutboxMessage } from './outbox-message.entity';

export type EventData<T extends EventType> = MessageInitShape<(typeof eventCatalog)[T]['schema']>;

/**
 * Writes an event into the outbox inside the caller's transaction, so the state change and the
 * event commit or roll back together. The relay publishes it afterwards.
 */
@Injectable()
export class OutboxService {
  async publish<T extends EventType>(
    manager: EntityManager,
    type: T,
    key: string,
    data: EventData<T>,
    requestId?: string,
  ): Promise<string> {
    const { topic, schema } = eventCatalog[type];
    const id = randomUUID();
    const payload = Buffer.from(toBinary(schema, create(schema, data as never)));
    const headers: Record<string, string> = {
      [EventHeader.Id]: id,
      [EventHeader.Type]: type,
      [EventHeader.OccurredAt]: new Date().toISOString(),
      ...(requestId ? { [EventHeader.RequestId]: requestId } : {}),
    };
    await manager.insert(OutboxMessage, { id, topic, key, type, payload, headers });
    return id;
  }
}
