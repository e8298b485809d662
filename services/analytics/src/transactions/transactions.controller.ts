import { Controller, Get, Query } from '@nestjs/common';
import { transactionsQuerySchema, type TransactionPage } from '@app/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@app/platform';
import { TransactionsService, type TransactionsQuery } from './transactions.service';

/** Spec 7: GET /api/transactions, the signed-in user's own transactions, newest first. */
@Controller('api/transactions')
export class TransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @Get()
  list(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(transactionsQuerySchema)) query: TransactionsQuery,
  ): Promise<TransactionPage> {
    return this.transactions.list(user.id, query);
  }
}
