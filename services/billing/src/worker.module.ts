import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { Queue } from '@app/contracts';
import { billingPlatform, billingProviders } from './app.module';
import { ReconcileProcessor } from './reconcile/reconcile.processor';

/** The billing worker: same code and platform, running the reconcile job instead of HTTP. */
@Module({
  imports: [billingPlatform, BullModule.registerQueue({ name: Queue.BillingReconcile })],
  providers: [...billingProviders, ReconcileProcessor],
})
export class WorkerModule {}
