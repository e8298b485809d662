import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  adminListQuerySchema,
  affiliateStatusChangeSchema,
  payoutStatusChangeSchema,
  type AdminPayoutView,
  type AffiliateApplicationView,
  type AffiliateStatusChange,
  type PayoutStatusChange,
} from '@app/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@app/platform';
import { AdminService } from './admin.service';

type ListQuery = { status?: string };

/** Ops only (role admin): applications and payouts of every affiliate. */
@Controller('api/affiliate/admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('applications')
  applications(
    @Query(new ZodValidationPipe(adminListQuerySchema)) query: ListQuery,
  ): Promise<AffiliateApplicationView[]> {
    return this.admin.applications(query.status);
  }

  @Post('applications/:id/status')
  @HttpCode(200)
  setApplicationStatus(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(affiliateStatusChangeSchema)) body: AffiliateStatusChange,
  ): Promise<AffiliateApplicationView> {
    return this.admin.setApplicationStatus(user, id, body);
  }

  @Get('payouts')
  payouts(@Query(new ZodValidationPipe(adminListQuerySchema)) query: ListQuery): Promise<AdminPayoutView[]> {
    return this.admin.payoutList(query.status);
  }

  @Post('payouts/:id/status')
  @HttpCode(200)
  setPayoutStatus(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(payoutStatusChangeSchema)) body: PayoutStatusChange,
  ): Promise<AdminPayoutView> {
    return this.admin.setPayoutStatus(user, id, body);
  }
}
