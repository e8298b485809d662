import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import { APP_CONFIG, AppError, RateLimiter, rateLimitedMessage, REDIS, type AuthUser } from '@app/platform';
import type { Response } from 'express';
import type Redis from 'ioredis';
import type { ChatSupportConfig } from '../config';

/**
 * Issue 16: chat calls are limited per signed-in user (initialize, sentiment, message, escalate and history together, per minute), in Redis so
 * every replica counts alike. Runs after the route-access guard signed the user in; over the limit: 429 with Retry-After.
 */
@Injectable()
export class ChatRateLimitGuard implements CanActivate {
  private readonly limiter: RateLimiter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: ChatSupportConfig,
    @Inject(REDIS) redis: Redis,
  ) {
    this.limiter = new RateLimiter(redis, 'chat-support:ratelimit');
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const user = http.getRequest<{ user: AuthUser }>().user;
    const decision = await this.limiter.hit('chat', user.id, this.config.CHAT_RATE_LIMIT_PER_MINUTE, 60);
    const response = http.getResponse<Response>();
    response.setHeader('RateLimit-Limit', String(this.config.CHAT_RATE_LIMIT_PER_MINUTE));
    response.setHeader('RateLimit-Remaining', String(decision.remaining));
    response.setHeader('RateLimit-Reset', String(decision.retryAfterSeconds));
    if (decision.allowed) return true;
    response.setHeader('Retry-After', String(decision.retryAfterSeconds));
    throw new AppError(ErrorCode.RateLimited, rateLimitedMessage(decision.retryAfterSeconds));
  }
}
