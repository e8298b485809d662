import type { EscrowStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A row's status: `pending` from before its EscrowCreate is submitted until the ledger validates it
 * (`created`) or it is known never to have made it (`failed`, with closed_reason); the API shows
 * only the statuses of the contract (created, finished, cancelled, unknown).
 */
export type EscrowRowStatus = EscrowStatus | 'pending' | 'failed';

/** An escrow the user created through the platform: only public ledger facts, never a seed. */
@Entity({ name: 'escrows', schema: 'crypto' })
export class EscrowRecord {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 40 })
  owner!: string;

  /** The EscrowCreate sequence (bigint read as a string by pg). */
  @Column({ type: 'bigint' })
  sequence!: string;

  @Column({ type: 'varchar', length: 40 })
  destination!: string;

  @Column({ name: 'amount_drops', type: 'numeric', precision: 20, scale: 0 })
  amountDrops!: string;

  /** Ripple-epoch seconds. */
  @Column({ name: 'finish_after', type: 'bigint' })
  finishAfter!: string;

  @Column({ name: 'cancel_after', type: 'bigint' })
  cancelAfter!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  condition!: string | null;

  @Column({ name: 'destination_tag', type: 'bigint', nullable: true })
  destinationTag!: string | null;

  @Column({ name: 'create_hash', type: 'varchar', length: 64 })
  createHash!: string;

  /** The validated ledger when the EscrowCreate was signed: it can only be in a later one. */
  @Column({ name: 'create_first_ledger', type: 'bigint', nullable: true })
  createFirstLedger!: string | null;

  /** The EscrowCreate's LastLedgerSequence: not validated by then, it never will be. */
  @Column({ name: 'create_last_ledger', type: 'bigint', nullable: true })
  createLastLedger!: string | null;

  @Column({ type: 'varchar', length: 12, default: 'created' })
  status!: EscrowRowStatus;

  @Column({ name: 'closing_hash', type: 'varchar', length: 64, nullable: true })
  closingHash!: string | null;

  @Column({ name: 'monitor_until', type: 'timestamptz' })
  monitorUntil!: Date;

  /** The end of the monitor's last completed run. */
  @Column({ name: 'monitor_checked_at', type: 'timestamptz', nullable: true })
  monitorCheckedAt!: Date | null;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt!: Date | null;

  /** Set when the outcome was not read from a closing transaction: why it was inferred, or why it is unknown. */
  @Column({ name: 'closed_reason', type: 'text', nullable: true })
  closedReason!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
