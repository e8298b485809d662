import { Controller, Get } from '@nestjs/common';
import type { BillingPaymentsResponse } from '@app/contracts';
import { CurrentUser, type AuthUser } from '@app/platform';
import { PaymentsService } from './payments.service';

@Controller('api/billing')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get('payments')
  async list(@CurrentUser() user: AuthUser): Promise<BillingPaymentsResponse> {
    return { payments: await this.payments.list(user.id) };
  }
}
