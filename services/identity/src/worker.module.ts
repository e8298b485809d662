import { Module } from '@nestjs/common';
import { identityPlatform } from './app.module';

/**
 * The identity worker: same code and platform without HTTP. Identity's mail is queued by the API
 * (MailService) and sent by the mail worker (services/mail), which needs no identity to run.
 */
@Module({
  imports: [identityPlatform],
})
export class WorkerModule {}
