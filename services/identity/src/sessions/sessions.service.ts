import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import {
  ACCESS_COOKIE,
  ACCESS_TOKEN_TTL_SECONDS,
  APP_CONFIG,
  AppError,
  REFRESH_COOKIE,
  signAccessToken,
  TransactionRunner,
  type AuthUser,
} from '@app/platform';
import type { CookieOptions, Response } from 'express';
import type { EntityManager } from 'typeorm';
import type { IdentityConfig } from '../config';
import { hashToken, newSecretToken } from '../tokens/secret-token.util';
import { RefreshTokensRepository } from './refresh-tokens.repository';

/** The refresh cookie is only sent to the auth endpoints that use it. */
export const REFRESH_COOKIE_PATH = '/api/auth';

/**
 * Sessions: a short-lived signed access token plus a rotating refresh token, both in httpOnly
 * SameSite=Lax cookies.
 */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Starts a new sign-in: a new refresh-token family. */
  async start(user: AuthUser, res: Response): Promise<void> {
    const refresh = await this.transactions.run((manager) => this.issueRefresh(manager, user.id, randomUUID()));
    this.setCookies(res, user, refresh);
  }

  /** Rotates the refresh token; returns the user id it belonged to. A replayed token ends the sign-in. */
  async rotate(token: string | undefined, res: Response): Promise<string> {
    if (!token) throw this.signedOut(res);
    const rotated = await this.transactions.run(async (manager) => {
      const row = await this.refreshTokens.findByHashForUpdate(manager, hashToken(token));
      if (!row || row.expiresAt <= new Date()) return null;
      if (row.revokedAt) return { reusedFamily: row.familyId };
      await this.refreshTokens.revoke(manager, row.id);
      return { userId: row.userId, token: await this.issueRefresh(manager, row.userId, row.familyId) };
    });
    if (!rotated) throw this.signedOut(res);
    if (!rotated.token || !rotated.userId) {
      if (rotated.reusedFamily) await this.refreshTokens.revokeFamily(rotated.reusedFamily);
      throw this.signedOut(res);
    }
    res.cookie(REFRESH_COOKIE, rotated.token, this.refreshCookieOptions());
    return rotated.userId;
  }

  /** Sets a fresh access token, e.g. after the user's verified state changed. */
  setAccessCookie(res: Response, user: AuthUser): void {
    res.cookie(ACCESS_COOKIE, signAccessToken(user, this.config.JWT_SECRET), {
      ...this.baseCookieOptions(),
      maxAge: ACCESS_TOKEN_TTL_SECONDS * 1000,
    });
  }

  async end(token: string | undefined, res: Response): Promise<void> {
    if (token) {
      const row = await this.refreshTokens.findByHash(hashToken(token));
      if (row) await this.refreshTokens.revokeFamily(row.familyId);
    }
    this.clearCookies(res);
  }

  clearCookies(res: Response): void {
    res.clearCookie(ACCESS_COOKIE, this.baseCookieOptions());
    res.clearCookie(REFRESH_COOKIE, { ...this.baseCookieOptions(), path: REFRESH_COOKIE_PATH });
  }

  private signedOut(res: Response): AppError {
    this.clearCookies(res);
    return new AppError(ErrorCode.Unauthenticated, 'Your session has ended. Please sign in again.');
  }

  private setCookies(res: Response, user: AuthUser, refresh: string): void {
    this.setAccessCookie(res, user);
    res.cookie(REFRESH_COOKIE, refresh, this.refreshCookieOptions());
  }

  private async issueRefresh(manager: EntityManager, userId: string, familyId: string) {
    const token = newSecretToken();
    const expiresAt = new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
    await this.refreshTokens.add(manager, { userId, familyId, tokenHash: hashToken(token), expiresAt });
    return token;
  }

  private baseCookieOptions(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.COOKIE_SECURE, path: '/' };
  }

  private refreshCookieOptions(): CookieOptions {
    return {
      ...this.baseCookieOptions(),
      path: REFRESH_COOKIE_PATH,
      maxAge: this.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
    };
  }
}
