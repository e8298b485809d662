import { Inject, Injectable } from '@nestjs/common';
import {
  chatHistoryLimit,
  ErrorCode,
  priorityOf,
  type chatInitializeRequestSchema,
  type ChatHistoryResponse,
  type chatMessageRequestSchema,
  type chatSentimentRequestSchema,
  type ChatInitializeResponse,
  type ChatMessageResponse,
  type ChatSentimentResponse,
} from '@app/contracts';
import { AppError, TransactionRunner, type AuthUser, type Transaction } from '@app/platform';
import type { z } from 'zod';
import { CHAT_ASSISTANT, type ChatAssistant } from '../assistant/chat-assistant';
import { SupportConversationsRepository } from '../escalations/support-conversations.repository';

import { SENTIMENT_ANALYZER, type SentimentAnalyzer } from '../sentiment/sentiment-analyzer';
import { historyMessage } from '../support/support.service';
import type { ChatConversation } from './chat-conversation.entity';
import { ConversationsRepository } from './conversations.repository';

export type InitializeRequest = z.output<typeof chatInitializeRequestSchema>;
export type SentimentRequest = z.output<typeof chatSentimentRequestSchema>;
export type MessageRequest = z.output<typeof chatMessageRequestSchema>;

/** Earlier messages the assistant sees with a question. */
const HISTORY_MESSAGES = 10;

/** Spec 2, 3 and 7: the widget's conversation, one per session id, stored per user. */
@Injectable()
export class ChatService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly conversations: ConversationsRepository,
    private readonly support: SupportConversationsRepository,
    @Inject(CHAT_ASSISTANT) private readonly assistant: ChatAssistant,
    @Inject(SENTIMENT_ANALYZER) private readonly analyzer: SentimentAnalyzer,
  ) {}

  async initialize(user: AuthUser, request: InitializeRequest): Promise<ChatInitializeResponse> {
    const conversation = await this.transactions.run((manager) =>
      this.conversationOf(manager, user, request.sessionId, {
        userAgent: request.userAgent,
        platform: request.platform,
      }),
    );
    return {
      sessionId: conversation.sessionId,
      conversationId: conversation.id,
      startedAt: conversation.startedAt.toISOString(),
    };
  }

  async sentiment(user: AuthUser, request: SentimentRequest): Promise<ChatSentimentResponse> {
    await this.transactions.run((manager) => this.conversationOf(manager, user, request.sessionId));
    const sentiment = await this.analyzer.analyze(request.message);
    return { ...sentiment, priority: priorityOf(sentiment) };
  }

  /**
   * Stores the user's message, asks the assistant (outside any transaction: a provider may take
   * seconds) with the conversation so far, and stores and returns its reply.
   */
  async message(user: AuthUser, request: MessageRequest): Promise<ChatMessageResponse> {
    const { conversation, history } = await this.transactions.run(async (manager) => {
      const conversation = await this.conversationOf(manager, user, request.sessionId);
      const history = await this.conversations.recentMessages(manager, conversation.id, HISTORY_MESSAGES);
      await this.conversations.addMessage(manager, {
        conversationId: conversation.id,
        type: 'user',
        content: request.message,
        sentiment: request.sentiment ?? null,
        priority: request.priority ?? 'low',
      });
      await this.reopenIfResolved(manager, conversation.id);
      return { conversation, history };
    });
    const reply = await this.assistant.reply({
      user,
      question: request.message,
      history: history.map(({ type, content }) => ({ type, content })),
    });
    const stored = await this.transactions.run(async (manager) => {
      const message = await this.conversations.addMessage(manager, {
        conversationId: conversation.id,
        type: 'bot',
        content: reply.text,
        sources: reply.sources,
      });
      await this.conversations.touch(manager, conversation.id, message.createdAt);
      return message;
    });
    return {
      message: reply.text,
      messageId: stored.id,
      timestamp: stored.createdAt.toISOString(),
      sources: reply.sources,
      offerHuman: reply.offerHuman,
    };
  }

  /**
   * The owner's chat so far, oldest first, with the agents' replies: the widget reads it when it
   * opens. Someone else's (or an unknown) session id answers 404.
   */
  async history(user: AuthUser, sessionId: string): Promise<ChatHistoryResponse> {
    return this.transactions.run(async (manager) => {
      const conversation = await this.conversations.findBySession(manager, sessionId);
      if (conversation?.userId !== user.id) throw new AppError(ErrorCode.NotFound, 'Chat session not found.');
      const messages = await this.conversations.recentMessages(manager, conversation.id, chatHistoryLimit);
      const support = await this.support.latestOf(manager, conversation.id);
      return { sessionId, messages: messages.map(historyMessage), supportStatus: support?.status ?? null };
    });
  }

  /** Issue 16: the user writing again in a chat whose support conversation was resolved reopens it (open, same agent). */
  private async reopenIfResolved(manager: Transaction, conversationId: string): Promise<void> {
    const latest = await this.support.latestOf(manager, conversationId);
    if (latest?.status === 'resolved') {
      await this.support.update(manager, latest.id, {
        status: latest.assignedTo ? 'open' : 'pending',
        resolvedAt: null,
      });
    }
  }

  /**
   * The conversation of the session id, created for the user on first use. Someone else's session
   * id answers 404, as if it did not exist: a user never reads or writes another user's chat.
   */
  async conversationOf(
    manager: Transaction,
    user: AuthUser,
    sessionId: string,
    details?: { userAgent?: string; platform?: string },
  ): Promise<ChatConversation> {
    const conversation = await this.conversations.claim(manager, user.id, sessionId, details);
    if (conversation.userId !== user.id) throw new AppError(ErrorCode.NotFound, 'Chat session not found.');
    return conversation;
  }
}
