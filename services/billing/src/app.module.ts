import { Module } from '@nestjs/common';
import { MailModule, PlatformModule, stripeClientProvider } from '@app/platform';
import { billingConfigSchema } from './config';
import { ChargeCompletedHandler } from './crypto/charge-completed.handler';
import { ChargeFailedHandler } from './crypto/charge-failed.handler';
import { CryptoSubscriptionsRepository } from './crypto/crypto-subscriptions.repository';
import { CryptoSubscriptionsService } from './crypto/crypto-subscriptions.service';
import { billingDatabase } from './entities';
import { ReceiptMailer } from './mail/receipt-mailer';
import { PaymentsController } from './payments/payments.controller';
import { PaymentsRepository } from './payments/payments.repository';
import { PaymentsService } from './payments/payments.service';
import { PlansController } from './plans/plans.controller';
import { BillingRepository } from './subscriptions/billing.repository';
import { CheckoutLock } from './subscriptions/checkout-lock';
import { SubscriptionSync } from './subscriptions/subscription-sync';
import { SubscriptionsController } from './subscriptions/subscriptions.controller';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { StripeWebhooksController } from './webhooks/stripe-webhooks.controller';
import { StripeWebhooksService } from './webhooks/stripe-webhooks.service';

/** The worker's platform; the API's also consumes crypto-escrow's charge events. Providers shared by both. */
export const billingPlatform = PlatformModule.forService({
  config: billingConfigSchema,
  database: billingDatabase,
  queues: true,
});
export const billingProviders = [
  stripeClientProvider,
  BillingRepository,
  SubscriptionSync,
  CryptoSubscriptionsRepository,
];

/** crypto-escrow's charge events: a subscription charge paid activates (or renews) its plan. */
const handlers = [ChargeCompletedHandler, ChargeFailedHandler];

@Module({
  imports: [
    PlatformModule.forService({
      config: billingConfigSchema,
      database: billingDatabase,
      queues: true,
      events: { handlers },
    }),
    MailModule,
  ],
  controllers: [PlansController, SubscriptionsController, PaymentsController, StripeWebhooksController],
  providers: [
    ...billingProviders,
    ...handlers,
    CryptoSubscriptionsService,
    CheckoutLock,
    SubscriptionsService,
    StripeWebhooksService,
    ReceiptMailer,
    PaymentsRepository,
    PaymentsService,
  ],
})
export class AppModule {}
