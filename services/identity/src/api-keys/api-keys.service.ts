import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  apiKeyMessages,
  apiKeySessionId,
  ErrorCode,
  isApiKey,
  MAX_ACTIVE_API_KEYS,
  type ApiKeyMode,
  type ApiKeyResolution,
  type ApiKeyView,
  type createApiKeyRequestSchema,
  type CreatedApiKey,
} from '@app/contracts';
import { APP_CONFIG, AppError, isUuid, SessionRevocationList, TransactionRunner, type AuthUser } from '@app/platform';
import type { z } from 'zod';
import type { IdentityConfig } from '../config';
import { SessionsService } from '../sessions/sessions.service';
import { hashToken } from '../tokens/secret-token.util';
import { toAuthUser } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import type { ApiKey } from './api-key.entity';
import { apiKeyPrefix, newApiKey } from './api-key-secret.util';
import { toApiKeyView } from './api-keys.mapper';
import { ApiKeysRepository } from './api-keys.repository';

/** The longest an access token minted for a key lives: the gateway asks again after it. */
export const API_KEY_TOKEN_TTL_SECONDS = 60;
/** Last-used times are recorded at most this often per key (a busy key is not a write per call). */
export const LAST_USED_PRECISION_MS = 60_000;

const keySessionPrefix = apiKeySessionId('');
const notFound = () => new AppError(ErrorCode.NotFound, apiKeyMessages.notFound);
const invalidKey = () => new AppError(ErrorCode.Unauthenticated, apiKeyMessages.invalidKey);

/** Usable: not revoked and, if rotated, still within the overlap. */
const isUsable = (key: ApiKey, now: Date): boolean =>
  !key.revokedAt && (!key.expiresAt || key.expiresAt.getTime() > now.getTime());

/**
 * API keys: issued (the key shown once, only its SHA-256 kept), listed masked, rotated with an
 * overlap, revoked at once. The gateway resolves a key here into a short-lived access token for its
 * owner whose session id is the key's, so a revocation also stops the tokens already minted.
 */
