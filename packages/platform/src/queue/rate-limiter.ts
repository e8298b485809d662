import type Redis from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in Redis, shared by every replica: one INCR (and EXPIRE) per hit. The
 * gateway counts per client address; a service counts per signed-in user (e.g. chat calls).
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'ratelimit',
  ) {}

  async hit(bucket: string, key: string, max: number, windowSeconds: number, now = Date.now()): Promise<RateDecision> {
    const window = Math.floor(now / 1000 / windowSeconds);
    const counter = `${this.prefix}:${bucket}:${key}:${window}`;
    const [[, count]] = (await this.redis
      .multi()
      .incr(counter)
      .expire(counter, windowSeconds + 1)
      .exec()) as [[null, number]];
    const retryAfterSeconds = (window + 1) * windowSeconds - Math.floor(now / 1000);
    return { allowed: count <= max, remaining: Math.max(0, max - count), retryAfterSeconds };
  }
}

/** The 429 message the gateway and the services answer with. */
export const rateLimitedMessage = (seconds: number): string =>
  `Too many requests. Please try again in ${seconds} seconds.`;
