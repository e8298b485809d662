import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import {
  chatEscalateRequestSchema,
  chatHistoryQuerySchema,
  chatInitializeRequestSchema,
  chatMessageRequestSchema,
  chatSentimentRequestSchema,
  type ChatEscalateResponse,
  type ChatHistoryResponse,
  type ChatInitializeResponse,
  type ChatMessageResponse,
  type ChatSentimentResponse,
} from '@app/contracts';
import { CurrentUser, RequestId, SessionGuard, ZodValidationPipe, type AuthUser } from '@app/platform';
import { EscalationsService, type EscalateRequest } from '../escalations/escalations.service';
import { ChatRateLimitGuard } from './chat-rate-limit.guard';
import { ChatService, type InitializeRequest, type MessageRequest, type SentimentRequest } from './chat.service';

/** Spec 7's /api/chat calls of the widget: the session id names the chat, the session cookie its owner. */
@Controller('api/chat')
@UseGuards(SessionGuard, ChatRateLimitGuard)
export class ChatController {
  constructor(
    private readonly chat: ChatService,
    private readonly escalations: EscalationsService,
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

  @Post('escalate')
  escalate(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(chatEscalateRequestSchema)) body: EscalateRequest,
    @RequestId() requestId: string | undefined,
  ): Promise<ChatEscalateResponse> {
    return this.escalations.escalate(user, body, requestId);
  }
}
