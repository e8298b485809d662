import { Module } from '@nestjs/common';
import { MailWorkerModule, PlatformModule } from '@app/platform';
import { mailConfigSchema } from './config';

/**
 * The mail worker: the platform's mail processor on Redis alone (no database, no Kafka), so every
 * service's mail is sent whichever services are deployed. Readiness: Redis.
 */
@Module({
  imports: [
    PlatformModule.forService({ config: mailConfigSchema, database: false, events: false, queues: true }),
    MailWorkerModule,
  ],
})
export class WorkerModule {}
