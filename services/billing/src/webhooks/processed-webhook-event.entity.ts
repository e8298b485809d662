import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe event already applied: inserted in the same transaction as its effect. */
@Entity({ name: 'processed_webhook_events', schema: 'billing' })
export class ProcessedWebhookEvent {
  @PrimaryColumn({ name: 'stripe_event_id', type: 'varchar', length: 255 })
  stripeEventId!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}
