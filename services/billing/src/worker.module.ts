import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { Queue } from '@app/contracts';
import { MailModule } from '@app/platform';
import { billingPlatform, billingProviders } from './app.module';
import { CryptoRenewalService } from './crypto/crypto-renewal.service';
import { ReconcileProcessor } from './reconcile/reconcile.processor';

/** The billing worker: same code and platform, running the reconcile and crypto-renewal jobs instead of HTTP. */
@Module({
  imports: [billingPlatform, MailModule, BullModule.registerQueue({ name: Queue.BillingReconcile })],
  providers: [...billingProviders, CryptoRenewalService, ReconcileProcessor],
})
export class WorkerModule {}
