import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ParkedEvent } from './parked-event.entity';

@Injectable()
export class ParkedEventsRepository {
  /** Parks an event once (a second call with the same event id changes nothing). */
  async insert(manager: EntityManager, event: Omit<ParkedEvent, 'seq'>): Promise<void> {
    await manager.query(
      `INSERT INTO affiliate.parked_events
         (event_id, type, user_id, invoice_id, payload, occurred_at, request_id, parked_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (event_id) DO NOTHING`,
      [
        event.eventId,
        event.type,
        event.userId,
        event.invoiceId,
        event.payload,
        event.occurredAt,
        event.requestId,
        event.parkedAt,
      ],
    );
  }

  /** Removes the user's parked events and answers them in the order they arrived. */
  takeOf(manager: EntityManager, userId: string): Promise<ParkedEvent[]> {
    return manager.query(
      `WITH taken AS (DELETE FROM affiliate.parked_events WHERE user_id = $1 RETURNING *)
       SELECT event_id AS "eventId", seq, type, user_id AS "userId", invoice_id AS "invoiceId", payload,
              occurred_at AS "occurredAt", request_id AS "requestId", parked_at AS "parkedAt"
         FROM taken ORDER BY seq`,
      [userId],
    ) as Promise<ParkedEvent[]>;
  }

  /**
   * Deletes up to `limit` events parked before `before`, oldest first; rows another transaction
   * holds are left for a later call, so concurrent purges never wait on each other.
   */
  async purgeBefore(manager: EntityManager, before: Date, limit: number): Promise<number> {
    const rows = (await manager.query(
      `DELETE FROM affiliate.parked_events WHERE event_id IN (
         SELECT event_id FROM affiliate.parked_events WHERE parked_at < $1
          ORDER BY parked_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING event_id`,
      [before, limit],
    )) as unknown[];
    return rows.length;
  }
}
