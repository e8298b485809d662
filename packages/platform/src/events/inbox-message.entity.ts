import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An event a consumer has applied; its primary key makes redelivery harmless. */
@Entity({ name: 'inbox' })
export class InboxMessage {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @PrimaryColumn({ type: 'varchar', length: 100 })
  consumer!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @Column({ name: 'processed_at', type: 'timestamptz', default: () => 'now()' })
  processedAt!: Date;
}
