import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { Queue } from '@app/contracts';
import { MailProcessor } from './mail.processor';
import { MailService } from './mail.service';

/**
 * Lets a service send e-mail: jobs go to the shared `mail` queue, and the mail worker
 * (services/mail) delivers them over SMTP. Needs `queues: true` on the platform module.
 */
@Module({
  imports: [BullModule.registerQueue({ name: Queue.Mail })],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}

/**
 * Makes a worker the mail worker: it processes the shared `mail` queue for every service. Needs
 * `queues: true` and the settings of `mailConfigShape` in the process's config. services/mail
 * runs it on Redis alone, so mail goes out whichever services are deployed.
 */
@Module({
  imports: [BullModule.registerQueue({ name: Queue.Mail })],
  providers: [MailProcessor],
})
export class MailWorkerModule {}
