import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { cursorTimeSql, type Cursor } from '../transactions/cursor';

export interface ComplianceRecordRow {
  id: string;
  user_id: string;
  provider: string;
  record_type: string;
  type: string;
  status: string;
  risk_score: number;
  gdpr_consent: boolean;
  compliance_checked: boolean;
  data: Record<string, unknown>;
  created_at: Date;
  cursor_at: string;
}

export interface RecordCounts {
  total: number;
  cleared: number;
}

export interface RecordToReview {
  id: string;
  type: string;
  created_at: Date;
  data: Record<string, unknown>;
}

@Injectable()
export class ComplianceRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Up to `limit` of the user's records older than the cursor, newest first. */
  page(userId: string, cursor: Cursor | null, limit: number): Promise<ComplianceRecordRow[]> {
    return this.db.query(
      `SELECT id, user_id, provider, record_type, type, status, risk_score, gdpr_consent, compliance_checked, data,
              created_at, ${cursorTimeSql('created_at')} AS cursor_at
         FROM analytics.compliance_records
        WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [userId, cursor?.at ?? null, cursor?.id ?? null, limit],
    );
  }

  /** All of the user's records, and those cleared. */
  async recordCounts(userId: string): Promise<RecordCounts> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'cleared')::int AS cleared
         FROM analytics.compliance_records WHERE user_id = $1`,
      [userId],
    )) as RecordCounts[];
    return row;
  }

  /** The user's `limit` newest records awaiting review. */
  newestToReview(userId: string, limit: number): Promise<RecordToReview[]> {
    return this.db.query(
      `SELECT r.id, r.type, r.created_at, r.data FROM analytics.compliance_records r
        WHERE r.user_id = $1 AND r.status = 'review' ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
      [userId, limit],
    );
  }
}
