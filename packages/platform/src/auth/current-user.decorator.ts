import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthUser } from './tokens';

/** The signed-in user that SessionGuard verified (null behind OptionalSessionGuard without a session). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser => context.switchToHttp().getRequest<{ user: AuthUser }>().user,
);
