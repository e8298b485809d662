import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One HTTP attempt of a delivery: what the endpoint answered and how long it took. */
@Entity({ name: 'webhook_delivery_attempts', schema: 'integrations' })
export class WebhookDeliveryAttempt {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  /** 1 for the first. */
  @Column({ type: 'int' })
  number!: number;

  @Column({ name: 'status_code', type: 'int', nullable: true })
  statusCode!: number | null;

  @Column({ name: 'latency_ms', type: 'int', nullable: true })
  latencyMs!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'boolean' })
  succeeded!: boolean;

  /** A resend by hand or a test event, not the automatic schedule. */
  @Column({ type: 'boolean' })
  manual!: boolean;

  @Column({ name: 'attempted_at', type: 'timestamptz' })
  attemptedAt!: Date;
}
