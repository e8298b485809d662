import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The T-REX factory deployed once per chain (checked for code before use: a local chain restarts empty). */
@Entity({ name: 'chain_factories', schema: 'tokenization' })
export class ChainFactory {
  @PrimaryColumn({ name: 'chain_id', type: 'integer' })
  chainId!: number;

  @Column({ type: 'jsonb' })
  addresses!: Record<string, string>;

  @CreateDateColumn({ name: 'deployed_at', type: 'timestamptz' })
  deployedAt!: Date;
}
