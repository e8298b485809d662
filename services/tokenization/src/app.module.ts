import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { Queue } from '@app/contracts';
import {
  kycClearanceProviders,
  KycStatusChangedHandler,
  MailModule,
  MailPreferencesChangedHandler,
  MailRecipientRegisteredHandler,
  mailRecipientProviders,
  PlatformModule,
  stripeClientProvider,
  type ServiceEventsOptions,
} from '@app/platform';
import { ChainStatusController } from './chain/chain-status.controller';
import { ChainStatusService } from './chain/chain-status.service';
import { ComplianceRunsRepository } from './compliance/compliance-runs.repository';
import { ComplianceQueue } from './compliance/compliance.queue';
import { tokenizationConfigSchema, type tokenizationWorkerConfigSchema } from './config';
import { ComplianceExceptionController, DeploymentController } from './deployment/deployment.controller';
import { DeploymentRule } from './deployment/deployment-rule';
import { DeploymentQueue } from './deployment/deployment.queue';
import { DeploymentService } from './deployment/deployment.service';
import { TokenContractsRepository } from './deployment/token-contracts.repository';
import { tokenizationDatabase } from './entities';
import { CardPayments } from './investments/card-payments';
import { InvestmentsController, StripePaymentsWebhookController } from './investments/investments.controller';
import { InvestmentsRepository } from './investments/investments.repository';
import { InvestmentsService } from './investments/investments.service';
import { LockupQueue } from './investments/lockup.queue';
import { MintQueue } from './investments/mint.queue';
import { WholesaleService } from './investments/wholesale.service';
import { InvestmentMailer } from './mail/investment-mailer';
import { AccountPlansRepository } from './plans/account-plans.repository';
import { InvoicePaidHandler, SubscriptionActivatedHandler } from './plans/plan-events.handlers';
import { PropertiesController } from './properties/properties.controller';
import { PropertiesRepository } from './properties/properties.repository';
import { PropertiesService } from './properties/properties.service';
import { EligibilityController } from './region/eligibility.controller';
import { RegionGuard } from './region/region.guard';
import { RegionLocator } from './region/region-locator';

/**
 * Shared by the API and the worker: platform, queues and repositories, each process with its own
 * settings (the worker's alone hold the deployer key and the chains).
 */
export const tokenizationPlatform = (
  config: typeof tokenizationConfigSchema | typeof tokenizationWorkerConfigSchema,
  events?: ServiceEventsOptions,
) =>
  PlatformModule.forService({
    config,
    database: tokenizationDatabase,
    events,
    queues: true,
  });
export const tokenizationQueues = BullModule.registerQueue(
  { name: Queue.TokenizationCompliance },
  { name: Queue.TokenizationDeployment },
  { name: Queue.TokenizationMint },
  { name: Queue.TokenizationLockup },
);
export const tokenizationProviders = [
  PropertiesRepository,
  ComplianceRunsRepository,
  TokenContractsRepository,
  InvestmentsRepository,
  ComplianceQueue,
  DeploymentQueue,
  MintQueue,
  LockupQueue,
  AccountPlansRepository,
  DeploymentRule,
  ...kycClearanceProviders,
  // The investment mails (issue 39), sent by the API and the worker alike.
  ...mailRecipientProviders,
  InvestmentMailer,
];

/**
 * The events the API applies: identity's KYC status of each user (the compliance check, deployments
 * and investments read it), billing's plan of each user (deploying needs one with tokenization), and
 * each member's address and mail choices (identity's UserRegistered, profile's MailPreferencesChanged:
 * the investment mails, issue 39).
 */
const handlers = [
  KycStatusChangedHandler,
  SubscriptionActivatedHandler,
  InvoicePaidHandler,
  MailRecipientRegisteredHandler,
  MailPreferencesChangedHandler,
];

@Module({
  imports: [tokenizationPlatform(tokenizationConfigSchema, { handlers }), tokenizationQueues, MailModule],
  controllers: [
    EligibilityController,
    PropertiesController,
    DeploymentController,
    ComplianceExceptionController,
    ChainStatusController,
    InvestmentsController,
    StripePaymentsWebhookController,
  ],
  providers: [
    ...tokenizationProviders,
    ...handlers,
    RegionLocator,
    RegionGuard,
    PropertiesService,
    DeploymentService,
    ChainStatusService,
    stripeClientProvider,
    CardPayments,
    WholesaleService,
    InvestmentsService,
  ],
})
export class AppModule {}
