import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { Queue } from '@app/contracts';
import { identityPlatform } from './app.module';
import { MailProcessor } from './mail/mail.processor';

/** The identity worker: same code and platform, processing the mail queue instead of HTTP. */
@Module({
  imports: [identityPlatform, BullModule.registerQueue({ name: Queue.Mail })],
  providers: [MailProcessor],
})
export class WorkerModule {}
