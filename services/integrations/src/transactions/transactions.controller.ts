import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  integrationTransactionsQuerySchema,
  type IntegrationTransactionDetail,
  type IntegrationTransactionView,
  type SampleDeliveryResponse,
} from '@app/contracts';
import { CurrentUser, RequestId, ZodValidationPipe, type AuthUser } from '@app/platform';
import type { z } from 'zod';
import { TransactionsService } from './transactions.service';

@Controller('api/integrations')
export class TransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @Get('transactions')
  list(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(integrationTransactionsQuerySchema))
    query: z.output<typeof integrationTransactionsQuerySchema>,
  ): Promise<IntegrationTransactionView[]> {
    return this.transactions.list(user.id, query);
  }

  @Get('transactions/:id')
  detail(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<IntegrationTransactionDetail> {
    return this.transactions.detail(user.id, id);
  }

  @Post('webhooks/:id/sample')
  @HttpCode(200)
  sendSample(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @RequestId() requestId: string | undefined,
  ): Promise<SampleDeliveryResponse> {
    return this.transactions.sendSample(user.id, id, requestId);
  }
}
