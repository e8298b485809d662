import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The Stripe customer of a user (one per user, created on the first checkout). */
@Entity({ name: 'customers', schema: 'billing' })
export class Customer {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255, unique: true })
  stripeCustomerId!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
