import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  createSubscriptionRequestSchema,
  type CreateSubscriptionResponse,
  type CurrentSubscription,
} from '@app/contracts';
import { CurrentUser, RequestId, ZodValidationPipe, type AuthUser } from '@app/platform';
import { SubscriptionsService, type SubscriptionRequest } from './subscriptions.service';

@Controller('api')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Post('create-subscription')
  @HttpCode(200)
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createSubscriptionRequestSchema)) body: SubscriptionRequest,
    @RequestId() requestId: string | undefined,
  ): Promise<CreateSubscriptionResponse> {
    return this.subscriptions.create(user, body, requestId);
  }

  @Get('billing/subscription')
  current(@CurrentUser() user: AuthUser): Promise<CurrentSubscription> {
    return this.subscriptions.current(user.id);
  }

  @Post('billing/subscription/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() user: AuthUser): Promise<CurrentSubscription> {
    return this.subscriptions.cancel(user.id);
  }
}
