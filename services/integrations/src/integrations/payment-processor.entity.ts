import type { ProcessorType } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A merchant's payment processor account; credentials and signing secret are sealed (SecretBox). */
@Entity({ name: 'payment_processors', schema: 'integrations' })
export class PaymentProcessor {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'processor_type', type: 'varchar', length: 20 })
  processorType!: ProcessorType;

  @Column({ name: 'processor_name', type: 'varchar', length: 100 })
  processorName!: string;

  @Column({ name: 'api_key', type: 'text' })
  apiKey!: string;

  @Column({ name: 'api_secret', type: 'text', nullable: true })
  apiSecret!: string | null;

  @Column({ name: 'webhook_url', type: 'varchar', length: 2000, nullable: true })
  webhookUrl!: string | null;

  @Column({ name: 'signing_secret', type: 'text' })
  signingSecret!: string;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ type: 'jsonb', default: {} })
  configuration!: Record<string, unknown>;

  @Column({ name: 'last_sync', type: 'timestamptz', nullable: true })
  lastSync!: Date | null;

  @Column({ name: 'last_sync_attempt_at', type: 'timestamptz', nullable: true })
  lastSyncAttemptAt!: Date | null;

  @Column({ name: 'last_sync_error', type: 'text', nullable: true })
  lastSyncError!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
