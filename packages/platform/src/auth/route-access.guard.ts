import { Logger, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ErrorCode, type RouteAccess, type RouteDescriptor } from '@app/contracts';
import type { Request, Response } from 'express';
import passport from 'passport';
import { AppError } from '../errors/app-error';
import type { AuthUser } from './tokens';

export const ADMIN_ROLE = 'admin';
/** The support team: works the support queue (issue 16). Admins may too. */
export const SUPPORT_ROLE = 'support';

/** The paths the descriptors cover; the public port's /health/live is no part of the API. */
const apiPath = /^\/(api|internal)\//i;

interface Pattern {
  /** Lower-cased literal segments; null where the descriptor has a `:name` parameter. */
  segments: (string | null)[];
  access: RouteAccess;
}

/**
 * The descriptors (packages/contracts, http/routes) as a lookup of a concrete request path, built
 * once. Matched the way Express routed the request: literals case-insensitively, a trailing slash
 * ignored, a `:name` segment standing for one non-empty segment, HEAD as GET. The concrete path
 * counts, not the controller's pattern: the platform's dead-letter controller serves
 * `api/admin/:service/...` for every service, each described apart.
 */
class DescribedRoutes {
  private readonly byMethod = new Map<string, Pattern[]>();

  constructor(routes: readonly RouteDescriptor[]) {
    for (const route of routes) {
      const patterns = this.byMethod.get(route.method) ?? [];
      patterns.push({
        segments: route.path.split('/').map((segment) => (segment.startsWith(':') ? null : segment.toLowerCase())),
        access: route.access,
      });
      this.byMethod.set(route.method, patterns);
    }
    // Where two patterns would both match, the one with a literal at the first difference wins.
    const specificity = (pattern: Pattern) => pattern.segments.map((segment) => (segment === null ? 0 : 1)).join('');
    for (const patterns of this.byMethod.values()) {
      patterns.sort((a, b) => specificity(b).localeCompare(specificity(a)));
    }
  }

  /** The access of the route `method path` answers to, or undefined when none is described. */
  accessOf(method: string, path: string): RouteAccess | undefined {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const segments = trimmed.toLowerCase().split('/');
    // Express answers a HEAD with the GET route's handler.
    const upper = method.toUpperCase();
    return this.byMethod
      .get(upper === 'HEAD' ? 'GET' : upper)
      ?.find(
        (pattern) =>
          pattern.segments.length === segments.length &&
          pattern.segments.every((literal, index) =>
            literal === null ? segments[index] !== '' : literal === segments[index],
          ),
      )?.access;
  }
}

/**
 * Every service's one access check (registered globally by PlatformModule.forService): the route's
 * descriptor says who may call it, so the verified-email and role rules exist once, next to the
 * gateway's table built from the same descriptors. Sessions are verified by the passport `jwt`
 * strategy (JwtStrategy: identity's signature, the revocation list); the signed-in user is put on
 * the request for `@CurrentUser()`. Guards of a controller (region, chat limit) run after this one.
 */
export class RouteAccessGuard implements CanActivate {
  private readonly logger = new Logger(RouteAccessGuard.name);
  private readonly routes: DescribedRoutes;

  constructor(routes: readonly RouteDescriptor[]) {
    this.routes = new DescribedRoutes(routes);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    // What `@CurrentUser()` reads.
    const signedIn = request as unknown as { user: AuthUser | null };
    if (!apiPath.test(request.path)) return true;

    const access = this.routes.accessOf(request.method, request.path);
    if (!access) {
      // The route-coverage tests keep this unreachable: a served route nobody described is refused
      // rather than served with no access check.
      this.logger.error(`${request.method} ${request.path} is served but not described (packages/contracts)`);
      throw new AppError(ErrorCode.NotFound, 'Not found');
    }
    // Signed by the provider (the service verifies the raw bytes) or called by another service.
    if (access === 'webhook' || access === 'internal') return true;

    const { error, user } = await authenticate(request, http.getResponse<Response>());
    if (access === 'public') {
      // A session is optional: a valid one is passed along, anything else leaves the call anonymous.
      signedIn.user = user || null;
      return true;
    }
    // The revocation list could not be read: say so (503) rather than pretend the user signed out.
    if (error instanceof AppError) throw error;
    if (error || !user) throw new AppError(ErrorCode.Unauthenticated, 'Please sign in to continue.');
    if (access !== 'session' && !user.emailVerified) {
      throw new AppError(ErrorCode.EmailNotVerified, 'Please verify your email address to continue.');
    }
    // Roles are claims of the session (granted by `npm run grant-admin -w services/identity`).
    if (access === 'admin' && user.role !== ADMIN_ROLE) {
      throw new AppError(ErrorCode.Forbidden, 'This action needs the admin role.');
    }
    if (access === 'support' && user.role !== SUPPORT_ROLE && user.role !== ADMIN_ROLE) {
      throw new AppError(ErrorCode.Forbidden, 'This action needs the support role.');
    }
    signedIn.user = user;
    return true;
  }
}

/** Runs the `jwt` strategy (JwtStrategy) on the request: its user, or false, and its error if any. */
function authenticate(request: Request, response: Response): Promise<{ error: unknown; user: AuthUser | false }> {
  return new Promise((resolve) => {
    const done = (error: unknown, user?: AuthUser | false) => resolve({ error, user: user ?? false });
    passport.authenticate('jwt', { session: false }, done)(request, response, done);
  });
}
