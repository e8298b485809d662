import type { ReportFormat } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A report's rendered file, stored in Postgres so that every replica serves it. */
@Entity({ name: 'report_files', schema: 'reports' })
export class ReportFile {
  @PrimaryColumn({ name: 'report_id', type: 'uuid' })
  reportId!: string;

  @PrimaryColumn({ type: 'varchar', length: 3 })
  format!: ReportFormat;

  @Column({ name: 'content_type', type: 'varchar', length: 60 })
  contentType!: string;

  @Column({ name: 'file_name', type: 'varchar', length: 200 })
  fileName!: string;

  @Column({ type: 'bytea' })
  content!: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
