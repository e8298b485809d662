import { Controller, Get, Injectable, Query, UseGuards } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { complianceRecordsQuerySchema, type ComplianceRecord, type ComplianceRecordPage } from '@app/contracts';
import { CurrentUser, SessionGuard, ZodValidationPipe, type AuthUser } from '@app/platform';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { cursorTimeSql, decodeCursor, encodeCursor } from '../transactions/cursor';

type ComplianceRecordsQuery = z.output<typeof complianceRecordsQuerySchema>;

/** The AML screening records of the user's transactions, newest first. */
@Injectable()
export class ComplianceService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async records(userId: string, query: ComplianceRecordsQuery): Promise<ComplianceRecordPage> {
    const cursor = decodeCursor(query.cursor);
    const rows = (await this.db.query(
      `SELECT id, user_id, provider, record_type, type, status, risk_score, gdpr_consent, compliance_checked, data,
              created_at, ${cursorTimeSql('created_at')} AS cursor_at
         FROM analytics.compliance_records
        WHERE user_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [userId, cursor?.at ?? null, cursor?.id ?? null, query.limit + 1],
    )) as {
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
    }[];
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

@Controller('api/compliance/records')
@UseGuards(SessionGuard)
export class ComplianceController {
  constructor(private readonly compliance: ComplianceService) {}

  @Get()
  records(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(complianceRecordsQuerySchema)) query: ComplianceRecordsQuery,
  ): Promise<ComplianceRecordPage> {
    return this.compliance.records(user.id, query);
  }
}
