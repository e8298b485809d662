import type { InvestmentPaymentMethod, InvestmentView, investmentStatuses } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Spec 3's investment record: paid (by card through Stripe), then minted to the investor's wallet. */
@Entity({ name: 'investments', schema: 'tokenization' })
export class Investment {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** INV- plus the investment's timestamp (ms): the id the investor sees. */
  @Column({ type: 'varchar', length: 30 })
  reference!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'property_id', type: 'uuid' })
  propertyId!: string;

  /** NZD, what the tokens cost (tokens × price); the fee is on top. */
  @Column({ type: 'numeric', precision: 15, scale: 2 })
  amount!: string;

  @Column({ type: 'numeric', precision: 15, scale: 2 })
  fee!: string;

  @Column({ type: 'varchar', length: 3 })
  currency!: 'NZD';

  @Column({ name: 'payment_method', type: 'varchar', length: 5 })
  paymentMethod!: InvestmentPaymentMethod;

  /** Whole tokens. */
  @Column({ type: 'bigint' })
  tokens!: string;

  @Column({ name: 'token_price', type: 'numeric', precision: 15, scale: 2 })
  tokenPrice!: string;

  @Column({ name: 'wallet_address', type: 'varchar', length: 42 })
  walletAddress!: string;

  /** ISO 3166-1 numeric of the investor's country when investing (the identity registry records it). */
  @Column({ name: 'investor_country', type: 'smallint' })
  investorCountry!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: (typeof investmentStatuses)[number];

  /** The payment at its provider (a Stripe PaymentIntent id). */
  @Column({ name: 'payment_ref', type: 'varchar', length: 255, nullable: true })
  paymentRef!: string | null;

  /** What the browser needs to pay (the PaymentIntent's client secret). */
  @Column({ type: 'jsonb', nullable: true })
  payment!: InvestmentView['payment'];

  @Column({ name: 'transaction_hash', type: 'varchar', length: 66, nullable: true })
  transactionHash!: string | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  /** The lock-up: the minted tokens are frozen on chain until then (null: none). */
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @Column({ name: 'unlocked_at', type: 'timestamptz', nullable: true })
  unlockedAt!: Date | null;
}
