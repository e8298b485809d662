import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One identity verification session at the provider (Stripe Identity). What the platform keeps:
 * the session id, the provider's status and error, the verified name and date, each check's
 * outcome and the business numbers the user gave; never a document image or number.
 */
@Entity({ name: 'kyc_verifications', schema: 'identity' })
export class KycVerification {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'provider_session_id', type: 'varchar', length: 255, unique: true })
  providerSessionId!: string;

  /** The provider's state: requires_input, processing, verified or canceled. */
  @Column({ type: 'varchar', length: 20 })
  status!: string;

  @Column({ name: 'last_error_code', type: 'varchar', length: 100, nullable: true })
  lastErrorCode!: string | null;

  @Column({ name: 'last_error_reason', type: 'text', nullable: true })
  lastErrorReason!: string | null;

  @Column({ name: 'verified_name', type: 'varchar', length: 200, nullable: true })
  verifiedName!: string | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  /** Each check the provider ran (document, selfie, id_number) and its outcome. */
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  checks!: Record<string, string>;

  @Column({ name: 'business_country', type: 'varchar', length: 100, nullable: true })
  businessCountry!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  nzbn!: string | null;

  @Column({ name: 'business_number', type: 'varchar', length: 40, nullable: true })
  businessNumber!: string | null;

  @Column({ name: 'tax_number', type: 'varchar', length: 40, nullable: true })
  taxNumber!: string | null;

  /** When the provider created the newest event applied to this session (orders late deliveries). */
  @Column({ name: 'provider_event_at', type: 'timestamptz', nullable: true })
  providerEventAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
