import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A user's plan as billing's events report it (SubscriptionActivated, InvoicePaid): deploying a
 * token needs one that includes tokenization, not past its period.
 */
@Entity({ name: 'account_plans', schema: 'tokenization' })
export class AccountPlan {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'plan_id', type: 'varchar', length: 20 })
  planId!: string;

  /** The end of the paid period (null: a plan without one, the free starter). */
  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  /** When billing published the activation: an older one arriving late changes nothing. */
  @Column({ name: 'activated_at', type: 'timestamptz' })
  activatedAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
