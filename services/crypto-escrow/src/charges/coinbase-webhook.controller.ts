import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { coinbaseSignatureHeader } from '@app/contracts';
import { RequestId } from '@app/platform';
import type { Request } from 'express';
import { ChargesService } from './charges.service';

@Controller('api/crypto/coinbase/webhook')
export class CoinbaseWebhookController {
  constructor(private readonly charges: ChargesService) {}

  /** No session: the HMAC of the raw body (X-CC-Webhook-Signature) authenticates the provider. */
  @Post()
  @HttpCode(200)
  receive(
    @Req() req: RawBodyRequest<Request>,
    @Headers(coinbaseSignatureHeader) signature: string | undefined,
    @RequestId() requestId: string | undefined,
  ): Promise<{ received: true }> {
    return this.charges.receiveWebhook(req.rawBody, signature, requestId);
  }
}
