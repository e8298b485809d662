import type Redis from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** Fixed-window counters in Redis, shared by every gateway replica. */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'ratelimit',
  ) {}

  async hit(
    bucket: string,
    client: string,
    max: number,
    windowSeconds: number,
    now = Date.now(),
  ): Promise<RateDecision> {
    const window = Math.floor(now / 1000 / windowSeconds);
    const key = `${this.prefix}:${bucket}:${client}:${window}`;
    const [[, count]] = (await this.redis
      .multi()
      .incr(key)
      .expire(key, windowSeconds + 1)
      .exec()) as [[null, number]];
    const retryAfterSeconds = (window + 1) * windowSeconds - Math.floor(now / 1000);
    return { allowed: count <= max, remaining: Math.max(0, max - count), retryAfterSeconds };
  }
}
