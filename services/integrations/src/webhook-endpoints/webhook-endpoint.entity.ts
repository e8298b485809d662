import type { WebhookEventType } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A merchant's outgoing webhook endpoint; its signing secret is sealed (SecretBox), bound to the row. */
@Entity({ name: 'webhook_endpoints', schema: 'integrations' })
export class WebhookEndpoint {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 2000 })
  url!: string;

  @Column({ name: 'event_types', type: 'text', array: true })
  eventTypes!: WebhookEventType[];

  @Column({ name: 'signing_secret', type: 'text' })
  signingSecret!: string;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
