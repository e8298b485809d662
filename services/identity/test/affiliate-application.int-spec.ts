import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import {
  bodyOf,
  CookieJar,
  linkIn,
  query,
  rawRequest,
  startApp,
  startMailWorker,
  uniqueEmail,
  userIdOf,
  validAffiliateApplication,
  validRegistration,
  waitForMail,
} from '../../../test-support';
import { expectErrorReply } from '../../../test-support/error-reply';
import { AppModule } from '../src/app.module';

// Spec 6, a visitor may apply as affiliate: POST /api/affiliate/apply makes the account (with the
// usual verification mail) and publishes the application in the same transaction, for the
// affiliate service to store as the pending profile. A refused submission creates nothing.

const password = 'Partner@pass1';
const visitorApplication = (overrides: Record<string, unknown> = {}) => ({
  ...validAffiliateApplication(),
  password,
  confirmPassword: password,
  ...overrides,
});

describe('identity: a visitor applies to the affiliate programme', () => {
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

  const apply = (body: unknown) =>
    rawRequest(`${api}/api/affiliate/apply`, 'POST', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const usersWith = async (email: string) =>
    (await query<{ count: number }>('SELECT count(*)::int AS count FROM identity.users WHERE email = $1', [email]))[0]
      .count;
  /** Applications published for the address (protobuf keeps strings as their UTF-8 bytes). */
  const applicationsFor = async (email: string) =>
    (
      await query<{ count: number }>(
        `SELECT count(*)::int AS count FROM identity.outbox
          WHERE type = 'AffiliateApplicationSubmitted' AND position(convert_to($1, 'UTF8') IN payload) > 0`,
        [email],
      )
    )[0].count;

  it('creates the account and the application in one submission, mails the link, and signs in once verified', async () => {
    const body = visitorApplication({ contactName: 'Tama  Wiremu Ngata', website: '' });
    const reply = await apply(body);
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      success: true,
      message:
        'Application submitted. Please check your email to verify your address, then sign in to your affiliate dashboard.',
      email: body.contactEmail,
    });
    const userId = await userIdOf(body.contactEmail);

    const [user] = await query(
      `SELECT email, username, email_verified, first_name, last_name, phone, business_name, policies_accepted_at
         FROM identity.users WHERE id = $1`,
      [userId],
    );
    expect(user).toEqual({
      email: body.contactEmail,
      username: body.contactEmail,
      email_verified: false,
      first_name: 'Tama',
      last_name: 'Wiremu Ngata',
      phone: body.phoneNumber,
      business_name: body.companyName,
      policies_accepted_at: null,
    });
    // The account and its application travel together, in this order, under the user's key.
    expect(await query('SELECT type FROM identity.outbox WHERE key = $1 ORDER BY seq', [userId])).toEqual([
      { type: 'UserRegistered' },
      { type: 'AffiliateApplicationSubmitted' },
    ]);
    expect(await applicationsFor(body.contactEmail)).toBe(1);

    const jar = new CookieJar();
    const login = () =>
      jar.fetch(`${api}/api/auth/login`, { method: 'POST', json: { email: body.contactEmail, password } });
    expect((await bodyOf<{ emailVerified: boolean }>(await login())).emailVerified).toBe(false);

    const mail = await waitForMail(body.contactEmail, 'Verify your email');
    const verified = await fetch(`${api}/api/auth/verify-email${new URL(linkIn(mail, '/verify-email')).search}`);
    expect(verified.status).toBe(200);
    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    expect(await bodyOf(signedIn)).toMatchObject({ id: userId, email: body.contactEmail, emailVerified: true });
  });

  it('answers an address that already has an account as a new one, creates nothing, and mails its owner', async () => {
    const email = uniqueEmail('taken');
    const registered = await new CookieJar().fetch(`${api}/api/auth/register`, {
      method: 'POST',
      json: validRegistration(email),
    });
    expect(registered.status).toBe(201);
    const fresh = await apply(visitorApplication());

    const reply = await apply(visitorApplication({ contactEmail: ` ${email.toUpperCase()} ` }));
    expect(reply.status).toBe(fresh.status);
    expect(reply.body).toEqual({ ...(fresh.body as object), email });
    expect(await usersWith(email)).toBe(1);
    expect(await applicationsFor(email)).toBe(0);
    expect(await applicationsFor(email.toUpperCase())).toBe(0);
    const notice = await waitForMail(email, 'Someone tried to register with your email address');
    expect(notice.text).toContain('apply to the affiliate programme with your email address');
    expect(notice.text).toMatch(/Sign in: https?:\/\/\S+\/login/);
  });

  it.each([
    [
      'a short description',
      { businessDescription: 'Too short.' },
      'businessDescription',
      'Please provide at least 50 characters describing your business',
    ],
    ['a bad e-mail', { contactEmail: 'not-an-email' }, 'contactEmail', 'Please enter a valid email address'],
    [
      'a weak password',
      { password: 'password', confirmPassword: 'password' },
      'password',
      'Password must contain uppercase, lowercase, number and special character',
    ],
    ['passwords that differ', { confirmPassword: 'Other@pass1' }, 'confirmPassword', "Passwords don't match"],
    ['no password', { password: undefined, confirmPassword: undefined }, 'password', undefined],
    ['an unknown business type', { businessType: 'pirate' }, 'businessType', 'Please select a business type'],
    ['an unknown field', { role: 'admin' }, undefined, undefined],
  ])('answers 400 for %s and creates nothing', async (_case, overrides, path, message) => {
    const body = visitorApplication(overrides);
    const reply = await apply(body);
    expectErrorReply(reply, { status: 400, error: 'VALIDATION_FAILED' });
    const details = (reply.body as { details?: { path: string; message: string }[] }).details ?? [];
    if (path) expect(details.map((detail) => detail.path)).toContain(path);
    if (message) expect(details).toContainEqual({ path, message });
    expect(await usersWith(body.contactEmail as string)).toBe(0);
    expect(await applicationsFor(body.contactEmail as string)).toBe(0);
  });
});
