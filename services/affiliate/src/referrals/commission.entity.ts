import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The commission earned on one paid invoice of a referred user. */
@Entity({ name: 'commissions', schema: 'affiliate' })
export class Commission {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'affiliate_id', type: 'uuid' })
  affiliateId!: string;

  @Column({ name: 'referral_id', type: 'uuid' })
  referralId!: string;

  @Column({ name: 'invoice_id', type: 'varchar', length: 255 })
  invoiceId!: string;

  @Column({ name: 'invoice_amount', type: 'numeric', precision: 15, scale: 2 })
  invoiceAmount!: string;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'varchar', length: 20 })
  tier!: string;

  /** Percent, e.g. "15.00". */
  @Column({ type: 'numeric', precision: 5, scale: 2 })
  rate!: string;

  @Column({ type: 'numeric', precision: 15, scale: 2 })
  amount!: string;

  /** What refunds took back of the commission (their share of the invoice refunded so far). */
  @Column({ name: 'refunded_amount', type: 'numeric', precision: 15, scale: 2, default: 0 })
  refundedAmount!: string;

  /** What open disputes hold back of the commission (their share of the invoice); 0 once they are won. */
  @Column({ name: 'disputed_amount', type: 'numeric', precision: 15, scale: 2, default: 0 })
  disputedAmount!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
