import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import { AppError, REDIS } from '@app/platform';
import type Redis from 'ioredis';

/** Longer than a checkout's Stripe calls take; bounds how long a crashed holder blocks its user. */
export const CHECKOUT_LOCK_TTL_MS = 60_000;
/** How long a second checkout of the same user waits for the first before answering 409. */
export const CHECKOUT_LOCK_WAIT_MS = 30_000;
const POLL_MS = 50;

/** Deletes the key only while it still holds our token (a lock that expired may be someone else's now). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * One checkout at a time per user, across replicas: a Redis lock (SET NX PX with an owner token).
 * Redis rather than Postgres, because the lock is held across Stripe calls and must not hold a
 * database connection meanwhile. Should it ever expire under a slow holder, the Stripe idempotency
 * keys of the create calls still make both requests name the same Stripe objects.
 */
@Injectable()
export class CheckoutLock {
  private readonly logger = new Logger(CheckoutLock.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async run<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const key = `billing:checkout-lock:${userId}`;
    const token = randomUUID();
    const deadline = Date.now() + CHECKOUT_LOCK_WAIT_MS;
    while (!(await this.acquire(key, token))) {
      if (Date.now() >= deadline) {
        throw new AppError(ErrorCode.Conflict, 'Your checkout is already being started. Please try again in a moment.');
      }
      await delay(POLL_MS);
    }
    try {
      return await work();
    } finally {
      await this.redis.eval(RELEASE, 1, key, token).catch((error: unknown) => {
        this.logger.warn(`releasing ${key} failed (it expires by itself): ${(error as Error).message}`);
      });
    }
  }

  private async acquire(key: string, token: string): Promise<boolean> {
    try {
      return (await this.redis.set(key, token, 'PX', CHECKOUT_LOCK_TTL_MS, 'NX')) === 'OK';
    } catch (error) {
      this.logger.error(`taking the checkout lock failed: ${(error as Error).message}`);
      throw new AppError(ErrorCode.ServiceUnavailable, 'Checkout is unavailable right now. Please try again.');
    }
  }
}
