import { Injectable } from '@nestjs/common';
import type { complianceRecordsQuerySchema, ComplianceRecord, ComplianceRecordPage } from '@app/contracts';
import type { z } from 'zod';
import { decodeCursor, encodeCursor } from '../transactions/cursor';
import { ComplianceRepository } from './compliance.repository';

export type ComplianceRecordsQuery = z.output<typeof complianceRecordsQuerySchema>;

/** The AML screening records of the user's transactions, newest first. */
@Injectable()
export class ComplianceService {
  constructor(private readonly repository: ComplianceRepository) {}

  async records(userId: string, query: ComplianceRecordsQuery): Promise<ComplianceRecordPage> {
    // One more than a page tells whether another page follows.
    const rows = await this.repository.page(userId, decodeCursor(query.cursor), query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      records: page.map((row): ComplianceRecord => ({
        id: row.id,
        userId: row.user_id,
        provider: row.provider,
        recordType: row.record_type,
        type: row.type,
        status: row.status,
        riskScore: row.risk_score,
        gdprConsent: row.gdpr_consent,
        complianceChecked: row.compliance_checked,
        data: row.data,
        createdAt: new Date(row.created_at).toISOString(),
      })),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }
}
