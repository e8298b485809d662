import type { WebhookDeliveryStatus, WebhookEnvelope, WebhookEnvelopeType } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One event for one endpoint: its body, where its attempts stand and what the last one got. */
@Entity({ name: 'webhook_deliveries', schema: 'integrations' })
export class WebhookDelivery {
  /** Also the BullMQ job id of its automatic attempts. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The envelope's id (X-Webhook-Id): the Kafka event's id, or a fresh one for a test event. */
  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ name: 'event_type', type: 'varchar', length: 40 })
  eventType!: WebhookEnvelopeType;

  @Column({ type: 'jsonb' })
  payload!: WebhookEnvelope;

  @Column({ type: 'varchar', length: 10 })
  status!: WebhookDeliveryStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'last_status_code', type: 'int', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'last_latency_ms', type: 'int', nullable: true })
  lastLatencyMs!: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
