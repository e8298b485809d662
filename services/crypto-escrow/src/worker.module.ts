import { Module } from '@nestjs/common';
import { cryptoPlatform, cryptoProviders, cryptoQueues } from './app.module';
import { ChargePollProcessor } from './charges/charge-poll.processor';
import { EscrowMonitorProcessor } from './xrpl/escrow-monitor.processor';

/** The crypto worker: same code and platform, running the charge polls and escrow monitors instead of HTTP. */
@Module({
  imports: [cryptoPlatform, cryptoQueues],
  providers: [...cryptoProviders, ChargePollProcessor, EscrowMonitorProcessor],
})
export class WorkerModule {}
