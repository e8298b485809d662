import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { OneTimeToken, type TokenPurpose } from './one-time-token.entity';
import { hashToken, newSecretToken } from './secret-token.util';

/** How long a link works: a verification link a day, a password reset link an hour. */
export const ONE_TIME_TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

export type ConsumeResult = { ok: true; token: OneTimeToken } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

@Injectable()
export class OneTimeTokensRepository {
  /** Issues a new token, retiring the user's earlier unused ones of the same purpose. */
  async issue(manager: EntityManager, userId: string, purpose: TokenPurpose, now = new Date()): Promise<string> {
    const token = newSecretToken();
    await manager.update(OneTimeToken, { userId, purpose, usedAt: IsNull() }, { expiresAt: now });
    await manager.insert(OneTimeToken, {
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + ONE_TIME_TOKEN_TTL_MS[purpose]),
    });
    return token;
  }

  /** Marks the token used (locking its row) when it is known, unused and unexpired. */
  async consume(
    manager: EntityManager,
    token: string,
    purpose: TokenPurpose,
    now = new Date(),
  ): Promise<ConsumeResult> {
    const row = await manager.findOne(OneTimeToken, {
      where: { tokenHash: hashToken(token), purpose },
      lock: { mode: 'pessimistic_write' },
    });
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.usedAt) return { ok: false, reason: 'used' };
    if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
    await manager.update(OneTimeToken, { id: row.id }, { usedAt: now });
    return { ok: true, token: row };
  }
}
