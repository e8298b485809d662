import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import { AppError, REDIS } from '@app/platform';
import type Redis from 'ioredis';

/**
 * Failed sign-ins per account, whatever addresses they come from (the gateway limits each
 * address on top). The first failures cost nothing; from the 5th on, the account waits 1, 2, 4,
 * 8 and 16 s before the next attempt is even checked; an attempt inside that wait is refused and
 * counts as a failure too, so a burst from many addresses reaches the lock at once. The 10th
 * failure locks the account for 15 minutes (the owner is told by e-mail). A success resets it;
 * so does a password reset. Failures are forgotten 15 minutes after the last one.
 *
 * Keyed by the e-mail as typed (lower-cased, hashed), registered or not: an unknown address is
 * throttled and locked exactly like a real one, so the answers never tell them apart.
 */
export const signInThrottle = {
  delayAfterFailures: 5,
  firstDelayMs: 1000,
  lockAfterFailures: 10,
  lockMs: 15 * 60_000,
  forgetAfterMs: 15 * 60_000,
} as const;

export type ThrottleVerdict =
  | { state: 'proceed' }
  | { state: 'failed' }
  | { state: 'delayed'; retryAfterMs: number }
  /** `lockedNow`: this attempt locked the account (exactly one attempt per lock sees it). */
  | { state: 'locked'; retryAfterMs: number; lockedNow: boolean };

/** Counts the attempt; refuses it while the account waits or is locked. */
const attemptScript = `
local now = tonumber(ARGV[1])
local lockedUntil = tonumber(redis.call('HGET', KEYS[1], 'l') or '0')
if lockedUntil > now then return {'locked', lockedUntil} end
if lockedUntil > 0 then redis.call('DEL', KEYS[1]) end
local delayedUntil = tonumber(redis.call('HGET', KEYS[1], 'd') or '0')
local failures = redis.call('HINCRBY', KEYS[1], 'f', 1)
if delayedUntil > now then
  if failures >= tonumber(ARGV[4]) then
    local untilMs = now + tonumber(ARGV[5])
    redis.call('HSET', KEYS[1], 'l', untilMs)
    redis.call('PEXPIRE', KEYS[1], ARGV[5])
    return {'locked-now', untilMs}
  end
  redis.call('PEXPIRE', KEYS[1], ARGV[6])
  return {'delayed', delayedUntil}
end
if failures >= tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[1], 'd', now + math.floor(tonumber(ARGV[3]) * 2 ^ (failures - tonumber(ARGV[2]))))
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return {'proceed', failures}
`;

/** After a wrong password: the attempt was counted already; lock when it was the last one allowed. */
const failScript = `
local now = tonumber(ARGV[1])
local lockedUntil = tonumber(redis.call('HGET', KEYS[1], 'l') or '0')
if lockedUntil > now then return {'locked', lockedUntil} end
local failures = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
if failures >= tonumber(ARGV[2]) then
  local untilMs = now + tonumber(ARGV[3])
  redis.call('HSET', KEYS[1], 'l', untilMs)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {'locked-now', untilMs}
end
return {'failed', failures}
`;

/** The Redis key of an account's throttle (the address is hashed, never stored). */
export const signInThrottleKey = (email: string): string =>
  `signin-throttle:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

@Injectable()
export class SignInThrottle {
  private readonly logger = new Logger(SignInThrottle.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Call before checking the password; only `proceed` may go on to check it. */
  attempt(email: string, now = Date.now()): Promise<ThrottleVerdict> {
    const t = signInThrottle;
    return this.run(
      attemptScript,
      email,
      now,
      t.delayAfterFailures,
      t.firstDelayMs,
      t.lockAfterFailures,
      t.lockMs,
      t.forgetAfterMs,
    );
  }

  /** Call after a wrong password. */
  fail(email: string, now = Date.now()): Promise<ThrottleVerdict> {
    return this.run(failScript, email, now, signInThrottle.lockAfterFailures, signInThrottle.lockMs);
  }

  /** A successful sign-in (or password reset) starts the count afresh. */
  async clear(email: string): Promise<void> {
    try {
      await this.redis.del(signInThrottleKey(email));
    } catch (error) {
      this.logger.error(`sign-in throttle not cleared: ${(error as Error).message}`);
    }
  }

  private async run(script: string, email: string, now: number, ...args: number[]): Promise<ThrottleVerdict> {
    let reply: [string, number];
    try {
      reply = (await this.redis.eval(script, 1, signInThrottleKey(email), now, ...args)) as [string, number];
    } catch (error) {
      this.logger.error(`sign-in throttle unreadable: ${(error as Error).message}`);
      throw new AppError(ErrorCode.ServiceUnavailable, 'Sign-in is temporarily unavailable. Please try again shortly.');
    }
    const [state, value] = reply;
    switch (state) {
      case 'locked':
      case 'locked-now':
        return { state: 'locked', retryAfterMs: value - now, lockedNow: state === 'locked-now' };
      case 'delayed':
        return { state: 'delayed', retryAfterMs: value - now };
      case 'failed':
        return { state: 'failed' };
      default:
        return { state: 'proceed' };
    }
  }
}
