import { Controller, Headers, HttpCode, Param, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { integrationSignatureHeader, type DeliveryResponse } from '@app/contracts';
import { RequestId } from '@app/platform';
import type { Request } from 'express';
import { WebhooksService } from './webhooks.service';

@Controller('api/integrations/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  /** No session: the integration's signing secret authenticates the delivery. */
  @Post(':id')
  @HttpCode(200)
  receive(
    @Param('id') id: string,
    @Req() req: RawBodyRequest<Request>,
    @Headers(integrationSignatureHeader) signature: string | undefined,
    @RequestId() requestId: string | undefined,
  ): Promise<DeliveryResponse> {
    return this.webhooks.receive(id, req.rawBody, signature, requestId);
  }
}
