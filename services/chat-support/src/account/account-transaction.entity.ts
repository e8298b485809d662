import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Where a transaction was reported: integrations (processor and POS) or crypto (Coinbase charges). */
export type AccountTransactionSource = 'integrations' | 'crypto';

/** One of the user's newest transactions; one row per source transaction, its status the latest reported. */
@Entity({ name: 'account_transactions', schema: 'chat_support' })
export class AccountTransaction {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  source!: AccountTransactionSource;

  /** The source's transaction id (integrations' transaction id, crypto-escrow's charge id). */
  @PrimaryColumn({ name: 'source_id', type: 'uuid' })
  sourceId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Decimal string with 2 places, as Postgres returns numeric. */
  @Column({ type: 'numeric', precision: 15, scale: 2 })
  amount!: string;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'varchar', length: 20 })
  status!: string;

  @Column({ name: 'payment_method', type: 'varchar', length: 20 })
  paymentMethod!: string;

  @Column({ type: 'varchar', length: 20 })
  processor!: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
