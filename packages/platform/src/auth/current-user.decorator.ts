import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthUser } from './tokens';

/** The signed-in user RouteAccessGuard verified (null on a public route called without a session). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser => context.switchToHttp().getRequest<{ user: AuthUser }>().user,
);
