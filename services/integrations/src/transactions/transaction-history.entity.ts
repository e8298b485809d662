import type { IntegratedTransactionStatus } from '@app/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One step of a transaction's history: recorded, or moved to a later status (a refund, say). */
@Entity({ name: 'transaction_history', schema: 'integrations' })
export class TransactionHistory {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'transaction_id', type: 'uuid' })
  transactionId!: string;

  @Column({ type: 'varchar', length: 10 })
  kind!: 'recorded' | 'updated';

  /** The status from then on; null for a record stored before history was kept, when it changed since. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  status!: IntegratedTransactionStatus | null;

  /** The TransactionRecorded event's id (the webhooks' X-Webhook-Id); null before history was kept. */
  @Column({ name: 'event_id', type: 'uuid', nullable: true })
  eventId!: string | null;

  @Column({ type: 'timestamptz' })
  at!: Date;
}
