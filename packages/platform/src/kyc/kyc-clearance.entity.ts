import type { KycStatus } from '@app/contracts';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A user's KYC status as identity's newest KycStatusChanged reported it, in the schema of a
 * service that gates operations on it (like the outbox, pinned to the service's own schema).
 */
@Entity({ name: 'kyc_clearances' })
export class KycClearance {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 20 })
  status!: KycStatus;

  /** When identity changed the status (the event's changedAt): an older event arriving late is ignored. */
  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
