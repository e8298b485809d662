import { Module } from '@nestjs/common';
import { MailModule, PlatformModule } from '@app/platform';
import { chatSupportConfigSchema } from './config';
import { chatSupportDatabase } from './entities';
import { ContactController } from './tickets/contact.controller';
import { SupportTicketsRepository } from './tickets/support-tickets.repository';
import { SupportTicketsService } from './tickets/support-tickets.service';

@Module({
  imports: [
    PlatformModule.forService({ config: chatSupportConfigSchema, database: chatSupportDatabase, queues: true }),
    MailModule,
  ],
  controllers: [ContactController],
  providers: [SupportTicketsService, SupportTicketsRepository],
})
export class AppModule {}
