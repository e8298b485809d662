import type { IntegratedTransactionStatus, PaymentMethod } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type SourceKind = 'processor' | 'pos';

/** One transaction a processor or POS reported; unique per integration and external id. */
@Entity({ name: 'integrated_transactions', schema: 'integrations' })
export class IntegratedTransaction {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'integration_id', type: 'uuid' })
  integrationId!: string;

  @Column({ name: 'source_kind', type: 'varchar', length: 10 })
  sourceKind!: SourceKind;

  /** Generated from integration_id and source_kind. */
  @Column({ name: 'processor_id', type: 'uuid', nullable: true, insert: false, update: false })
  processorId!: string | null;

  @Column({ name: 'pos_id', type: 'uuid', nullable: true, insert: false, update: false })
  posId!: string | null;

  /** The processor type or POS system that reported it. */
  @Column({ type: 'varchar', length: 20 })
  provider!: string;

  @Column({ name: 'external_transaction_id', type: 'varchar', length: 255 })
  externalTransactionId!: string;

  /** numeric(15,2), kept as a string so no float ever touches money. */
  @Column({ type: 'numeric', precision: 15, scale: 2 })
  amount!: string;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'varchar', length: 10 })
  status!: IntegratedTransactionStatus;

  @Column({ name: 'payment_method', type: 'varchar', length: 20 })
  paymentMethod!: PaymentMethod;

  @Column({ type: 'varchar', length: 2, nullable: true })
  country!: string | null;

  @Column({ name: 'customer_data', type: 'jsonb', nullable: true })
  customerData!: Record<string, unknown> | null;

  @Column({ name: 'product_data', type: 'jsonb', nullable: true })
  productData!: Record<string, unknown> | null;

  @Column({ name: 'location_data', type: 'jsonb', nullable: true })
  locationData!: Record<string, unknown> | null;

  @Column({ name: 'raw_data', type: 'jsonb' })
  rawData!: Record<string, unknown>;

  /** A test delivery (a sample): shown here and sent to webhooks, never counted as a sale. */
  @Column({ type: 'boolean', default: false })
  test!: boolean;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
