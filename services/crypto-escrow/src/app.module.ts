import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { Queue } from '@app/contracts';
import {
  kycClearanceProviders,
  KycStatusChangedHandler,
  PlatformModule,
  type ServiceEventsOptions,
} from '@app/platform';
import { CHARGE_PROVIDER } from './charges/charge-provider';
import { ChargePollSchedules } from './charges/charge-poll.schedules';
import { ChargesController } from './charges/charges.controller';
import { SubscriptionChargesController } from './charges/subscription-charges.controller';
import { ChargesRepository } from './charges/charges.repository';
import { ChargesService } from './charges/charges.service';
import { CoinbaseCommerceProvider } from './charges/coinbase-commerce.provider';
import { CoinbaseWebhookController } from './charges/coinbase-webhook.controller';
import { cryptoConfigSchema } from './config';
import { cryptoDatabase } from './entities';
import { XrpKycGate } from './kyc/xrp-kyc-gate';
import { EscrowMonitorSchedules } from './xrpl/escrow-monitor.schedules';
import { EscrowsRepository } from './xrpl/escrows.repository';
import { EscrowsService } from './xrpl/escrows.service';
import { XrpWalletService } from './xrpl/xrp-wallet.service';
import { XrpController } from './xrpl/xrp.controller';
import { XrplLedger } from './xrpl/xrpl-ledger';

/**
 * Shared by the API and the worker: platform, both queues, the provider adapter, ledger and
 * services. Only the API consumes events (`events`): the KYC read model behind the XRP gate.
 */
export const cryptoPlatform = (events?: ServiceEventsOptions) =>
  PlatformModule.forService({
    config: cryptoConfigSchema,
    database: cryptoDatabase,
    events,
    queues: true,
  });
export const cryptoQueues = BullModule.registerQueue(
  { name: Queue.CryptoChargePoll },
  { name: Queue.CryptoEscrowMonitor },
);
export const cryptoProviders = [
  { provide: CHARGE_PROVIDER, useClass: CoinbaseCommerceProvider },
  ChargesRepository,
  ChargePollSchedules,
  ChargesService,
  XrplLedger,
  EscrowsRepository,
  EscrowMonitorSchedules,
  EscrowsService,
  XrpWalletService,
  ...kycClearanceProviders,
  XrpKycGate,
];

/** Identity's events the API applies (issue 18): each user's KYC status. */
const handlers = [KycStatusChangedHandler];

@Module({
  imports: [cryptoPlatform({ handlers }), cryptoQueues],
  controllers: [ChargesController, SubscriptionChargesController, CoinbaseWebhookController, XrpController],
  providers: [...cryptoProviders, ...handlers],
})
export class AppModule {}
