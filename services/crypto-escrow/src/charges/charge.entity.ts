import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A crypto charge the user created at a provider (Coinbase Commerce); status is the provider's, moved
 * only forward (charge-status.ts). completedAt is set when it is paid (COMPLETED or RESOLVED).
 */
@Entity({ name: 'charges', schema: 'crypto' })
export class ChargeRecord {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 20 })
  provider!: string;

  @Column({ name: 'provider_charge_id', type: 'varchar', length: 100 })
  providerChargeId!: string;

  @Column({ type: 'varchar', length: 50 })
  code!: string;

  @Column({ name: 'hosted_url', type: 'text' })
  hostedUrl!: string;

  @Column({ type: 'jsonb', default: {} })
  addresses!: Record<string, string>;

  @Column({ type: 'varchar', length: 30 })
  status!: string;

  /** Why the provider marked the charge UNRESOLVED (DELAYED: paid after it expired, OVERPAID, ...), kept once resolved. */
  @Column({ name: 'status_context', type: 'varchar', length: 30, nullable: true })
  statusContext!: string | null;

  /** numeric(15,2) read as a string: never a float. */
  @Column({ type: 'numeric', precision: 15, scale: 2 })
  amount!: string;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'varchar', length: 200 })
  description!: string;

  @Column({ name: 'preferred_currency', type: 'varchar', length: 10, nullable: true })
  preferredCurrency!: string | null;

  @Column({ name: 'crypto_currency', type: 'varchar', length: 10, nullable: true })
  cryptoCurrency!: string | null;

  @Column({ type: 'jsonb', default: {} })
  metadata!: Record<string, unknown>;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'poll_until', type: 'timestamptz' })
  pollUntil!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
