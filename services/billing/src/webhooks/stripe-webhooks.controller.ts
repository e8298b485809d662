import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { RequestId } from '@app/platform';
import type { Request } from 'express';
import { StripeWebhooksService } from './stripe-webhooks.service';

@Controller('api/webhooks/stripe')
export class StripeWebhooksController {
  constructor(private readonly webhooks: StripeWebhooksService) {}

  /** Stripe retries anything but a 2xx; a bad signature is a 400 that changes nothing. */
  @Post()
  @HttpCode(200)
  async receive(
    @Req() req: RawBodyRequest<Request>,
    @RequestId() requestId: string | undefined,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; outcome: string }> {
    const event = this.webhooks.verify(req.rawBody, signature);
    const outcome = await this.webhooks.handle(event, requestId);
    return { received: true, outcome };
  }
}
