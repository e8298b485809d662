import type Redis from 'ioredis';

/**
 * How long a signed-out session stays on the revocation list: the longest an access token of it
 * can still be valid (tokens live 15 minutes and no new one is minted once its refresh family is
 * revoked), plus a minute for clocks that disagree.
 */
export const REVOKED_SESSION_TTL_SECONDS = 15 * 60 + 60;

export const revokedSessionKey = (sessionId: string): string => `session-revoked:${sessionId}`;

/**
 * The short list of signed-out sessions, in the Redis every gateway replica and service shares:
 * one key per revoked session id that expires with the session's last access token. Identity
 * writes it (sign-out, password reset, refresh-token reuse); the gateway and each service's
 * `JwtStrategy` read it on every guarded request.
 */
export class SessionRevocationList {
  constructor(private readonly redis: Pick<Redis, 'multi' | 'exists'>) {}

  async revoke(sessionIds: Iterable<string>): Promise<void> {
    const ids = [...new Set(sessionIds)];
    if (!ids.length) return;
    const batch = this.redis.multi();
    for (const id of ids) batch.set(revokedSessionKey(id), '1', 'EX', REVOKED_SESSION_TTL_SECONDS);
    const results = await batch.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('session revocation was not stored');
  }

  /** Throws when Redis cannot answer: the caller decides (the gateway and services refuse with 503). */
  async isRevoked(sessionId: string | undefined): Promise<boolean> {
    if (!sessionId) return false;
    return (await this.redis.exists(revokedSessionKey(sessionId))) > 0;
  }
}
