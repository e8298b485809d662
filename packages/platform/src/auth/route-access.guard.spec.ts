import { randomUUID } from 'node:crypto';
import { Logger, type ExecutionContext } from '@nestjs/common';
import { route, type RouteAccess, type RouteDescriptor } from '@app/contracts';
import type Redis from 'ioredis';
import type { BaseConfig } from '../config/config';
import { AppError } from '../errors/app-error';
import { JwtStrategy } from './jwt.strategy';
import { RouteAccessGuard } from './route-access.guard';
import { revokedSessionKey } from './session-revocation';
import { generateSigningKey, parseSigningKey } from './signing-keys';
import { ACCESS_COOKIE, signAccessToken, type AuthUser } from './tokens';

// The one access check of every service, with the real passport `jwt` strategy (real signed
// tokens, a stand-in for Redis's revocation list) against a fake descriptor list.

const signing = generateSigningKey('unit');
const key = parseSigningKey(signing.signingKey);
const revoked = new Set<string>();
let redisDown = false;
const redis = {
  exists: async (name: string) => {
    if (redisDown) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    return revoked.has(name) ? 1 : 0;
  },
};
// Registers itself with passport as `jwt`, as PlatformModule's provider does.
new JwtStrategy({ JWT_PUBLIC_KEYS: signing.publicKey } as BaseConfig, redis as unknown as Redis);

const common = { service: 'profile', summary: 'Fixture.', tag: 'Fixture' } as const;
const described = (access: RouteAccess, method: RouteDescriptor['method'], path: string) =>
  route({ id: `${access}_${method}_${path}`, method, path, access, ...common });
const routes: RouteDescriptor[] = [
  described('public', 'GET', '/api/things'),
  described('session', 'GET', '/api/me'),
  described('verified', 'GET', '/api/things/:id'),
  described('support', 'POST', '/api/queue/:id/claim'),
  described('admin', 'GET', '/api/admin/probe/dead-letters'),
  described('webhook', 'POST', '/api/hooks/stripe'),
  described('internal', 'POST', '/internal/keys/resolve'),
  // A parameter and a literal at the same place: the literal wins, whichever comes first.
  described('verified', 'GET', '/api/reports/:id'),
  described('admin', 'GET', '/api/reports/summary'),
];

const person = (emailVerified: boolean, role = 'user'): AuthUser => ({
  id: randomUUID(),
  email: 'kiri@example.test',
  emailVerified,
  role,
  sessionId: randomUUID(),
});
const anonymous = undefined;
const unverified = person(false);
const verified = person(true);
const support = person(true, 'support');
const admin = person(true, 'admin');
const unverifiedAdmin = person(false, 'admin');
const signedOut = person(true);
revoked.add(revokedSessionKey(signedOut.sessionId!));

type Caller = AuthUser | undefined | 'forged';
interface FakeRequest {
  method: string;
  path: string;
  cookies: Record<string, string>;
  headers: Record<string, string>;
  user?: AuthUser | null;
}

const requestOf = async (method: string, path: string, caller: Caller): Promise<FakeRequest> => {
  const token =
    caller === 'forged'
      ? await signAccessToken(verified, parseSigningKey(generateSigningKey('unit').signingKey))
      : caller && (await signAccessToken(caller, key));
  return { method, path, cookies: token ? { [ACCESS_COOKIE]: token } : {}, headers: {} };
};
const contextOf = (request: FakeRequest, type = 'http') =>
  ({
    getType: () => type,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
  }) as unknown as ExecutionContext;

const guard = new RouteAccessGuard(routes);

/** What the guard answers: the request's user when it lets the call through, else the error's code and message. */
async function check(method: string, path: string, caller: Caller) {
  const request = await requestOf(method, path, caller);
  try {
    expect(await guard.canActivate(contextOf(request))).toBe(true);
    return { passes: true, user: request.user };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, error: error.code, message: error.message };
  }
}

const signIn = { status: 401, error: 'UNAUTHENTICATED', message: 'Please sign in to continue.' };
const verifyEmail = {
  status: 403,
  error: 'EMAIL_NOT_VERIFIED',
  message: 'Please verify your email address to continue.',
};
const needsAdmin = { status: 403, error: 'FORBIDDEN', message: 'This action needs the admin role.' };
const needsSupport = { status: 403, error: 'FORBIDDEN', message: 'This action needs the support role.' };
const passesAs = (user: AuthUser) => ({ passes: true, user: expect.objectContaining({ id: user.id }) });

