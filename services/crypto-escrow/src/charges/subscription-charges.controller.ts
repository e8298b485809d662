import { Body, Controller, Post } from '@nestjs/common';
import { createSubscriptionChargeRequestSchema, type Charge } from '@app/contracts';
import { CurrentUser, RequestId, ZodValidationPipe, type AuthUser } from '@app/platform';
import { ChargesService, type SubscriptionChargeRequest } from './charges.service';

/** The checkout's crypto tab: a charge for one billing period of a plan (billing activates it). */
@Controller('api/crypto/coinbase/subscription-charge')
export class SubscriptionChargesController {
  constructor(private readonly charges: ChargesService) {}

  @Post()
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createSubscriptionChargeRequestSchema)) body: SubscriptionChargeRequest,
    @RequestId() requestId: string | undefined,
  ): Promise<Charge> {
    return this.charges.subscriptionCharge(user, body, requestId);
  }
}
