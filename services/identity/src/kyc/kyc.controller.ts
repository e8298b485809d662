import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Req, type RawBodyRequest } from '@nestjs/common';
import {
  startKycVerificationRequestSchema,
  type KycAdminVerificationsResponse,
  type KycStatusResponse,
  type StartKycVerificationResponse,
} from '@app/contracts';
import {
  APP_CONFIG,
  CurrentUser,
  RequestId,
  STRIPE_CLIENT,
  verifiedStripeEvent,
  ZodValidationPipe,
  type AuthUser,
} from '@app/platform';
import type { Request } from 'express';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { IdentityConfig } from '../config';
import { KycService, type KycWebhookOutcome } from './kyc.service';

@Controller('api/kyc')
export class KycController {
  constructor(private readonly kyc: KycService) {}

  @Get('status')
  status(@CurrentUser() user: AuthUser): Promise<KycStatusResponse> {
    return this.kyc.status(user);
  }

  @Post('verification')
  start(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(startKycVerificationRequestSchema))
    body: z.output<typeof startKycVerificationRequestSchema>,
    @RequestId() requestId: string | undefined,
  ): Promise<StartKycVerificationResponse> {
    return this.kyc.start(user, body, requestId);
  }

  @Get('admin/verifications')
  adminList(): Promise<KycAdminVerificationsResponse> {
    return this.kyc.adminList();
  }
}

/** Stripe Identity's webhook endpoint (its own signing secret); anything but a 2xx is retried. */
@Controller('api/webhooks/stripe-identity')
export class StripeIdentityWebhookController {
  constructor(
    private readonly kyc: KycService,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @Post()
  @HttpCode(200)
  async receive(
    @Req() req: RawBodyRequest<Request>,
    @RequestId() requestId: string | undefined,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; outcome: KycWebhookOutcome }> {
    const event = verifiedStripeEvent(this.stripe, req.rawBody, signature, this.config.STRIPE_IDENTITY_WEBHOOK_SECRET);
    return { received: true, outcome: await this.kyc.handleWebhook(event, requestId) };
  }
}
