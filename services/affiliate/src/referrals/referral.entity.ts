import type { ReferralStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user who registered through an affiliate's link; converted once a commission was earned on them. */
@Entity({ name: 'referrals', schema: 'affiliate' })
export class Referral {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'affiliate_id', type: 'uuid' })
  affiliateId!: string;

  @Column({ name: 'referred_user_id', type: 'uuid' })
  referredUserId!: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: ReferralStatus;

  /** Net of refunds. */
  @Column({ name: 'commission_amount', type: 'numeric', precision: 15, scale: 2, default: 0 })
  commissionAmount!: string;

  @Column({ name: 'converted_at', type: 'timestamptz', nullable: true })
  convertedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