@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly apiKeys: ApiKeysRepository,
    private readonly users: UsersRepository,
    private readonly transactions: TransactionRunner,
    private readonly revocations: SessionRevocationList,
    private readonly sessions: SessionsService,
  ) {}

  async list(user: AuthUser): Promise<ApiKeyView[]> {
    refuseKeyCaller(user);
    return (await this.apiKeys.listUsable(user.id, new Date())).map(toApiKeyView);
  }

  async create(user: AuthUser, body: z.output<typeof createApiKeyRequestSchema>): Promise<CreatedApiKey> {
    refuseKeyCaller(user);
    const secret = newApiKey(body.mode);
    const key = await this.transactions.run(async (manager) => {
      // One create at a time per user: two at once cannot both slip under the limit.
      if (!(await this.users.lockById(manager, user.id))) {
        throw new AppError(ErrorCode.Unauthenticated, 'Please sign in to continue.');
      }
      if ((await this.apiKeys.countActive(manager, user.id)) >= MAX_ACTIVE_API_KEYS) {
        throw new AppError(ErrorCode.Conflict, apiKeyMessages.limitReached);
      }
      return this.apiKeys.insert(manager, { userId: user.id, ...body, ...storedParts(secret, body.mode) });
    });
    return { ...toApiKeyView(key), secret };
  }

  /**
   * A replacement with the same name, mode and scopes; the old key keeps working until the end of
   * API_KEY_ROTATION_OVERLAP_SECONDS, so programs can move to the new one without a failed call.
   */
  async rotate(user: AuthUser, id: string): Promise<CreatedApiKey> {
    refuseKeyCaller(user);
    if (!isUuid(id)) throw notFound();
    const now = new Date();
    return this.transactions.run(async (manager) => {
      const old = await this.apiKeys.findOwnedForUpdate(manager, id, user.id);
      if (!old || !isUsable(old, now)) throw notFound();
      if (old.expiresAt) throw new AppError(ErrorCode.Conflict, apiKeyMessages.alreadyRotated);
      const overlapEnd = new Date(now.getTime() + this.config.API_KEY_ROTATION_OVERLAP_SECONDS * 1000);
      await this.apiKeys.markRotated(manager, old.id, overlapEnd);
      const secret = newApiKey(old.mode);
      const key = await this.apiKeys.insert(manager, {
        userId: user.id,
        name: old.name,
        mode: old.mode,
        scopes: old.scopes,
        ...storedParts(secret, old.mode),
      });
      return { ...toApiKeyView(key), secret };
    });
  }

  /**
   * Revokes a key at once: the row, and its session id on the revocation list so the access tokens
   * already minted for it are refused too. When the list cannot be written nothing changes (503).
   */
  async revoke(user: AuthUser, id: string): Promise<void> {
    refuseKeyCaller(user);
    if (!isUuid(id)) throw notFound();
    const now = new Date();
    await this.transactions.run(async (manager) => {
      const key = await this.apiKeys.findOwnedForUpdate(manager, id, user.id);
      if (!key || !isUsable(key, now)) throw notFound();
      await this.apiKeys.markRevoked(manager, key.id, now);
      try {
        await this.revocations.revoke([apiKeySessionId(key.id)]);
      } catch (error) {
        this.logger.error(`revoked API key ${key.id} not put on the revocation list: ${(error as Error).message}`);
        throw new AppError(ErrorCode.ServiceUnavailable, 'The key could not be revoked right now. Please try again.');
      }
    });
  }

  /**
   * The gateway's check: a usable key gives its owner (as they are now: e-mail, verification,
   * role) and an access token that ends no later than the key does and within a minute.
   */
  async resolve(secret: string): Promise<ApiKeyResolution> {
    const now = new Date();
    const key = isApiKey(secret) ? await this.apiKeys.findByHash(hashToken(secret)) : null;
    if (!key || !isUsable(key, now)) throw invalidKey();
    const owner = await this.users.findById(key.userId);
    if (!owner) throw invalidKey();
    // Token times are whole seconds: the token must not outlive the key's overlap.
    const issuedAt = Math.floor(now.getTime() / 1000);
    const keyEnd = key.expiresAt ? Math.floor(key.expiresAt.getTime() / 1000) : Infinity;
    const ttlSeconds = Math.min(API_KEY_TOKEN_TTL_SECONDS, keyEnd - issuedAt);
    if (ttlSeconds <= 0) throw invalidKey();
    const token = await this.sessions.accessTokenFor(
      { ...toAuthUser(owner), sessionId: apiKeySessionId(key.id) },
      ttlSeconds,
      new Date(issuedAt * 1000),
    );
    await this.recordUse(key, now);
    return {
      keyId: key.id,
      userId: owner.id,
      mode: key.mode,
      scopes: key.scopes,
      token,
      expiresAt: new Date((issuedAt + ttlSeconds) * 1000).toISOString(),
    };
  }

  private async recordUse(key: ApiKey, now: Date): Promise<void> {
    const notSince = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    if (key.lastUsedAt && key.lastUsedAt > notSince) return;
    // A lost last-used time is not worth refusing the call for.
    await this.apiKeys.touchLastUsed(key.id, now, notSince).catch((error: Error) => {
      this.logger.warn(`last use of API key ${key.id} not recorded: ${error.message}`);
    });
  }
}

/** What is kept of a key: its SHA-256 to find it, its prefix and last 4 to mask it. */
const storedParts = (secret: string, mode: ApiKeyMode) => ({
  keyHash: hashToken(secret),
  keyPrefix: apiKeyPrefix(mode),
  keyLast4: secret.slice(-4),
});

/** A key's own access token reaching identity directly: keys never manage keys (defence in depth). */
function refuseKeyCaller(user: AuthUser): void {
  if (user.sessionId?.startsWith(keySessionPrefix))
    throw new AppError(ErrorCode.Forbidden, apiKeyMessages.notWithApiKey);
}
