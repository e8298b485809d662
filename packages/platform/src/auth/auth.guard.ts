import { ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ErrorCode } from '@app/contracts';
import { AppError } from '../errors/app-error';
import type { AuthUser } from './tokens';

const ALLOW_UNVERIFIED = 'auth:allowUnverified';

/** Lets a signed-in user whose e-mail is not yet verified through (e.g. to resend the mail). */
export const AllowUnverifiedEmail = () => SetMetadata(ALLOW_UNVERIFIED, true);

/** A valid session is required; so is a verified e-mail unless the handler allows otherwise. */
@Injectable()
export class SessionGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override handleRequest<T = AuthUser>(err: unknown, user: T | false, _info: unknown, context: ExecutionContext): T {
    // The revocation list could not be read: say so (503) rather than pretend the user signed out.
    if (err instanceof AppError) throw err;
    if (err || !user) throw new AppError(ErrorCode.Unauthenticated, 'Please sign in to continue.');
    const allowUnverified = this.reflector.getAllAndOverride<boolean>(ALLOW_UNVERIFIED, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!allowUnverified && !(user as unknown as AuthUser).emailVerified) {
      throw new AppError(ErrorCode.EmailNotVerified, 'Please verify your email address to continue.');
    }
    return user;
  }
}

/**
 * A session is optional (page views, say): a valid one puts its user on the request, anything
 * else leaves the request anonymous (`@CurrentUser()` is then null) instead of answering 401.
 */
@Injectable()
export class OptionalSessionGuard extends AuthGuard('jwt') {
  override handleRequest<T = AuthUser>(_err: unknown, user: T | false): T | null {
    return user || null;
  }
}
