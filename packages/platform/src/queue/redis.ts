import type { RedisOptions } from 'ioredis';

// The shared fixed-window limiter (gateway per address, services per user) goes with the Redis helpers,
// so the gateway reaches it through `@app/platform/redis` without Nest.
export * from './rate-limiter';

/** ioredis options from a redis:// URL; BullMQ needs maxRetriesPerRequest null for its workers. */
export function redisOptions(url: string): RedisOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number(parsed.pathname.slice(1) || 0),
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}
