import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EscrowRecord } from './escrow.entity';

const columns = `id, user_id AS "userId", owner, sequence, destination, amount_drops AS "amountDrops",
  finish_after AS "finishAfter", cancel_after AS "cancelAfter", condition, destination_tag AS "destinationTag",
  create_hash AS "createHash", status, closing_hash AS "closingHash", monitor_until AS "monitorUntil",
  closed_at AS "closedAt", closed_reason AS "closedReason", created_at AS "createdAt"`;

@Injectable()
export class EscrowsRepository {
  insert(
    manager: EntityManager,
    escrow: Omit<
      EscrowRecord,
      'createdAt' | 'closedAt' | 'closingHash' | 'closedReason' | 'status' | 'monitorCheckedAt'
    >,
  ) {
    return manager.save(
      manager.create(EscrowRecord, {
        ...escrow,
        status: 'created',
        closingHash: null,
        closedAt: null,
        closedReason: null,
      }),
    );
  }

  byId(manager: EntityManager, id: string): Promise<EscrowRecord | null> {
    return manager.findOneBy(EscrowRecord, { id });
  }

  byLedgerId(manager: EntityManager, owner: string, sequence: number): Promise<EscrowRecord | null> {
    return manager.findOneBy(EscrowRecord, { owner, sequence: String(sequence) });
  }

  ofOwner(manager: EntityManager, owner: string): Promise<EscrowRecord[]> {
    return manager.findBy(EscrowRecord, { owner });
  }

  ofUser(manager: EntityManager, userId: string): Promise<EscrowRecord[]> {
    return manager.find(EscrowRecord, { where: { userId }, order: { createdAt: 'DESC' }, take: 200 });
  }

  /** Open escrows still inside their monitoring window (the worker re-schedules these at start). */
  async monitored(manager: EntityManager): Promise<Pick<EscrowRecord, 'id' | 'monitorUntil'>[]> {
    return (await manager.query(
      `SELECT id, monitor_until AS "monitorUntil" FROM crypto.escrows WHERE status = 'created' AND monitor_until > now()`,
    )) as Pick<EscrowRecord, 'id' | 'monitorUntil'>[];
  }

  /** created -> finished / cancelled, once: null when another caller (finish call or monitor) got there first. */
  async close(
    manager: EntityManager,
    owner: string,
    sequence: number,
    status: 'finished' | 'cancelled',
    closingHash: string | null,
    /** Why the status was inferred rather than read from the closing transaction (null when it was). */
    closedReason: string | null = null,
  ): Promise<EscrowRecord | null> {
    const [rows] = (await manager.query(
      `UPDATE crypto.escrows SET status = $3, closing_hash = $4, closed_reason = $5, closed_at = now()
        WHERE owner = $1 AND sequence = $2 AND status = 'created'
        RETURNING ${columns}`,
      [owner, sequence, status, closingHash, closedReason],
    )) as [EscrowRecord[], number];
    return rows[0] ?? null;
  }

  /** created -> unknown when monitoring ends without a knowable outcome; nothing is published. */
  async recordMonitorCheck(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE crypto.escrows SET monitor_checked_at = now() WHERE id = $1`, [id]);
  }

  /**
   * Open escrows whose monitoring window ended without its last run (one within an interval of the
   * end): the worker was down then.
   */
  async missedLastRun(manager: EntityManager, intervalMs: number): Promise<Pick<EscrowRecord, 'id'>[]> {
    return (await manager.query(
      `SELECT id FROM crypto.escrows
        WHERE status = 'created' AND monitor_until <= now()
          AND (monitor_checked_at IS NULL OR monitor_checked_at < monitor_until - make_interval(secs => $1 / 1000.0))`,
      [intervalMs],
    )) as Pick<EscrowRecord, 'id'>[];
  }

  async markUnknown(manager: EntityManager, id: string, closedReason: string): Promise<boolean> {
    const [, affected] = (await manager.query(
      `UPDATE crypto.escrows SET status = 'unknown', closed_reason = $2 WHERE id = $1 AND status = 'created'`,
      [id, closedReason],
    )) as [unknown, number];
    return affected > 0;
  }
}
