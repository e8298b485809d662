import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import {
  ACCESS_COOKIE,
  ACCESS_TOKEN_TTL_SECONDS,
  APP_CONFIG,
  AppError,
  ConfigError,
  isOwnNavigation,
  parsePublicKeys,
  parseSigningKey,
  REFRESH_COOKIE,
  SessionRevocationList,
  signAccessToken,
  TransactionRunner,
  verifiesWith,
  verifyAccessToken,
  type AuthUser,
  type SigningKey,
  type Transaction,
  type VerificationKeys,
} from '@app/platform';
import type { CookieOptions, Response } from 'express';
import type { IdentityConfig } from '../config';
import { hashToken, newSecretToken } from '../tokens/secret-token.util';
import type { RefreshToken } from './refresh-token.entity';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { openSuccessor, sealSuccessor } from './successor-seal.util';

/** The refresh cookie is only sent to the auth endpoints that use it (refresh and sign-out among them). */
export const REFRESH_COOKIE_PATH = '/api/auth';

/**
 * A rotated refresh token presented again this soon after its rotation is a second tab that
 * refreshed at the same moment, not a thief: it gets the pair the first request got.
 */
export const REFRESH_GRACE_MS = 10_000;

/** Whom a refreshed access token is for: the user, the session (refresh family) and its issue instant. */
export interface SessionGrant {
  userId: string;
  sessionId: string;
  issuedAt: Date;
}

/** What a sign-out can name the session by. */
export interface SessionCookies {
  refresh?: string;
  access?: string;
}

type Rotation = { kind: 'rotated'; token: string; grant: SessionGrant } | { kind: 'refused' };

const notSignedOut = 'Signing out could not be completed right now. Please try again.';

