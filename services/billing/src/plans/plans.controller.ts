import { Controller, Get, Inject } from '@nestjs/common';
import { planViews, type BillingConfig as BillingConfigResponse } from '@app/contracts';
import { APP_CONFIG } from '@app/platform';
import type { BillingConfig } from '../config';

@Controller('api')
export class PlansController {
  constructor(@Inject(APP_CONFIG) private readonly config: BillingConfig) {}

  /** The pricing page and checkout read plans and prices from here (one place). */
  @Get('plans')
  plans() {
    return { plans: planViews() };
  }

  /** What the browser needs to load Stripe.js; the key and the script's address come from configuration. */
  @Get('billing/config')
  billingConfig(): BillingConfigResponse {
    return { publishableKey: this.config.STRIPE_PUBLISHABLE_KEY, stripeJsUrl: this.config.STRIPE_JS_URL ?? null };
  }
}