afterEach(() => {
  redisDown = false;
  jest.restoreAllMocks();
});

describe('RouteAccessGuard', () => {
  it.each([
    ['public', 'GET', '/api/things', anonymous, { passes: true, user: null }],
    ['public', 'GET', '/api/things', verified, passesAs(verified)],
    ['public', 'GET', '/api/things', 'forged', { passes: true, user: null }],
    ['public', 'GET', '/api/things', signedOut, { passes: true, user: null }],
    ['session', 'GET', '/api/me', anonymous, signIn],
    ['session', 'GET', '/api/me', 'forged', signIn],
    ['session', 'GET', '/api/me', signedOut, signIn],
    ['session', 'GET', '/api/me', unverified, passesAs(unverified)],
    ['verified', 'GET', '/api/things/7', anonymous, signIn],
    ['verified', 'GET', '/api/things/7', unverified, verifyEmail],
    ['verified', 'GET', '/api/things/7', verified, passesAs(verified)],
    ['support', 'POST', '/api/queue/7/claim', verified, needsSupport],
    ['support', 'POST', '/api/queue/7/claim', support, passesAs(support)],
    ['support', 'POST', '/api/queue/7/claim', admin, passesAs(admin)],
    ['admin', 'GET', '/api/admin/probe/dead-letters', anonymous, signIn],
    ['admin', 'GET', '/api/admin/probe/dead-letters', support, needsAdmin],
    ['admin', 'GET', '/api/admin/probe/dead-letters', unverifiedAdmin, verifyEmail],
    ['admin', 'GET', '/api/admin/probe/dead-letters', admin, passesAs(admin)],
    ['webhook', 'POST', '/api/hooks/stripe', anonymous, { passes: true, user: undefined }],
    ['internal', 'POST', '/internal/keys/resolve', anonymous, { passes: true, user: undefined }],
  ] as const)('%s %s %s as %o', async (_access, method, path, caller, expected) => {
    expect(await check(method, path, caller)).toEqual(expected);
  });

  it('answers 503 when the revocation list cannot be read, except on a public route', async () => {
    redisDown = true;
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    expect(await check('GET', '/api/things/7', verified)).toMatchObject({ status: 503, error: 'SERVICE_UNAVAILABLE' });
    expect(await check('GET', '/api/things', verified)).toEqual({ passes: true, user: null });
  });

  it('refuses a routed request nobody described with 404, and logs it', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    expect(await check('DELETE', '/api/things/7', admin)).toEqual({
      status: 404,
      error: 'NOT_FOUND',
      message: 'Not found',
    });
    // The concrete path counts: another service's dead letters are not this descriptor's.
    expect(await check('GET', '/api/admin/other/dead-letters', admin)).toMatchObject({ status: 404 });
    // A parameter stands for one non-empty segment.
    expect(await check('POST', '/api/queue//claim', admin)).toMatchObject({ status: 404 });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('DELETE /api/things/7'));
  });

  it('matches as Express routes: literals in any case, a trailing slash ignored, HEAD as GET', async () => {
    expect(await check('GET', '/API/Admin/probe/dead-letters/', support)).toEqual(needsAdmin);
    expect(await check('get', '/api/things/7/', unverified)).toEqual(verifyEmail);
    expect(await check('HEAD', '/api/things/7', unverified)).toEqual(verifyEmail);
  });

  it('prefers a literal segment to a parameter', async () => {
    expect(await check('GET', '/api/reports/summary', verified)).toEqual(needsAdmin);
    expect(await check('GET', '/api/reports/42', verified)).toEqual(passesAs(verified));
  });

  it('leaves the probes outside /api/ and /internal/ alone, and anything but HTTP', async () => {
    expect(await check('GET', '/health/live', anonymous)).toEqual({ passes: true, user: undefined });
    const request = await requestOf('GET', '/api/me', anonymous);
    expect(await guard.canActivate(contextOf(request, 'rpc'))).toBe(true);
  });
});
