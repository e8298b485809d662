import { Module } from '@nestjs/common';
import {
  kycClearanceProviders,
  KycStatusChangedHandler,
  MailModule,
  MailPreferencesChangedHandler,
  mailRecipientProviders,
  openAiClientProvider,
  PlatformModule,
} from '@app/platform';
import { AdminController } from './admin/admin.controller';
import { AdminService } from './admin/admin.service';
import { AffiliateApplicationSubmittedHandler } from './affiliates/affiliate-application-submitted.handler';
import { ReferralWindowController } from './affiliates/referral-window.controller';
import { AffiliatesController } from './affiliates/affiliates.controller';
import { AffiliatesRepository } from './affiliates/affiliates.repository';
import { AffiliatesService } from './affiliates/affiliates.service';
import { affiliateConfigSchema } from './config';
import { affiliateDatabase } from './entities';
import { PayoutMailer } from './mail/payout-mailer';
import { PayoutsRepository } from './payouts/payouts.repository';
import { PayoutsService } from './payouts/payouts.service';
import { CommissionsService } from './referrals/commissions.service';
import { DisputesRepository } from './referrals/disputes.repository';
import { InvoiceDisputeWonHandler } from './referrals/invoice-dispute-won.handler';
import { InvoiceDisputedHandler } from './referrals/invoice-disputed.handler';
import { InvoicePaidHandler } from './referrals/invoice-paid.handler';
import { InvoiceRefundedHandler } from './referrals/invoice-refunded.handler';
import { ParkedEventsRepository } from './referrals/parked-events.repository';
import { ReferralsRepository } from './referrals/referrals.repository';
import { UserRegisteredHandler } from './referrals/user-registered.handler';
import { OpenAiWriter } from './toolkit/openai-writer';
import { ToolkitController } from './toolkit/toolkit.controller';
import { ToolkitService } from './toolkit/toolkit.service';

const handlers = [
  UserRegisteredHandler,
  AffiliateApplicationSubmittedHandler,
  InvoicePaidHandler,
  InvoiceRefundedHandler,
  InvoiceDisputedHandler,
  InvoiceDisputeWonHandler,
  KycStatusChangedHandler,
  // Profile's mail choices, for the payout-paid mail (issue 39).
  MailPreferencesChangedHandler,
];

@Module({
  imports: [
    PlatformModule.forService({
      config: affiliateConfigSchema,
      database: affiliateDatabase,
      events: { handlers },
      // The mail queue (issue 39: the payout-paid mail).
      queues: true,
    }),
    MailModule,
  ],
  controllers: [AffiliatesController, ReferralWindowController, ToolkitController, AdminController],
  providers: [
    ...handlers,
    AffiliatesRepository,
    ReferralsRepository,
    ParkedEventsRepository,
    DisputesRepository,
    PayoutsRepository,
    ...kycClearanceProviders,
    ...mailRecipientProviders,
    PayoutMailer,
    AffiliatesService,
    CommissionsService,
    PayoutsService,
    AdminService,
    ToolkitService,
    OpenAiWriter,
    openAiClientProvider,
  ],
})
export class AppModule {}
