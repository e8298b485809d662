import type { DeployedContractConfig, TokenBlockchain, TokenContractView } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A property's security token: its configuration, then the deployment on chain (one per property). */
@Entity({ name: 'token_contracts', schema: 'tokenization' })
export class TokenContract {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'property_id', type: 'uuid' })
  propertyId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 10 })
  status!: TokenContractView['status'];

  @Column({ type: 'jsonb' })
  config!: DeployedContractConfig;

  @Column({ type: 'varchar', length: 10 })
  blockchain!: TokenBlockchain;

  /** Deployment attempts: each uses its own salt, so a retry never collides with a half-done one. */
  @Column({ type: 'smallint', default: 0 })
  attempt!: number;

  @Column({ name: 'chain_id', type: 'integer', nullable: true })
  chainId!: number | null;

  @Column({ name: 'contract_address', type: 'varchar', length: 42, nullable: true })
  contractAddress!: string | null;

  /** Every contract of the suite (identity registry and its storage, compliance, issuers, topics). */
  @Column({ type: 'jsonb', nullable: true })
  suite!: Record<string, string> | null;

  @Column({ name: 'transaction_hash', type: 'varchar', length: 66, nullable: true })
  transactionHash!: string | null;

  @Column({ name: 'gas_used', type: 'numeric', precision: 30, scale: 0, nullable: true })
  gasUsed!: string | null;

  /** What the deployment's transactions cost, in wei. */
  @Column({ name: 'cost_wei', type: 'numeric', precision: 40, scale: 0, nullable: true })
  costWei!: string | null;

  @Column({ name: 'deployed_at', type: 'timestamptz', nullable: true })
  deployedAt!: Date | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
