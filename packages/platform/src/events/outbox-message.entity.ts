import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An event waiting in the service's own schema to be published to Kafka. */
@Entity({ name: 'outbox' })
export class OutboxMessage {
  @PrimaryColumn({ type: 'bigint', generated: 'increment' })
  seq!: string;

  @Column({ type: 'uuid', unique: true })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  topic!: string;

  @Column({ type: 'varchar', length: 200 })
  key!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @Column({ type: 'bytea' })
  payload!: Buffer;

  @Column({ type: 'jsonb', default: {} })
  headers!: Record<string, string>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;
}
