import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** `open` holds the disputed share of the commission back; `won` is final and holds nothing. */
export type DisputeStatus = 'open' | 'won';

/** A dispute (chargeback) of an invoice's charge, as billing reported it. */
@Entity({ name: 'disputes', schema: 'affiliate' })
export class Dispute {
  /** The Stripe dispute id. */
  @PrimaryColumn({ name: 'dispute_id', type: 'varchar', length: 255 })
  disputeId!: string;

  @Column({ name: 'invoice_id', type: 'varchar', length: 255 })
  invoiceId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The disputed amount, in dollars. */
  @Column({ type: 'numeric', precision: 15, scale: 2 })
  amount!: string;

  @Column({ type: 'varchar', length: 10 })
  status!: DisputeStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
