import { Injectable } from '@nestjs/common';
import { escrowStatuses } from '@app/contracts';
import { In, Not, type EntityManager } from 'typeorm';
import { EscrowRecord } from './escrow.entity';

const columns = `id, user_id AS "userId", owner, sequence, destination, amount_drops AS "amountDrops",
  finish_after AS "finishAfter", cancel_after AS "cancelAfter", condition, destination_tag AS "destinationTag",
  create_hash AS "createHash", create_first_ledger AS "createFirstLedger", create_last_ledger AS "createLastLedger",
  status, closing_hash AS "closingHash", monitor_until AS "monitorUntil", monitor_checked_at AS "monitorCheckedAt",
  closed_at AS "closedAt", closed_reason AS "closedReason", created_at AS "createdAt"`;

export type NewEscrow = Omit<
  EscrowRecord,
  'createdAt' | 'closedAt' | 'closingHash' | 'closedReason' | 'status' | 'monitorCheckedAt'
>;

@Injectable()
export class EscrowsRepository {
  /**
   * Stores an escrow as `pending` before its signed EscrowCreate is submitted. Null when a row not
   * failed already holds the owner + sequence (an earlier EscrowCreate not settled, or a reset ledger).
   */
  async insertPending(manager: EntityManager, escrow: NewEscrow): Promise<EscrowRecord | null> {
    const [row] = (await manager.query(
      `INSERT INTO crypto.escrows
         (id, user_id, owner, sequence, destination, amount_drops, finish_after, cancel_after, condition,
          destination_tag, create_hash, create_first_ledger, create_last_ledger, monitor_until, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'pending')
       ON CONFLICT (owner, sequence) WHERE status <> 'failed' DO NOTHING
       RETURNING ${columns}`,
      [
        escrow.id,
        escrow.userId,
        escrow.owner,
        escrow.sequence,
        escrow.destination,
        escrow.amountDrops,
        escrow.finishAfter,
        escrow.cancelAfter,
        escrow.condition,
        escrow.destinationTag,
        escrow.createHash,
        escrow.createFirstLedger,
        escrow.createLastLedger,
        escrow.monitorUntil,
      ],
    )) as EscrowRecord[];
    return row ?? null;
  }

  /** pending -> created once the ledger validated its EscrowCreate; null when it was no longer pending. */
  async markCreated(manager: EntityManager, id: string): Promise<EscrowRecord | null> {
    const [rows] = (await manager.query(
      `UPDATE crypto.escrows SET status = 'created' WHERE id = $1 AND status = 'pending' RETURNING ${columns}`,
      [id],
    )) as [EscrowRecord[], number];
    return rows[0] ?? null;
  }

  /** pending -> failed: its EscrowCreate never made it to the ledger (why in closed_reason); frees owner + sequence. */
  async markFailed(manager: EntityManager, id: string, reason: string): Promise<boolean> {
    const [, affected] = (await manager.query(
      `UPDATE crypto.escrows SET status = 'failed', closed_reason = $2, closed_at = now()
        WHERE id = $1 AND status = 'pending'`,
      [id, reason],
    )) as [unknown, number];
    return affected > 0;
  }

  byId(manager: EntityManager, id: string): Promise<EscrowRecord | null> {
    return manager.findOneBy(EscrowRecord, { id });
  }

  /** The escrow at owner + sequence (a failed EscrowCreate's row never is one). */
  byLedgerId(manager: EntityManager, owner: string, sequence: number): Promise<EscrowRecord | null> {
    return manager.findOneBy(EscrowRecord, { owner, sequence: String(sequence), status: Not('failed') });
  }

  ofOwner(manager: EntityManager, owner: string): Promise<EscrowRecord[]> {
    return manager.findBy(EscrowRecord, { owner, status: Not('failed') });
  }

  /** The user's escrows the API lists: not the pending ones (not on the ledger yet) nor the failed ones (never were). */
  ofUser(manager: EntityManager, userId: string): Promise<EscrowRecord[]> {
    return manager.find(EscrowRecord, {
      where: { userId, status: In([...escrowStatuses]) },
      order: { createdAt: 'DESC' },
      take: 200,
    });
  }

  /** Open (or pending) escrows still inside their monitoring window (the worker re-schedules these at start). */
  async monitored(manager: EntityManager): Promise<Pick<EscrowRecord, 'id' | 'monitorUntil'>[]> {
    return (await manager.query(
      `SELECT id, monitor_until AS "monitorUntil" FROM crypto.escrows
        WHERE status IN ('created', 'pending') AND monitor_until > now()`,
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

  /** Stamps the end of a completed monitor run. */
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
        WHERE status IN ('created', 'pending') AND monitor_until <= now()
          AND (monitor_checked_at IS NULL OR monitor_checked_at < monitor_until - make_interval(secs => $1 / 1000.0))`,
      [intervalMs],
    )) as Pick<EscrowRecord, 'id'>[];
  }

  /** created (or still pending) -> unknown when monitoring ends without a knowable outcome; nothing is published. */
  async markUnknown(manager: EntityManager, id: string, closedReason: string): Promise<boolean> {
    const [, affected] = (await manager.query(
      `UPDATE crypto.escrows SET status = 'unknown', closed_reason = $2
        WHERE id = $1 AND status IN ('created', 'pending')`,
      [id, closedReason],
    )) as [unknown, number];
    return affected > 0;
  }
}
