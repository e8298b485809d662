import { Module } from '@nestjs/common';
import { cryptoPlatform, cryptoProviders, cryptoQueues } from './app.module';
import { ChargePollProcessor } from './charges/charge-poll.processor';
import { EscrowMonitorProcessor } from './xrpl/escrow-monitor.processor';

/**
 * The crypto worker: same code and platform, running the charge polls and escrow monitors instead
 * of HTTP. It consumes no events (the API keeps the KYC read model); its outbox relay publishes.
 */
@Module({
  imports: [cryptoPlatform(), cryptoQueues],
  providers: [...cryptoProviders, ChargePollProcessor, EscrowMonitorProcessor],
})
export class WorkerModule {}
