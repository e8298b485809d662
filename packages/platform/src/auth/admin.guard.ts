import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import { AppError } from '../errors/app-error';
import type { AuthUser } from './tokens';

export const ADMIN_ROLE = 'admin';

/** After SessionGuard: only the session's role claim `admin` passes (granted by `npm run grant-admin -w services/identity`). */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user?.role !== ADMIN_ROLE) throw new AppError(ErrorCode.Forbidden, 'This action needs the admin role.');
    return true;
  }
}
