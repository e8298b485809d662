import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { accessTokenOf, isValidSubject, type AuthUser } from './tokens';

interface Claims {
  sub: string;
  email: string;
  ev: boolean;
  role: string;
}

/** Services verify the session token themselves; they never trust a bare header from the gateway. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(APP_CONFIG) config: BaseConfig) {
    super({
      jwtFromRequest: (req: Request) => accessTokenOf(req.cookies, req.headers.authorization) ?? null,
      secretOrKey: config.JWT_SECRET,
      algorithms: ['HS256'],
      issuer: 'identity',
    });
  }

  validate(claims: Claims): AuthUser | false {
    if (!isValidSubject(claims.sub)) return false;
    return { id: claims.sub, email: claims.email, emailVerified: claims.ev === true, role: claims.role };
  }
}
