import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@app/platform';
import type Redis from 'ioredis';

const keyOf = (userId: string, sessionId: string) => `chat-support:widget-open:${userId}:${sessionId}`;

/**
 * Issue 39: whether a member's chat widget is open, that is whether a live stream of that chat
 * session is connected on any replica. Each stream keeps an entry (its id, due to lapse at a time)
 * in a Redis sorted set of its user and session, renewed on every keep-alive and removed when it
 * ends; a replica that dies leaves entries that lapse on their own.
 */
@Injectable()
export class WidgetPresence {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** The stream is connected for `ttlMs` more (renewed before then by the next keep-alive). */
  async connected(userId: string, sessionId: string, streamId: string, ttlMs: number): Promise<void> {
    const key = keyOf(userId, sessionId);
    await this.redis
      .multi()
      .zadd(key, Date.now() + ttlMs, streamId)
      .pexpire(key, ttlMs)
      .exec();
  }

  async disconnected(userId: string, sessionId: string, streamId: string): Promise<void> {
    await this.redis.zrem(keyOf(userId, sessionId), streamId);
  }

  /** True when a stream of this chat session is connected now. */
  async isOpen(userId: string, sessionId: string): Promise<boolean> {
    const key = keyOf(userId, sessionId);
    const now = Date.now();
    const [, count] =
      (await this.redis.multi().zremrangebyscore(key, '-inf', now).zcount(key, now, '+inf').exec()) ?? [];
    return Number(count?.[1] ?? 0) > 0;
  }
}
