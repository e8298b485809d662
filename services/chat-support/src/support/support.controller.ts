import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  supportQueueQuerySchema,
  supportReplyRequestSchema,
  type SupportConversationResponse,
  type SupportConversationStatus,
  type SupportQueueResponse,
} from '@app/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@app/platform';
import { SupportService } from './support.service';

type QueueQuery = { status?: SupportConversationStatus; limit: number };

/** Issue 16: the support team's queue (role support or admin). */
@Controller('api/support')
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Get('queue')
  queue(@Query(new ZodValidationPipe(supportQueueQuerySchema)) query: QueueQuery): Promise<SupportQueueResponse> {
    return this.support.list(query.status, query.limit);
  }

  @Get('conversations/:id')
  conversation(@Param('id') id: string): Promise<SupportConversationResponse> {
    return this.support.get(id);
  }

  @Post('conversations/:id/claim')
  @HttpCode(200)
  claim(@CurrentUser() agent: AuthUser, @Param('id') id: string): Promise<SupportConversationResponse> {
    return this.support.claim(agent, id);
  }

  @Post('conversations/:id/reply')
  @HttpCode(200)
  reply(
    @CurrentUser() agent: AuthUser,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(supportReplyRequestSchema)) body: { message: string },
  ): Promise<SupportConversationResponse> {
    return this.support.reply(agent, id, body.message);
  }

  @Post('conversations/:id/resolve')
  @HttpCode(200)
  resolve(@CurrentUser() agent: AuthUser, @Param('id') id: string): Promise<SupportConversationResponse> {
    return this.support.resolve(agent, id);
  }

  @Post('tickets/:id/claim')
  @HttpCode(200)
  claimTicket(@CurrentUser() agent: AuthUser, @Param('id') id: string): Promise<{ id: string; status: string }> {
    return this.support.workTicket(agent, id, 'claim');
  }

  @Post('tickets/:id/resolve')
  @HttpCode(200)
  resolveTicket(@CurrentUser() agent: AuthUser, @Param('id') id: string): Promise<{ id: string; status: string }> {
    return this.support.workTicket(agent, id, 'resolve');
  }
}
