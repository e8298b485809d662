import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One refresh token of a sign-in. Tokens of one sign-in share a family, whose id is the `sid` of
 * its access tokens. Presenting a token that was already rotated revokes the whole family (it was
 * stolen or replayed), except within the grace window right after its rotation, when it yields
 * the successor it was rotated to (two tabs refreshing at once).
 */
@Entity({ name: 'refresh_tokens', schema: 'identity' })
export class RefreshToken {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'family_id', type: 'uuid' })
  familyId!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** When it was rotated, or its family revoked. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /** The token it was rotated to. */
  @Column({ name: 'replaced_by', type: 'uuid', nullable: true })
  replacedBy!: string | null;

  /** The successor token, sealed with a key derived from this (never stored) token; cleared after the grace window. */
  @Column({ name: 'successor_sealed', type: 'text', nullable: true })
  successorSealed!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
