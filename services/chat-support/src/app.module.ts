import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { keywordSentiment, Queue } from '@app/contracts';
import { APP_CONFIG, MailModule, PlatformModule } from '@app/platform';
import { BuiltinAssistant } from './assistant/builtin-assistant';
import { CHAT_ASSISTANT } from './assistant/chat-assistant';
import { OpenAiAssistant } from './assistant/openai-assistant';
import { SupportHistory } from './assistant/support-history';
import { ChatRateLimitGuard } from './chat/chat-rate-limit.guard';
import { ChatController } from './chat/chat.controller';
import { ChatService } from './chat/chat.service';
import { ConversationsRepository } from './chat/conversations.repository';
import { chatSupportConfigSchema, type ChatSupportConfig } from './config';
import { chatSupportDatabase } from './entities';
import { EscalationsService } from './escalations/escalations.service';
import { SupportConversationsRepository } from './escalations/support-conversations.repository';
import { openAiClientProvider } from './openai/openai.client';

import { OpenAiSentiment } from './sentiment/openai-sentiment';
import { SENTIMENT_ANALYZER, type SentimentAnalyzer } from './sentiment/sentiment-analyzer';
import { SupportSlaProcessor } from './sla/support-sla.processor';
import { SupportSlaSchedules } from './sla/support-sla.schedules';
import { SupportSlaService } from './sla/support-sla.service';
import { SupportQueueRepository } from './support/support-queue.repository';
import { SupportController } from './support/support.controller';
import { SupportService } from './support/support.service';
import { ContactController } from './tickets/contact.controller';
import { SupportTicketsRepository } from './tickets/support-tickets.repository';
import { SupportTicketsService } from './tickets/support-tickets.service';

/** The spec's keyword rules as the sentiment port's built-in adapter. */
const keywordAnalyzer: SentimentAnalyzer = { analyze: async (message) => keywordSentiment(message) };

@Module({
  imports: [
    PlatformModule.forService({ config: chatSupportConfigSchema, database: chatSupportDatabase, queues: true }),
    MailModule,
    BullModule.registerQueue({ name: Queue.SupportSla }),
  ],
  controllers: [ContactController, ChatController, SupportController],
  providers: [
    SupportTicketsService,
    SupportTicketsRepository,
    ChatService,
    EscalationsService,
    ConversationsRepository,
    SupportConversationsRepository,
    SupportService,
    SupportQueueRepository,
    // The first-response SLA clock: its jobs run in the service itself (one small delayed job per escalation).
    SupportSlaSchedules,
    SupportSlaService,
    SupportSlaProcessor,
    ChatRateLimitGuard,
    SupportHistory,
    openAiClientProvider,
    BuiltinAssistant,
    OpenAiAssistant,
    OpenAiSentiment,
    // The adapters behind the ports: OpenAI when OPENAI_API_KEY is set, the built-in engines otherwise.
    {
      provide: CHAT_ASSISTANT,
      inject: [APP_CONFIG, OpenAiAssistant, BuiltinAssistant],
      useFactory: (config: ChatSupportConfig, openai: OpenAiAssistant, builtin: BuiltinAssistant) =>
        config.OPENAI_API_KEY ? openai : builtin,
    },
    {
      provide: SENTIMENT_ANALYZER,
      inject: [APP_CONFIG, OpenAiSentiment],
      useFactory: (config: ChatSupportConfig, openai: OpenAiSentiment) =>
        config.OPENAI_API_KEY ? openai : keywordAnalyzer,
    },
  ],
})
export class AppModule {}
