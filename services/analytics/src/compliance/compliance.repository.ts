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
}
