import type { ApiKeyMode, ApiKeyScopeName } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One API key of a user. The key itself is never stored: its SHA-256 finds it, its prefix and last
 * 4 characters mask it. Usable while not revoked and, once rotated, until `expiresAt`.
 */
@Entity({ name: 'api_keys', schema: 'identity' })
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 4 })
  mode!: ApiKeyMode;

  @Column({ type: 'text', array: true })
  scopes!: ApiKeyScopeName[];

  @Column({ name: 'key_hash', type: 'char', length: 64, unique: true })
  keyHash!: string;

  /** `mp_live_` or `mp_test_`. */
  @Column({ name: 'key_prefix', type: 'varchar', length: 16 })
  keyPrefix!: string;

  @Column({ name: 'key_last4', type: 'char', length: 4 })
  keyLast4!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Recorded at most once a minute per key. */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  /** Set by a rotation: the end of the overlap with the replacement. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
