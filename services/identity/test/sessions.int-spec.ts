import type { INestApplication } from '@nestjs/common';
import { ACCESS_COOKIE, APP_CONFIG, REFRESH_COOKIE } from '@app/platform';
import {
  bodyOf,
  CookieJar,
  linkIn,
  query,
  rawRequest,
  startApp,
  startMailWorker,
  userIdOf,
  validRegistration,
  waitForMail,
} from '../../../test-support';
import { AppModule } from '../src/app.module';
import type { IdentityConfig } from '../src/config';
import { REFRESH_GRACE_MS } from '../src/sessions/sessions.service';
import { hashToken } from '../src/tokens/secret-token.util';

describe('identity: sessions end when they should, and only then', () => {
  let app: INestApplication;
  let api: string;
  let publicOrigin: string;

  beforeAll(async () => {
    ({ app, url: api } = await startApp(AppModule));
    publicOrigin = new URL(app.get<IdentityConfig>(APP_CONFIG).PUBLIC_URL).origin;
  });

  afterAll(async () => {
    await app?.close();
  });

  /** A registered user signed in to a fresh jar. */
  async function signedIn(): Promise<{ jar: CookieJar; email: string; password: string; userId: string }> {
    const jar = new CookieJar();
    const body = validRegistration();
    const registered = await jar.fetch(`${api}/api/auth/register`, { method: 'POST', json: body });
    expect(registered.status).toBe(201);
    const userId = await userIdOf(body.email);
    const login = await jar.fetch(`${api}/api/auth/login`, {
      method: 'POST',
      json: { email: body.email, password: body.password },
    });
    expect(login.status).toBe(200);
    return { jar, email: body.email, password: body.password, userId };
  }

  const me = (access: string) => fetch(`${api}/api/auth/me`, { headers: { cookie: `${ACCESS_COOKIE}=${access}` } });
  const refreshWith = (refresh: string) =>
    fetch(`${api}/api/auth/refresh`, { method: 'POST', headers: { cookie: `${REFRESH_COOKIE}=${refresh}` } });
  const cookieIn = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .find((pair) => pair.startsWith(`${name}=`))
      ?.slice(name.length + 1);
  const liveTokensOfFamily = async (refresh: string) => {
    const [{ live }] = await query<{ live: number }>(
      `SELECT count(*)::int AS live FROM identity.refresh_tokens
        WHERE family_id = (SELECT family_id FROM identity.refresh_tokens WHERE token_hash = $1) AND revoked_at IS NULL`,
      [hashToken(refresh)],
    );
    return live;
  };

  describe('POST /api/auth/logout', () => {
    it('refuses the signed-out refresh token and, at once, the signed-out access token', async () => {
      const { jar } = await signedIn();
      const access = jar.get(ACCESS_COOKIE)!;
      const refresh = jar.get(REFRESH_COOKIE)!;
      expect((await me(access)).status).toBe(200);

      const out = await jar.fetch(`${api}/api/auth/logout`, { method: 'POST' });
      expect(out.status).toBe(200);
      expect(out.headers.getSetCookie().join('\n')).toMatch(/refresh_token=;.*Path=\/api\/auth/);

      // No waiting: the revocation is in place when the sign-out answers.
      const after = await me(access);
      expect(after.status).toBe(401);
      expect(await bodyOf(after)).toEqual({ error: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
      expect((await refreshWith(refresh)).status).toBe(401);
      expect(await liveTokensOfFamily(refresh)).toBe(0);
    });

    it('ends the session with only the access token (refresh cookie lost) or only the refresh token', async () => {
      const a = await signedIn();
      const aRefresh = a.jar.get(REFRESH_COOKIE)!;
      const onlyAccess = await fetch(`${api}/api/auth/logout`, {
        method: 'POST',
        headers: { cookie: `${ACCESS_COOKIE}=${a.jar.get(ACCESS_COOKIE)!}` },
      });
      expect(onlyAccess.status).toBe(200);
      // The access token's sid is its refresh family: that family is revoked too.
      expect((await refreshWith(aRefresh)).status).toBe(401);

      const b = await signedIn();
      const bAccess = b.jar.get(ACCESS_COOKIE)!;
      const onlyRefresh = await fetch(`${api}/api/auth/logout`, {
        method: 'POST',
        headers: { cookie: `${REFRESH_COOKIE}=${b.jar.get(REFRESH_COOKIE)!}` },
      });
      expect(onlyRefresh.status).toBe(200);
      expect((await me(bAccess)).status).toBe(401);
    });

    it("leaves the user's other sign-ins alone, and answers 200 without any session", async () => {
      const first = await signedIn();
      const second = new CookieJar();
      await second.fetch(`${api}/api/auth/login`, {
        method: 'POST',
        json: { email: first.email, password: first.password },
      });
      await first.jar.fetch(`${api}/api/auth/logout`, { method: 'POST' });
      expect((await me(second.get(ACCESS_COOKIE)!)).status).toBe(200);
      expect((await refreshWith(second.get(REFRESH_COOKIE)!)).status).toBe(200);

      const nobody = await fetch(`${api}/api/auth/logout`, { method: 'POST' });
      expect(nobody.status).toBe(200);
    });
  });

  describe('GET /api/logout (the spec navigation)', () => {
    it.each([
      ['a cross-site link', { 'sec-fetch-site': 'cross-site' }],
      ['a sibling subdomain', { 'sec-fetch-site': 'same-site' }],
      ['an old browser sent from another origin', { referer: 'https://evil.example/page' }],
      ['an old browser that sends none of the headers', {}],
    ])('does not sign out for %s, and still goes home', async (_case, headers: Record<string, string>) => {
      const { jar } = await signedIn();
      const out = await rawRequest(`${api}/api/logout`, 'GET', { headers: { ...headers, cookie: jar.header() } });
      expect(out.status).toBe(302);
      expect(out.headers.location).toBe('/');
      expect(out.headers['set-cookie']).toBeUndefined();
      expect((await me(jar.get(ACCESS_COOKIE)!)).status).toBe(200);
      expect((await refreshWith(jar.get(REFRESH_COOKIE)!)).status).toBe(200);
    });

    it.each([
      ['our own page', () => ({ 'sec-fetch-site': 'same-origin' })],
      ['the address bar', () => ({ 'sec-fetch-site': 'none' })],
      ['an old browser on our page', () => ({ referer: `${publicOrigin}/dashboard` })],
    ])('signs out for %s, access and refresh token together', async (_case, headers: () => Record<string, string>) => {
      const { jar } = await signedIn();
      const access = jar.get(ACCESS_COOKIE)!;
      const refresh = jar.get(REFRESH_COOKIE)!;
      // The browser sends only the access cookie here (the refresh cookie's path is /api/auth).
      const out = await rawRequest(`${api}/api/logout`, 'GET', {
        headers: { ...headers(), cookie: `${ACCESS_COOKIE}=${access}` },
      });
      expect(out.status).toBe(302);
      expect(out.headers['set-cookie']?.join('\n')).toMatch(/refresh_token=;.*Path=\/api\/auth/);
      expect((await me(access)).status).toBe(401);
      expect((await refreshWith(refresh)).status).toBe(401);
    });
  });

  describe('two tabs refreshing at once', () => {
    it('both get the same new pair, and one session stays valid', async () => {
      const { jar } = await signedIn();
      const refresh = jar.get(REFRESH_COOKIE)!;
      const [a, b] = await Promise.all([refreshWith(refresh), refreshWith(refresh)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const next = cookieIn(a, REFRESH_COOKIE)!;
      expect(next).toBeTruthy();
      expect(next).not.toBe(refresh);
      expect(cookieIn(b, REFRESH_COOKIE)).toBe(next);
      expect(cookieIn(b, ACCESS_COOKIE)).toBe(cookieIn(a, ACCESS_COOKIE));
      expect(await liveTokensOfFamily(refresh)).toBe(1);

      // The shared new pair works, and keeps rotating.
      expect((await me(cookieIn(a, ACCESS_COOKIE)!)).status).toBe(200);
      const later = await refreshWith(next);
      expect(later.status).toBe(200);
      expect(await liveTokensOfFamily(refresh)).toBe(1);
    });

    it('a late tab within the window gets the same pair too', async () => {
      const { jar } = await signedIn();
      const refresh = jar.get(REFRESH_COOKIE)!;
      const first = await refreshWith(refresh);
      const second = await refreshWith(refresh);
      expect(second.status).toBe(200);
      expect(cookieIn(second, REFRESH_COOKIE)).toBe(cookieIn(first, REFRESH_COOKIE));
      expect(await liveTokensOfFamily(refresh)).toBe(1);
    });

    it('a rotated token replayed after the window revokes the family, access tokens included', async () => {
      const { jar } = await signedIn();
      const stolen = jar.get(REFRESH_COOKIE)!;
      const rotated = await jar.fetch(`${api}/api/auth/refresh`, { method: 'POST' });
      expect(rotated.status).toBe(200);
      // The window passes.
      await query(
        `UPDATE identity.refresh_tokens SET revoked_at = revoked_at - make_interval(secs => $2) WHERE token_hash = $1`,
        [hashToken(stolen), REFRESH_GRACE_MS / 1000 + 1],
      );

      const replay = await refreshWith(stolen);
      expect(replay.status).toBe(401);
      expect(cookieIn(replay, REFRESH_COOKIE)).toBe('');
      expect((await jar.fetch(`${api}/api/auth/refresh`, { method: 'POST' })).status).toBe(401);
      expect(await liveTokensOfFamily(stolen)).toBe(0);
      expect((await me(cookieIn(rotated, ACCESS_COOKIE)!)).status).toBe(401);
    });

    it('a rotated token replayed within the window after sign-out gets nothing', async () => {
      const { jar } = await signedIn();
      const old = jar.get(REFRESH_COOKIE)!;
      await jar.fetch(`${api}/api/auth/refresh`, { method: 'POST' });
      await jar.fetch(`${api}/api/auth/logout`, { method: 'POST' });
      expect((await refreshWith(old)).status).toBe(401);
      expect(await liveTokensOfFamily(old)).toBe(0);
    });

    it('keeps no openable successor once the window is over', async () => {
      const { jar } = await signedIn();
      const first = jar.get(REFRESH_COOKIE)!;
      await jar.fetch(`${api}/api/auth/refresh`, { method: 'POST' });
      await query(
        `UPDATE identity.refresh_tokens SET revoked_at = revoked_at - make_interval(secs => $2) WHERE token_hash = $1`,
        [hashToken(first), REFRESH_GRACE_MS / 1000 + 1],
      );
      await jar.fetch(`${api}/api/auth/refresh`, { method: 'POST' });
      const [row] = await query<{ sealed: string | null }>(
        'SELECT successor_sealed AS sealed FROM identity.refresh_tokens WHERE token_hash = $1',
        [hashToken(first)],
      );
      expect(row!.sealed).toBeNull();
    });
  });

  describe('password reset', () => {
    it('ends every session at once, access tokens included', async () => {
      const worker = await startMailWorker();
      try {
        const { jar, email } = await signedIn();
        const other = new CookieJar();
        const access = jar.get(ACCESS_COOKIE)!;
        await fetch(`${api}/api/auth/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        });
        const mail = await waitForMail(email, 'Reset your password');
        expect(mail.text).toContain('This link expires in 1 hour and works once.');
        const token = new URL(linkIn(mail, '/reset-password')).searchParams.get('token')!;
        const [{ lifetime }] = await query<{ lifetime: string }>(
          `SELECT extract(epoch FROM expires_at - created_at)::int AS lifetime FROM identity.one_time_tokens WHERE token_hash = $1`,
          [hashToken(token)],
        );
        expect(Number(lifetime)).toBeLessThanOrEqual(3600);
        expect(Number(lifetime)).toBeGreaterThan(3590);

        const reset = await other.fetch(`${api}/api/auth/reset-password`, {
          method: 'POST',
          json: { token, password: 'N3w!Password', confirmPassword: 'N3w!Password' },
        });
        expect(reset.status).toBe(200);
        expect((await me(access)).status).toBe(401);
      } finally {
        await worker.close();
      }
    });
  });
});
