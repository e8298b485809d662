import type { INestApplication } from '@nestjs/common';
import { kybMessages } from '@app/contracts';
import { bodyOf, CookieJar, query, startApp, userIdOf, validRegistration, waitFor } from '../../test-support';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { AppModule as ProfileModule } from '../../services/profile/src/app.module';

// Issue 39: the NZBN, company number, IRD number and GST registration the wizard asks for were
// never sent, so never stored, and Settings showed none of them. Registration now sends them,
// identity checks them as the KYB step does (a bad one is a 400 that creates nothing) and hands them
// to the profile, whose API (what Settings shows) answers them and checks an edit the same way.

describe('registration business numbers: checked, kept in the profile, editable in Settings', () => {
  let identity: INestApplication;
  let profile: INestApplication;
  let identityUrl: string;
  let profileUrl: string;

  beforeAll(async () => {
    ({ app: identity, url: identityUrl } = await startApp(IdentityModule));
    ({ app: profile, url: profileUrl } = await startApp(ProfileModule));
  });

  afterAll(async () => {
    await profile?.close();
    await identity?.close();
  });

  const usersWith = (email: string) =>
    query<{ n: number }>('SELECT count(*)::int AS n FROM identity.users WHERE email = $1', [email]).then(
      ([row]) => row?.n,
    );

  /** Registers, marks the address verified and signs in; resolves once the profile exists. */
  async function registerAs(overrides: Record<string, unknown>): Promise<{ jar: CookieJar; userId: string }> {
    const jar = new CookieJar();
    const body = { ...validRegistration(), ...overrides };
    const registered = await jar.fetch(`${identityUrl}/api/auth/register`, { method: 'POST', json: body });
    expect(registered.status).toBe(201);
    const userId = await userIdOf(body.email as string);
    await query('UPDATE identity.users SET email_verified = true WHERE id = $1', [userId]);
    await jar.fetch(`${identityUrl}/api/auth/login`, {
      method: 'POST',
      json: { email: body.email, password: body.password },
    });
    await waitFor(
      () => query('SELECT 1 FROM profile.profiles WHERE user_id = $1', [userId]).then((rows) => rows.length > 0),
      30000,
      'profile row',
    );
    return { jar, userId };
  }

  it('a New Zealand registration’s NZBN, company number, IRD number and GST registration come back from the profile', async () => {
    const { jar } = await registerAs({
      nzbn: '94 1234 5678 904',
      businessNumber: '1234567',
      taxNumber: '49-091-850',
      gstRegistered: true,
    });
    const loaded = await bodyOf(await jar.fetch(`${profileUrl}/api/user/profile`));
    // Stored as the KYB step stores them: the digit-only numbers without spaces or dashes.
    expect(loaded).toMatchObject({
      nzbn: '9412345678904',
      companyRegistrationNumber: '1234567',
      taxId: '49091850',
      gstRegistered: true,
      businessCountry: 'New Zealand',
    });
  });

  it('an Australian registration’s ABN and TFN come back; none given reads back blank and not GST registered', async () => {
    const { jar: australian } = await registerAs({
      country: 'Australia',
      businessNumber: '51 824 753 556',
      taxNumber: '123 456 782',
    });
    expect(await bodyOf(await australian.fetch(`${profileUrl}/api/user/profile`))).toMatchObject({
      nzbn: '',
      companyRegistrationNumber: '51824753556',
      taxId: '123456782',
      gstRegistered: false,
    });
    const { jar: plain } = await registerAs({});
    expect(await bodyOf(await plain.fetch(`${profileUrl}/api/user/profile`))).toMatchObject({
      nzbn: '',
      companyRegistrationNumber: '',
      taxId: '',
      gstRegistered: false,
    });
  });

  it.each([
    ['nzbn', { nzbn: '9412345678905' }, kybMessages.nzbn],
    ['taxNumber', { taxNumber: '12345678' }, kybMessages.taxNumberNz],
    ['businessNumber', { businessNumber: '123456789' }, kybMessages.businessNumberNz],
    ['nzbn', { country: 'Australia', nzbn: '9412345678904' }, kybMessages.nzbnOutsideNz],
    ['businessNumber', { country: 'Australia', businessNumber: '51824753557' }, kybMessages.businessNumberAu],
    ['gstRegistered', { gstRegistered: 'yes' }, undefined],
  ])('registration refuses a bad %s (%j) with a 400 naming it, and creates no account', async (path, bad, message) => {
    const body = { ...validRegistration(), ...bad };
    const reply = await fetch(`${identityUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(reply.status).toBe(400);
    const answer = await bodyOf(reply);
    expect(answer).toMatchObject({ error: 'VALIDATION_FAILED', details: [expect.objectContaining({ path })] });
    if (message) expect(answer).toMatchObject({ message, details: [{ path, message }] });
    expect(await usersWith(body.email)).toBe(0);
  });

  it('Settings edits the numbers with the same checks: a bad one is a 400 that changes nothing', async () => {
    const { jar, userId } = await registerAs({ nzbn: '9412345678904', taxNumber: '49091850' });
    const before = await bodyOf(await jar.fetch(`${profileUrl}/api/user/profile`));
    const outbox = () => query('SELECT id FROM profile.outbox WHERE key = $1', [userId]);
    const eventsBefore = await outbox();
    const put = (json: Record<string, unknown>) =>
      jar.fetch(`${profileUrl}/api/user/profile`, { method: 'PUT', json: { ...before, ...json } });

    for (const [change, path, message] of [
      [{ nzbn: '9412345678905' }, 'nzbn', kybMessages.nzbn],
      [{ taxId: '12345678' }, 'taxId', kybMessages.taxNumberNz],
      [{ companyRegistrationNumber: 'ABC-123' }, 'companyRegistrationNumber', kybMessages.businessNumberNz],
      // Moving the business abroad re-checks the numbers it keeps: an NZBN is for New Zealand only
      // (and an IRD number is no TFN; the first problem is the message, each one a detail).
      [{ businessCountry: 'Australia' }, 'nzbn', kybMessages.nzbnOutsideNz],
      [{ businessCountry: '', companyRegistrationNumber: '1234567' }, 'businessCountry', kybMessages.country],
    ] as const) {
      const reply = await put(change);
      expect(reply.status).toBe(400);
      const answer = await bodyOf(reply);
      expect(answer).toMatchObject({ error: 'VALIDATION_FAILED', message });
      expect((answer as { details: unknown[] }).details[0]).toEqual({ path, message });
    }
    expect(await bodyOf(await jar.fetch(`${profileUrl}/api/user/profile`))).toEqual(before);
    expect(await outbox()).toEqual(eventsBefore);

    const saved = await put({
      nzbn: '',
      companyRegistrationNumber: '123-4567',
      taxId: '49 091 850',
      gstRegistered: true,
    });
    expect(saved.status).toBe(200);
    const after = await bodyOf(await jar.fetch(`${profileUrl}/api/user/profile`));
    expect(after).toMatchObject({
      nzbn: '',
      companyRegistrationNumber: '1234567',
      taxId: '49091850',
      gstRegistered: true,
    });
    expect(await outbox()).toHaveLength(eventsBefore.length + 1);
  });
});
