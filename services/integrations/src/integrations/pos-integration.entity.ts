import type { PosSystem, SyncFrequency } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A merchant's POS system (one location); the API key and signing secret are sealed (SecretBox). */
@Entity({ name: 'pos_integrations', schema: 'integrations' })
export class PosIntegration {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'pos_system', type: 'varchar', length: 20 })
  posSystem!: PosSystem;

  @Column({ name: 'pos_name', type: 'varchar', length: 100 })
  posName!: string;

  @Column({ name: 'api_key', type: 'text' })
  apiKey!: string;

  @Column({ name: 'location_id', type: 'varchar', length: 200, nullable: true })
  locationId!: string | null;

  @Column({ name: 'sync_frequency', type: 'varchar', length: 10, default: 'hourly' })
  syncFrequency!: SyncFrequency;

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

  /** The provider sync has read every payment created before this; webhooks do not move it. */
  @Column({ name: 'synced_through', type: 'timestamptz', nullable: true })
  syncedThrough!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
