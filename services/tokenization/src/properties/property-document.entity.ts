import type { PropertyDocumentKey } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type DocumentKind = 'pdf' | 'jpg' | 'png' | 'dwg';

/**
 * An uploaded document's bytes, in Postgres so every replica serves it and it is backed up with the
 * property; its SHA-256 is recorded at upload. One document per type and property.
 */
@Entity({ name: 'property_documents', schema: 'tokenization' })
export class PropertyDocument {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'property_id', type: 'uuid' })
  propertyId!: string;

  @Column({ type: 'varchar', length: 20 })
  key!: PropertyDocumentKey;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName!: string;

  /** What its content is (magic bytes), whatever its name says. */
  @Column({ type: 'varchar', length: 4 })
  kind!: DocumentKind;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes!: number;

  @Column({ type: 'char', length: 64 })
  sha256!: string;

  @Column({ type: 'bytea', select: false })
  content!: Buffer;

  @CreateDateColumn({ name: 'uploaded_at', type: 'timestamptz' })
  uploadedAt!: Date;
}
