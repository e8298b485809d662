import { Inject, Injectable, Logger } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ErrorCode } from '@app/contracts';
import type { Request } from 'express';
import type Redis from 'ioredis';
import passport from 'passport';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { AppError } from '../errors/app-error';
import { REDIS } from '../queue/redis.module';
import { SessionRevocationList } from './session-revocation';
import { parsePublicKeys, type VerificationKeys } from './signing-keys';
import { accessTokenOf, verifyAccessToken, type AuthUser } from './tokens';

type Verified = (error: unknown, user?: AuthUser | false) => void;

/** A passport strategy that leaves the whole check of a request to its `validate`. */
class RequestStrategy extends passport.Strategy {
  constructor(private readonly check: (req: Request, done: Verified) => void) {
    super();
  }

  override authenticate(req: Request): void {
    this.check(req, (error, user) => {
      if (error) this.error(error);
      else if (user) this.success(user);
      else this.fail(401);
    });
  }
}

/**
 * Services verify the session token themselves; they never trust a bare header from the gateway.
 * Only identity's signature counts: the public keys of JWT_PUBLIC_KEYS (EdDSA, by `kid`).
 * A signed-out session's tokens are refused at once: its id is looked up in the revocation list
 * (one Redis EXISTS per request that carries a valid token).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(RequestStrategy, 'jwt') {
  private readonly logger = new Logger(JwtStrategy.name);
  private readonly keys: VerificationKeys;
  private readonly revocations: SessionRevocationList;

  constructor(@Inject(APP_CONFIG) config: BaseConfig, @Inject(REDIS) redis: Redis) {
    super();
    this.keys = parsePublicKeys(config.JWT_PUBLIC_KEYS);
    this.revocations = new SessionRevocationList(redis);
  }

  async validate(req: Request): Promise<AuthUser | false> {
    const user = await verifyAccessToken(accessTokenOf(req.cookies, req.headers.authorization), this.keys);
    if (!user) return false;
    let revoked: boolean;
    try {
      revoked = await this.revocations.isRevoked(user.sessionId);
    } catch (error) {
      this.logger.error(`session revocation list unreadable: ${(error as Error).message}`);
      throw new AppError(
        ErrorCode.ServiceUnavailable,
        'Your session could not be checked right now. Please try again.',
      );
    }
    return revoked ? false : user;
  }
}
