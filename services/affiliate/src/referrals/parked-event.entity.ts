import { Column, Entity, PrimaryColumn } from 'typeorm';

export type ParkedEventType = 'InvoicePaid' | 'InvoiceRefunded';

/** A billing event of a user not registered here yet, waiting for the user's UserRegistered. */
@Entity({ name: 'parked_events', schema: 'affiliate' })
export class ParkedEvent {
  /** The id of the event that was parked. */
  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  /** Arrival order. */
  @Column({ type: 'bigint', insert: false, update: false })
  seq!: string;

  @Column({ type: 'varchar', length: 40 })
  type!: ParkedEventType;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'invoice_id', type: 'varchar', length: 255 })
  invoiceId!: string;

  /** The event's protobuf binary, as it came. */
  @Column({ type: 'bytea' })
  payload!: Buffer;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId!: string | null;

  @Column({ name: 'parked_at', type: 'timestamptz' })
  parkedAt!: Date;
}