/**
 * Sessions: a short-lived signed access token (claim `sid` = the refresh family id) plus a rotating
 * refresh token, both in httpOnly SameSite=Lax cookies. Ending a session revokes its refresh family
 * in the database and puts its id on the revocation list the gateway and services check, so its
 * access tokens stop working at once.
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);
  private readonly ownOrigin: string;
  private readonly signingKey: SigningKey;
  private readonly verificationKeys: VerificationKeys;

  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly transactions: TransactionRunner,
    private readonly revocations: SessionRevocationList,
  ) {
    this.ownOrigin = new URL(config.PUBLIC_URL).origin;
    this.signingKey = parseSigningKey(config.JWT_SIGNING_KEY);
    this.verificationKeys = parsePublicKeys(config.JWT_PUBLIC_KEYS);
    // Tokens signed with a key the gateway and services do not list would all be refused.
    if (!verifiesWith(this.verificationKeys, this.signingKey)) {
      throw new ConfigError(
        `Invalid configuration:\n  JWT_SIGNING_KEY: the public key of kid ${this.signingKey.kid} is not in JWT_PUBLIC_KEYS`,
      );
    }
  }

  /** Starts a new sign-in: a new refresh-token family, which is the session id. */
  async start(user: AuthUser, res: Response): Promise<void> {
    const sessionId = randomUUID();
    const issuedAt = new Date();
    const refresh = await this.transactions.run(async (manager) => {
      const token = newSecretToken();
      await this.refreshTokens.add(manager, this.refreshRow(user.id, sessionId, token, issuedAt));
      return token;
    });
    await this.setAccessCookie(res, { ...user, sessionId }, issuedAt);
    res.cookie(REFRESH_COOKIE, refresh, this.refreshCookieOptions());
  }

  /**
   * Rotates the refresh token and returns whom to issue the access token for. The token just
   * rotated is accepted once more within the grace window and yields the same successor; any other
   * replay ends the sign-in (the family is revoked and its access tokens with it).
   */
  async rotate(token: string | undefined, res: Response): Promise<SessionGrant> {
    if (!token) throw this.signedOut(res);
    const now = new Date();
    const rotation = await this.transactions.run(async (manager): Promise<Rotation> => {
      const row = await this.refreshTokens.findByHashForUpdate(manager, hashToken(token));
      if (!row || row.expiresAt <= now) return { kind: 'refused' };
      if (!row.revokedAt) return this.rotateLive(manager, row, token, now);
      const retried = await this.successorWithinGrace(manager, row, token, now);
      if (retried) return retried;
      // Presented again after the window (or after sign-out): stolen or replayed.
      await this.refreshTokens.revokeFamilies(manager, [row.familyId], now);
      await this.revocations.revoke([row.familyId]).catch((error: Error) => {
        this.logger.error(`reused refresh family ${row.familyId} not put on the revocation list: ${error.message}`);
      });
      return { kind: 'refused' };
    });
    if (rotation.kind === 'refused') throw this.signedOut(res);
    res.cookie(REFRESH_COOKIE, rotation.token, this.refreshCookieOptions());
    return rotation.grant;
  }

  /** Sets a fresh access token for the session; `issuedAt` pins it (a grace-window retry gets the same one). */
  async setAccessCookie(res: Response, user: AuthUser, issuedAt?: Date): Promise<void> {
    res.cookie(ACCESS_COOKIE, await signAccessToken(user, this.signingKey, { issuedAt }), {
      ...this.baseCookieOptions(),
      maxAge: ACCESS_TOKEN_TTL_SECONDS * 1000,
    });
  }

  /**
   * An access token for `user` lasting `ttlSeconds` from `issuedAt`, signed as a session's: what an
   * API key is resolved to (its `sessionId` is the key's, so revoking the key revokes the token).
   */
  accessTokenFor(user: AuthUser, ttlSeconds: number, issuedAt: Date): Promise<string> {
    return signAccessToken(user, this.signingKey, { ttlSeconds, issuedAt });
  }

  /**
   * Signs out: the session named by the refresh cookie and the one named by the access token
   * (normally the same) are revoked, refresh family and access tokens at once. When the revocation
   * list cannot be written nothing changes and the caller gets a 503 to retry with the cookies intact.
   */
  async end(cookies: SessionCookies, res: Response): Promise<void> {
    const access = await verifyAccessToken(cookies.access, this.verificationKeys);
    await this.transactions.run(async (manager) => {
      const sessions = new Set<string>();
      if (access?.sessionId) sessions.add(access.sessionId);
      const refresh = cookies.refresh && (await this.refreshTokens.findByHash(manager, hashToken(cookies.refresh)));
      if (refresh) sessions.add(refresh.familyId);
      await this.refreshTokens.revokeFamilies(manager, [...sessions]);
      await this.revokeListed(sessions, notSignedOut);
    });
    this.clearCookies(res);
  }

  /**
   * The spec's `GET /api/logout` navigation: signs out only when our own pages (or the user) asked
   * for it, never for a link or image on another site. Returns whether it signed out.
   */
  async endFromNavigation(headers: IncomingHttpHeaders, cookies: SessionCookies, res: Response): Promise<boolean> {
    if (!isOwnNavigation(headers, this.ownOrigin)) return false;
    await this.end(cookies, res);
    return true;
  }

  /**
   * Ends every session of a user inside the caller's transaction (a password reset); when the
   * revocation list cannot be written the transaction fails with `unavailableMessage` (503).
   */
  async endAllOfUser(manager: Transaction, userId: string, unavailableMessage: string): Promise<void> {
    const sessions = await this.refreshTokens.revokeAllOfUser(manager, userId);
    await this.revokeListed(sessions, unavailableMessage);
  }

  clearCookies(res: Response): void {
    res.clearCookie(ACCESS_COOKIE, this.baseCookieOptions());
    res.clearCookie(REFRESH_COOKIE, { ...this.baseCookieOptions(), path: REFRESH_COOKIE_PATH });
  }

  private async rotateLive(manager: Transaction, row: RefreshToken, token: string, now: Date): Promise<Rotation> {
    const successor = newSecretToken();
    const successorId = await this.refreshTokens.add(
      manager,
      this.refreshRow(row.userId, row.familyId, successor, now),
    );
    await this.refreshTokens.markRotated(manager, row.id, {
      at: now,
      successorId,
      successorSealed: sealSuccessor(token, successor),
    });
    await this.refreshTokens.forgetSuccessors(manager, row.familyId, new Date(now.getTime() - REFRESH_GRACE_MS));
    return { kind: 'rotated', token: successor, grant: { userId: row.userId, sessionId: row.familyId, issuedAt: now } };
  }

  /**
   * The live successor of a token rotated within the grace window (following a rotation or two
   * more made within it), opened with the presented token; null when there is none.
   */
  private async successorWithinGrace(
    manager: Transaction,
    row: RefreshToken,
    token: string,
    now: Date,
  ): Promise<Rotation | null> {
    let current = row;
    let raw = token;
    for (let hop = 0; hop < 3; hop++) {
      const rotatedAt = current.revokedAt;
      if (!rotatedAt || !current.replacedBy || !current.successorSealed) return null;
      if (now.getTime() - rotatedAt.getTime() > REFRESH_GRACE_MS) return null;
      const next = await this.refreshTokens.findById(manager, current.replacedBy);
      const opened = openSuccessor(raw, current.successorSealed);
      if (!next || !opened || hashToken(opened) !== next.tokenHash) return null;
      if (!next.revokedAt && next.expiresAt > now) {
        return {
          kind: 'rotated',
          token: opened,
          grant: { userId: next.userId, sessionId: next.familyId, issuedAt: rotatedAt },
        };
      }
      current = next;
      raw = opened;
    }
    return null;
  }

  private async revokeListed(sessions: Iterable<string>, unavailableMessage: string): Promise<void> {
    try {
      await this.revocations.revoke(sessions);
    } catch (error) {
      this.logger.error(`revocation list not written: ${(error as Error).message}`);
      throw new AppError(ErrorCode.ServiceUnavailable, unavailableMessage);
    }
  }

  private signedOut(res: Response): AppError {
    this.clearCookies(res);
    return new AppError(ErrorCode.Unauthenticated, 'Your session has ended. Please sign in again.');
  }

  private refreshRow(userId: string, familyId: string, token: string, now: Date) {
    const expiresAt = new Date(now.getTime() + this.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000);
    return { userId, familyId, tokenHash: hashToken(token), expiresAt };
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
