import { Inject, Injectable, Logger } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ErrorCode } from '@app/contracts';
import type { Request } from 'express';
import type Redis from 'ioredis';
import { Strategy } from 'passport-jwt';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { AppError } from '../errors/app-error';
import { REDIS } from '../queue/redis.module';
import { SessionRevocationList } from './session-revocation';
import { accessTokenOf, userOfClaims, type AccessClaims, type AuthUser } from './tokens';

/**
 * Services verify the session token themselves; they never trust a bare header from the gateway.
 * A signed-out session's tokens are refused at once: its id is looked up in the revocation list
 * (one Redis EXISTS per request that carries a token).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly logger = new Logger(JwtStrategy.name);
  private readonly revocations: SessionRevocationList;

  constructor(@Inject(APP_CONFIG) config: BaseConfig, @Inject(REDIS) redis: Redis) {
    super({
      jwtFromRequest: (req: Request) => accessTokenOf(req.cookies, req.headers.authorization) ?? null,
      secretOrKey: config.JWT_SECRET,
      algorithms: ['HS256'],
      issuer: 'identity',
    });
    this.revocations = new SessionRevocationList(redis);
  }

  async validate(claims: AccessClaims): Promise<AuthUser | false> {
    const user = userOfClaims(claims);
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
