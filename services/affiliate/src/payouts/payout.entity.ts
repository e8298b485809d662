import type { PayoutStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A payout request: the affiliate's whole balance at the time, until ops mark it paid or failed. */
@Entity({ name: 'payouts', schema: 'affiliate' })
export class Payout {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'affiliate_id', type: 'uuid' })
  affiliateId!: string;

  @Column({ type: 'numeric', precision: 15, scale: 2 })
  amount!: string;

  @Column({ type: 'varchar', length: 20, default: 'requested' })
  status!: PayoutStatus;

  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
