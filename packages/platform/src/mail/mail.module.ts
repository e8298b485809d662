import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { Queue } from '@app/contracts';
import { MailService } from './mail.service';

/**
 * Lets a service send e-mail: jobs go to the shared `mail` queue, and the mail worker
 * (identity-worker today) delivers them over SMTP. Needs `queues: true` on the platform module.
 */
@Module({
  imports: [BullModule.registerQueue({ name: Queue.Mail })],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
