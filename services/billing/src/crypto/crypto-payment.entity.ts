import type { BillingCycle, Plan } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type CryptoPaymentStatus = 'paid' | 'failed';

/** One Coinbase charge bought for a plan (crypto-escrow's charge id): the period it paid for, once. */
@Entity({ name: 'crypto_payments', schema: 'billing' })
export class CryptoPayment {
  @PrimaryColumn({ name: 'charge_id', type: 'uuid' })
  chargeId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'subscription_id', type: 'uuid', nullable: true })
  subscriptionId!: string | null;

  @Column({ name: 'plan_id', type: 'varchar', length: 20 })
  planId!: Plan['id'];

  @Column({ name: 'billing_cycle', type: 'varchar', length: 10 })
  billingCycle!: BillingCycle;

  /** USD, decimal string with 2 places. */
  @Column({ type: 'numeric', precision: 15, scale: 2 })
  amount!: string;

  @Column({ type: 'varchar', length: 10 })
  status!: CryptoPaymentStatus;

  @Column({ name: 'period_start', type: 'timestamptz', nullable: true })
  periodStart!: Date | null;

  @Column({ name: 'period_end', type: 'timestamptz', nullable: true })
  periodEnd!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
