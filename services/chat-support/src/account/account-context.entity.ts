import { initialKycStatus } from '@app/contracts';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * What chat-support knows of a user's account from other services' events: the plan of the
 * latest SubscriptionActivated (billing) and the KYC status of the latest KycStatusChanged
 * (identity; every account starts at pending). Created by whichever of the user's events arrives first.
 */
@Entity({ name: 'account_contexts', schema: 'chat_support' })
export class AccountContext {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** starter, growth or pro; null until a subscription is activated. */
  @Column({ name: 'plan_id', type: 'varchar', length: 20, nullable: true })
  planId!: string | null;

  @Column({ name: 'billing_cycle', type: 'varchar', length: 20, nullable: true })
  billingCycle!: string | null;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  /** When billing published the activation the plan comes from: an older one arriving late is ignored. */
  @Column({ name: 'plan_activated_at', type: 'timestamptz', nullable: true })
  planActivatedAt!: Date | null;

  @Column({ name: 'kyc_status', type: 'varchar', length: 20, default: initialKycStatus })
  kycStatus!: string;

  /** When identity made the change the KYC status comes from: an older one arriving late is ignored. */
  @Column({ name: 'kyc_changed_at', type: 'timestamptz', nullable: true })
  kycChangedAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
