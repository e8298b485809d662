import { Body, Controller, Get, HttpCode, Post, Query, Sse, UseGuards, type MessageEvent } from '@nestjs/common';
import {
  chatEscalateRequestSchema,
  chatHistoryQuerySchema,
  chatInitializeRequestSchema,
  chatMessageRequestSchema,
  chatSentimentRequestSchema,
  chatStreamQuerySchema,
  type ChatEscalateResponse,
  type ChatHistoryResponse,
  type ChatInitializeResponse,
  type ChatMessageResponse,
  type ChatSentimentResponse,
} from '@app/contracts';
import { CurrentUser, RequestId, ZodValidationPipe, type AuthUser } from '@app/platform';
import type { Observable } from 'rxjs';
import { EscalationsService, type EscalateRequest } from '../escalations/escalations.service';
import { ChatLiveService } from '../live/chat-live.service';
import { ChatRateLimitGuard } from './chat-rate-limit.guard';
import { ChatService, type InitializeRequest, type MessageRequest, type SentimentRequest } from './chat.service';

/** Spec 7's /api/chat calls of the widget: the session id names the chat, the session cookie its owner. */
@Controller('api/chat')
@UseGuards(ChatRateLimitGuard)
export class ChatController {
  constructor(
    private readonly chat: ChatService,
    private readonly escalations: EscalationsService,
    private readonly live: ChatLiveService,
  ) {}

  @Post('initialize')
  @HttpCode(200)
  initialize(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(chatInitializeRequestSchema)) body: InitializeRequest,
  ): Promise<ChatInitializeResponse> {
    return this.chat.initialize(user, body);
  }

  @Post('sentiment')
  @HttpCode(200)
  sentiment(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(chatSentimentRequestSchema)) body: SentimentRequest,
  ): Promise<ChatSentimentResponse> {
    return this.chat.sentiment(user, body);
  }

  @Post('message')
  @HttpCode(200)
  message(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(chatMessageRequestSchema)) body: MessageRequest,
  ): Promise<ChatMessageResponse> {
    return this.chat.message(user, body);
  }

  /** The chat so far, agents' replies included: the widget reads it when it opens (issue 16). */
  @Get('history')
  history(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(chatHistoryQuerySchema)) query: { sessionId: string },
  ): Promise<ChatHistoryResponse> {
    return this.chat.history(user, query.sessionId);
  }

  /**
   * Server-sent events of this chat session for its owner (issue 16): agents' replies and the support
   * conversation's state as they happen. The widget re-reads the history on every `ready`.
   */
  @Sse('stream')
  stream(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(chatStreamQuerySchema)) query: { sessionId: string },
  ): Observable<MessageEvent> {
    return this.live.stream(user, query.sessionId);
  }

  @Post('escalate')
  escalate(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(chatEscalateRequestSchema)) body: EscalateRequest,
    @RequestId() requestId: string | undefined,
  ): Promise<ChatEscalateResponse> {
    return this.escalations.escalate(user, body, requestId);
  }
}
