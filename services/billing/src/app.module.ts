import { Module } from '@nestjs/common';
import { PlatformModule, stripeClientProvider } from '@app/platform';
import { billingConfigSchema } from './config';
import { billingDatabase } from './entities';
import { PlansController } from './plans/plans.controller';
import { BillingRepository } from './subscriptions/billing.repository';
import { CheckoutLock } from './subscriptions/checkout-lock';
import { SubscriptionSync } from './subscriptions/subscription-sync';
import { SubscriptionsController } from './subscriptions/subscriptions.controller';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { StripeWebhooksController } from './webhooks/stripe-webhooks.controller';
import { StripeWebhooksService } from './webhooks/stripe-webhooks.service';

/** Shared by the API and the worker: platform, Stripe client, repository and the sync rules. */
export const billingPlatform = PlatformModule.forService({
  config: billingConfigSchema,
  database: billingDatabase,
  queues: true,
});
export const billingProviders = [stripeClientProvider, BillingRepository, SubscriptionSync];

@Module({
  imports: [billingPlatform],
  controllers: [PlansController, SubscriptionsController, StripeWebhooksController],
  providers: [...billingProviders, CheckoutLock, SubscriptionsService, StripeWebhooksService],
})
export class AppModule {}
