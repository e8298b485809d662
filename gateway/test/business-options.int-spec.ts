import type { INestApplication } from '@nestjs/common';
import { businessOptionMessages } from '@app/contracts';
import { bodyOf, CookieJar, query, startApp, userIdOf, validRegistration, waitFor } from '../../test-support';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { AppModule as ProfileModule } from '../../services/profile/src/app.module';

// Issue 21: registration and Settings share one list of business types and countries. What a
// user registers with comes back from the profile API as the same value, which Settings shows;
// identity and profile refuse a value outside the list with a 400 and change nothing.

describe('business type and country: one list from registration to the profile', () => {
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

  it.each([
    ['limited_company', 'Japan'],
    ['trust', 'Hong Kong'],
    ['sole_trader', 'United Kingdom'],
  ])('a registration as %s in %s reads back from the profile as the same values', async (businessType, country) => {
    const { jar } = await registerAs({ businessType, country });
    const loaded = await bodyOf(await jar.fetch(`${profileUrl}/api/user/profile`));
    expect(loaded).toMatchObject({ businessType, country, businessCountry: country });

    // Settings sends the whole profile back unchanged: accepted, and still the same values.
    const saved = await jar.fetch(`${profileUrl}/api/user/profile`, {
      method: 'PUT',
      json: { ...loaded, city: 'Osaka' },
    });
    expect(saved.status).toBe(200);
    expect(await bodyOf(saved)).toMatchObject({ businessType, country, city: 'Osaka' });
  });

  it.each([
    ['country', 'Atlantis', businessOptionMessages.country],
    ['country', 'japan', businessOptionMessages.country],
    ['businessType', 'Limited Company', businessOptionMessages.registrationBusinessType],
    // A Settings type is not one of registration's five (spec 5.1).
    ['businessType', 'financial_technology', businessOptionMessages.registrationBusinessType],
  ])(
    'registration refuses %s %j with a 400 naming the field, and creates no account',
    async (field, value, message) => {
      const body = { ...validRegistration(), [field]: value };
      const reply = await fetch(`${identityUrl}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(reply.status).toBe(400);
      expect(await reply.json()).toMatchObject({
        error: 'VALIDATION_FAILED',
        message,
        details: [{ path: field, message }],
      });
      expect(await usersWith(body.email)).toBe(0);
    },
  );

  it('the profile refuses a country or business type outside the list with a 400 and keeps what it had', async () => {
    const { jar, userId } = await registerAs({ businessType: 'partnership', country: 'Canada' });
    const before = await bodyOf(await jar.fetch(`${profileUrl}/api/user/profile`));
    const outbox = () => query('SELECT id FROM profile.outbox WHERE key = $1', [userId]);
    const eventsBefore = await outbox();

    for (const [field, value, message] of [
      ['country', 'Atlantis', businessOptionMessages.country],
      ['businessCountry', 'Narnia', businessOptionMessages.businessCountry],
      ['businessType', 'Partnership', businessOptionMessages.businessType],
    ] as const) {
      const reply = await jar.fetch(`${profileUrl}/api/user/profile`, {
        method: 'PUT',
        json: { ...before, city: 'Toronto', [field]: value },
      });
      expect(reply.status).toBe(400);
      expect(await bodyOf(reply)).toMatchObject({ error: 'VALIDATION_FAILED', message, details: [{ path: field }] });
    }
    expect(await bodyOf(await jar.fetch(`${profileUrl}/api/user/profile`))).toEqual(before);
    expect(await outbox()).toEqual(eventsBefore);

    // A Settings-only type and a country only registration used to offer are both in the list.
    const saved = await jar.fetch(`${profileUrl}/api/user/profile`, {
      method: 'PUT',
      json: { businessType: 'financial_technology', businessCountry: 'Japan' },
    });
    expect(saved.status).toBe(200);
    expect(await bodyOf(await jar.fetch(`${profileUrl}/api/user/profile`))).toMatchObject({
      businessType: 'financial_technology',
      businessCountry: 'Japan',
      country: 'Canada',
    });
  });
});
