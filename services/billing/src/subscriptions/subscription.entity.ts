import type { BillingCycle, Plan, SubscriptionStatus } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type SubscriptionPaymentMethod = 'card' | 'crypto';

/** A user's subscription to a plan; paid ones mirror a Stripe subscription. */
@Entity({ name: 'subscriptions', schema: 'billing' })
export class Subscription {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Null for the free starter plan, which Stripe never sees. */
  @Column({ name: 'stripe_subscription_id', type: 'varchar', length: 255, nullable: true, unique: true })
  stripeSubscriptionId!: string | null;

  @Column({ name: 'plan_id', type: 'varchar', length: 20 })
  planId!: Plan['id'];

  @Column({ name: 'billing_cycle', type: 'varchar', length: 10 })
  billingCycle!: BillingCycle;

  @Column({ type: 'varchar', length: 20 })
  status!: Exclude<SubscriptionStatus, 'none'>;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  /** How the plan is paid: `card` (a Stripe subscription) or `crypto` (a Coinbase charge per period). */
  @Column({ name: 'payment_method', type: 'varchar', length: 10, default: 'card' })
  paymentMethod!: SubscriptionPaymentMethod;

  /** Crypto: where the renewal reminder goes (the payer's e-mail at checkout). */
  @Column({ name: 'payer_email', type: 'varchar', length: 254, nullable: true })
  payerEmail!: string | null;

  /** Crypto: the period end whose renewal reminder was sent (one reminder per period). */
  @Column({ name: 'renewal_reminder_for', type: 'timestamptz', nullable: true })
  renewalReminderFor!: Date | null;

  /** Stripe's `created` time of the newest webhook event applied; older events change nothing. */
  @Column({ name: 'last_event_at', type: 'timestamptz', nullable: true })
  lastEventAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
