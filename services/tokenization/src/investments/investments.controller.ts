import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Req,
  UseGuards,
  type RawBodyRequest,
} from '@nestjs/common';
import type { InvestmentList, InvestmentView, WholesaleDeclarationView } from '@app/contracts';
import { APP_CONFIG, CurrentUser, STRIPE_CLIENT, verifiedStripeEvent, type AuthUser } from '@app/platform';
import type { Request } from 'express';
import type Stripe from 'stripe';
import type { TokenizationConfig } from '../config';
import { RegionLocator } from '../region/region-locator';
import { clientAddressOf, RegionGuard } from '../region/region.guard';
import { InvestmentsService } from './investments.service';
import { WholesaleService } from './wholesale.service';

@Controller('api/tokenization')
@UseGuards(RegionGuard)
export class InvestmentsController {
  constructor(
    private readonly investments: InvestmentsService,
    private readonly wholesale: WholesaleService,
    private readonly locator: RegionLocator,
  ) {}

  @Get('wholesale-declaration')
  declaration(@CurrentUser() user: AuthUser): Promise<WholesaleDeclarationView> {
    return this.wholesale.get(user.id);
  }

  @Put('wholesale-declaration')
  declare(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<WholesaleDeclarationView> {
    return this.wholesale.declare(user.id, body);
  }

  @Post('properties/:id/investments')
  invest(
    @CurrentUser() user: AuthUser,
    @Param('id') propertyId: string,
    @Body() body: unknown,
    @Req() request: Request,
  ): Promise<InvestmentView> {
    const country = this.locator.countryCodeOf(clientAddressOf(request));
    return this.investments.invest(user.id, propertyId, body, country);
  }

  @Get('investments')
  list(@CurrentUser() user: AuthUser): Promise<InvestmentList> {
    return this.investments.list(user.id);
  }

  @Get('investments/:id')
  get(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<InvestmentView> {
    return this.investments.get(user.id, id);
  }

  /** The investor cancels an investment awaiting payment: the card can no longer be charged, the tokens are free. */
  @Post('investments/:id/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<InvestmentView> {
    return this.investments.cancel(user.id, id);
  }
}

/** Stripe's endpoint for investment payments (its own signing secret); anything but a 2xx is retried. */
@Controller('api/webhooks/stripe-tokenization')
export class StripePaymentsWebhookController {
  constructor(
    private readonly investments: InvestmentsService,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe,
    @Inject(APP_CONFIG) private readonly config: TokenizationConfig,
  ) {}

  @Post()
  @HttpCode(200)
  async receive(
    @Req() request: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true }> {
    const event = verifiedStripeEvent(
      this.stripe,
      request.rawBody,
      signature,
      this.config.STRIPE_TOKENIZATION_WEBHOOK_SECRET,
    );
    await this.investments.handleStripeEvent(event);
    return { received: true };
  }
}
