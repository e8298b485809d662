import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import { AppError } from '../errors/app-error';
import type { AuthUser } from './tokens';

export const ADMIN_ROLE = 'admin';
/** The support team: works the support queue (issue 16). Admins may too. */
export const SUPPORT_ROLE = 'support';

/** After SessionGuard: only the session's role claim `admin` passes (granted by `npm run grant-admin -w services/identity`). */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user?.role !== ADMIN_ROLE) throw new AppError(ErrorCode.Forbidden, 'This action needs the admin role.');
    return true;
  }
}

/**
 * After SessionGuard: the role claims `support` and `admin` pass (granted by
 * `npm run grant-admin -w services/identity -- <email> --role support`).
 */
@Injectable()
export class SupportGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const role = context.switchToHttp().getRequest<{ user?: AuthUser }>().user?.role;
    if (role !== SUPPORT_ROLE && role !== ADMIN_ROLE) {
      throw new AppError(ErrorCode.Forbidden, 'This action needs the support role.');
    }
    return true;
  }
}
