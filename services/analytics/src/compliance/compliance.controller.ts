import { Controller, Get, Query } from '@nestjs/common';
import { complianceRecordsQuerySchema, type ComplianceRecordPage } from '@app/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@app/platform';
import { ComplianceService, type ComplianceRecordsQuery } from './compliance.service';

@Controller('api/compliance/records')
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
