import type { ComplianceCheckView, ComplianceRunView } from '@app/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One run of a property's compliance checks, one after another, each stored as it finishes. */
@Entity({ name: 'compliance_runs', schema: 'tokenization' })
export class ComplianceRun {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'property_id', type: 'uuid' })
  propertyId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 10 })
  status!: ComplianceRunView['status'];

  @Column({ type: 'smallint', default: 0 })
  progress!: number;

  /** Every check in running order, with its status, provider and result message. */
  @Column({ type: 'jsonb' })
  checks!: ComplianceCheckView[];

  /** What each check looked at (e.g. the sanctions list's date and digest), by check id. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  evidence!: Record<string, unknown>;

  @Column({ name: 'risk_score', type: 'smallint', nullable: true })
  riskScore!: number | null;

  @Column({ name: 'overall_status', type: 'varchar', length: 7, nullable: true })
  overallStatus!: ComplianceRunView['overallStatus'];

  @CreateDateColumn({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  /**
   * An exception the compliance team approved for this run (it did not pass every check): why, by
   * whom (their user id and e-mail) and when. A new run needs its own.
   */
  @Column({ name: 'exception_reason', type: 'text', nullable: true })
  exceptionReason!: string | null;

  @Column({ name: 'exception_by', type: 'uuid', nullable: true })
  exceptionBy!: string | null;

  @Column({ name: 'exception_by_email', type: 'varchar', length: 320, nullable: true })
  exceptionByEmail!: string | null;

  @Column({ name: 'exception_at', type: 'timestamptz', nullable: true })
  exceptionAt!: Date | null;
}
