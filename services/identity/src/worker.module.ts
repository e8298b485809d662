import { Module } from '@nestjs/common';
import { MailWorkerModule } from '@app/platform';
import { identityPlatform } from './app.module';

/** The identity worker: same code and platform, processing the (platform's) mail queue instead of HTTP. */
@Module({
  imports: [identityPlatform, MailWorkerModule],
})
export class WorkerModule {}
