import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@app/platform';
import {
  CookieJar,
  linkIn,
  query,
  startApp,
  startMailWorker,
  uniqueEmail,
  userIdOf,
  validRegistration,
  waitForMail,
  bodyOf,
} from '../../../test-support';
import { AppModule } from '../src/app.module';
import { hashToken } from '../src/tokens/secret-token.util';

describe('identity: register, verify, sign in, refresh, sign out', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let api: string;

  beforeAll(async () => {
    ({ app, url: api } = await startApp(AppModule));
    worker = await startMailWorker();
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
  });

  const register = (jar: CookieJar, body: object) =>
    jar.fetch(`${api}/api/auth/register`, { method: 'POST', json: body });
  const login = (jar: CookieJar, email: string, password: string) =>
    jar.fetch(`${api}/api/auth/login`, { method: 'POST', json: { email, password } });

  it('registers an applicant, records UserRegistered in the outbox and mails a working link once', async () => {
    const jar = new CookieJar();
    const body = validRegistration();
    const response = await register(jar, body);
    expect(response.status).toBe(201);
    expect(await bodyOf(response)).toEqual({
      success: true,
      message: 'Registration successful. Please check your email for verification instructions.',
    });
    const userId = await userIdOf(body.email);

    const [user] = await query(
      'SELECT email, email_verified, kyc_status, role, password_hash FROM identity.users WHERE id = $1',
      [userId],
    );
    expect(user).toMatchObject({ email: body.email, email_verified: false, kyc_status: 'pending', role: 'user' });
    expect(String(user.password_hash)).toMatch(/^\$argon2id\$/);
    const events = await query('SELECT type, key FROM identity.outbox WHERE key = $1', [userId]);
    expect(events).toEqual([{ type: 'UserRegistered', key: userId }]);

    const mail = await waitForMail(body.email, 'Verify your email');
    const link = new URL(linkIn(mail, '/verify-email'));
    const verify = () => fetch(`${api}/api/auth/verify-email${link.search}`);

    const first = await verify();
    expect(first.status).toBe(200);
    expect(await bodyOf(first)).toEqual({
      success: true,
      message: 'Email verified successfully. You can now sign in.',
    });
    const second = await verify();
    expect(second.status).toBe(400);
    expect((await bodyOf(second)).message).toBe('This verification link has already been used. Please sign in.');
    expect(await query('SELECT type FROM identity.outbox WHERE key = $1 ORDER BY seq', [userId])).toEqual([
      { type: 'UserRegistered' },
      { type: 'UserVerified' },
    ]);
  });

  it('signs in with the right password only, and /me reflects verification without signing in again', async () => {
    const jar = new CookieJar();
    const body = validRegistration();
    await register(jar, body);

    const wrong = await login(jar, body.email, 'Wrong-pass1!');
    expect(wrong.status).toBe(401);
    expect(await bodyOf(wrong)).toEqual({
      error: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password. Please try again.',
    });
    expect(jar.get(ACCESS_COOKIE)).toBeUndefined();
    expect((await jar.fetch(`${api}/api/auth/me`)).status).toBe(401);

    const ok = await login(jar, body.email, body.password);
    expect(ok.status).toBe(200);
    expect(await bodyOf(ok)).toMatchObject({ email: body.email, emailVerified: false, firstName: 'Aroha' });
    const setCookies = ok.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/access_token=.*HttpOnly; SameSite=Lax/);
    expect(setCookies).toMatch(/refresh_token=.*Path=\/api\/auth; .*HttpOnly; SameSite=Lax/);

    const mail = await waitForMail(body.email, 'Verify your email');
    await fetch(`${api}/api/auth/verify-email${new URL(linkIn(mail, '/verify-email')).search}`);
    const me = await jar.fetch(`${api}/api/auth/me`);
    expect(await bodyOf(me)).toMatchObject({ email: body.email, emailVerified: true });
    expect(me.headers.getSetCookie().join()).toContain('access_token=');
  });

  it('rotates the refresh token and ends the sign-in when an old one is replayed', async () => {
    const jar = new CookieJar();
    const body = validRegistration();
    await register(jar, body);
    await login(jar, body.email, body.password);
    const first = jar.get(REFRESH_COOKIE)!;

    const refreshed = await jar.fetch(`${api}/api/auth/refresh`, { method: 'POST' });
    expect(refreshed.status).toBe(200);
    const second = jar.get(REFRESH_COOKIE)!;
    expect(second).not.toBe(first);

    // Past the grace window that lets a second tab's simultaneous refresh through (sessions.int-spec.ts).
    await query(
      `UPDATE identity.refresh_tokens SET revoked_at = revoked_at - interval '1 minute' WHERE token_hash = $1`,
      [hashToken(first)],
    );
    const thief = new CookieJar();
    const replay = await fetch(`${api}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `${REFRESH_COOKIE}=${first}` },
    });
    thief.store(replay);
    expect(replay.status).toBe(401);
    // The replay revoked the whole family, so the legitimate holder is signed out too.
    expect((await jar.fetch(`${api}/api/auth/refresh`, { method: 'POST' })).status).toBe(401);
  });

  it('signs out: revokes the refresh token and clears cookies', async () => {
    const jar = new CookieJar();
    const body = validRegistration();
    await register(jar, body);
    await login(jar, body.email, body.password);
    const refresh = jar.get(REFRESH_COOKIE)!;

    const out = await jar.fetch(`${api}/api/auth/logout`, { method: 'POST' });
    expect(out.status).toBe(200);
    expect(await bodyOf(out)).toEqual({ success: true, message: 'You have been signed out.' });
    expect(jar.get(ACCESS_COOKIE)).toBeUndefined();
    expect(jar.get(REFRESH_COOKIE)).toBeUndefined();
    const again = await fetch(`${api}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `${REFRESH_COOKIE}=${refresh}` },
    });
    expect(again.status).toBe(401);
  });

  it('resends verification only to a signed-in, unverified user', async () => {
    const jar = new CookieJar();
    expect((await jar.fetch(`${api}/api/auth/send-verification`, { method: 'POST', json: {} })).status).toBe(401);
    const body = validRegistration();
    await register(jar, body);
    await login(jar, body.email, body.password);
    const sent = await jar.fetch(`${api}/api/auth/send-verification`, { method: 'POST', json: { email: body.email } });
    expect(sent.status).toBe(200);
    expect(await bodyOf(sent)).toEqual({ success: true, message: 'Verification email sent. Please check your inbox.' });
    const tokens = await query(
      `SELECT count(*)::int AS live FROM identity.one_time_tokens t JOIN identity.users u ON u.id = t.user_id
       WHERE u.email = $1 AND t.purpose = 'verify_email' AND t.expires_at > now()`,
      [body.email],
    );
    expect(tokens).toEqual([{ live: 1 }]);
  });

  it('resets a forgotten password with a single-use link and ends existing sessions', async () => {
    const jar = new CookieJar();
    const body = validRegistration();
    await register(jar, body);
    await login(jar, body.email, body.password);

    const unknown = await fetch(`${api}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('nobody') }),
    });
    const known = await jar.fetch(`${api}/api/auth/forgot-password`, { method: 'POST', json: { email: body.email } });
    expect(await bodyOf(unknown)).toEqual(await bodyOf(known));

    const mail = await waitForMail(body.email, 'Reset your password');
    const token = new URL(linkIn(mail, '/reset-password')).searchParams.get('token')!;
    const reset = (password: string) =>
      fetch(`${api}/api/auth/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password, confirmPassword: password }),
      });
    expect((await reset('N3w!Password')).status).toBe(200);
    expect((await reset('Other!Pass9')).status).toBe(400);
    expect((await jar.fetch(`${api}/api/auth/refresh`, { method: 'POST' })).status).toBe(401);
    expect((await login(new CookieJar(), body.email, body.password)).status).toBe(401);
    expect((await login(new CookieJar(), body.email, 'N3w!Password')).status).toBe(200);
  });
});
