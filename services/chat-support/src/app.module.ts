import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { keywordSentiment, Queue } from '@app/contracts';
import {
  APP_CONFIG,
  LiveChannel,
  MailModule,
  MailPreferencesChangedHandler,
  mailRecipientProviders,
  openAiClientProvider,
  PlatformModule,
} from '@app/platform';
import { AccountContextRepository } from './account/account-context.repository';
import { AccountContextService } from './account/account-context.service';
import { ChargeCompletedHandler } from './account/charge-completed.handler';
import { ChargeFailedHandler } from './account/charge-failed.handler';
import { KycStatusChangedHandler } from './account/kyc-status-changed.handler';
import { SubscriptionActivatedHandler } from './account/subscription-activated.handler';
import { TransactionRecordedHandler } from './account/transaction-recorded.handler';
import { UserRegisteredHandler } from './account/user-registered.handler';
import { AccountFacts } from './assistant/account-facts';
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
import { ChatLiveService } from './live/chat-live.service';
import { WidgetPresence } from './live/widget-presence';
import { SupportReplyMailer } from './mail/support-reply-mailer';

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

/** The account context's read model: other services' events (issue 16). */
const handlers = [
  UserRegisteredHandler,
  SubscriptionActivatedHandler,
  TransactionRecordedHandler,
  ChargeCompletedHandler,
  ChargeFailedHandler,
  KycStatusChangedHandler,
  // Profile's mail choices, for the support-reply mail (issue 39).
  MailPreferencesChangedHandler,
];

@Module({
  imports: [
    PlatformModule.forService({
      config: chatSupportConfigSchema,
      database: chatSupportDatabase,
      events: { handlers },
      queues: true,
    }),
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
    // Agents' replies to the user's open widget, through Redis pub/sub (any replica may hold the stream).
    LiveChannel,
    ChatLiveService,
    // Issue 39: whether a widget is open, and the mail an agent's reply sends when it is not.
    WidgetPresence,
    SupportReplyMailer,
    ...mailRecipientProviders,
    ...handlers,
    AccountContextRepository,
    AccountContextService,
    AccountFacts,
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
