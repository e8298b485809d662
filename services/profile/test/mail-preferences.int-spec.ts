import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { fromBinary } from '@bufbuild/protobuf';
import { MailPreferencesChangedSchema, type MailPreferences } from '@app/contracts';
import type { AuthUser } from '@app/platform';
import { accessCookie, query, rawRequest, startApp, uniqueEmail } from '../../../test-support';
import { AppModule } from '../src/app.module';

// Issue 39: Settings' notification choices. Profile owns them: each member reads and changes only
// their own; every change is published (MailPreferencesChanged) for the services that mail.

const userOf = (emailVerified = true): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('mail-prefs'),
  emailVerified,
  role: 'user',
});

describe('profile: mail preferences', () => {
  let app: INestApplication;
  let api: string;

  beforeAll(async () => {
    ({ app, url: api } = await startApp(AppModule));
  });

  afterAll(() => app?.close());

  const call = (method: string, user: AuthUser | null, body?: unknown) =>
    rawRequest(`${api}/api/user/mail-preferences`, method, {
      headers: { 'content-type': 'application/json', ...(user ? { cookie: accessCookie(user) } : {}) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  const published = async (userId: string) =>
    (
      await query<{ payload: Buffer }>(
        `SELECT payload FROM profile.outbox WHERE key = $1 AND type = 'MailPreferencesChanged' ORDER BY seq`,
        [userId],
      )
    ).map(({ payload }) => {
      const { supportReplies, investmentUpdates, payoutNotices, updatedAt } = fromBinary(
        MailPreferencesChangedSchema,
        payload,
      );
      return { supportReplies, investmentUpdates, payoutNotices, dated: updatedAt !== undefined };
    });

  it('starts with every optional mail on; a member turns one off, and only theirs changes', async () => {
    const member = userOf();
    const other = userOf();
    const all: MailPreferences = { supportReplies: true, investmentUpdates: true, payoutNotices: true };
    expect((await call('GET', member)).body).toEqual(all);

    const changed = await call('PUT', member, { supportReplies: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...all, supportReplies: false });
    expect((await call('GET', member)).body).toEqual({ ...all, supportReplies: false });
    expect((await call('GET', other)).body).toEqual(all);
    expect(await published(member.id)).toEqual([
      { supportReplies: false, investmentUpdates: true, payoutNotices: true, dated: true },
    ]);

    // The same choice again changes nothing and publishes nothing.
    expect((await call('PUT', member, { supportReplies: false })).body).toEqual({ ...all, supportReplies: false });
    expect(await published(member.id)).toHaveLength(1);

    await call('PUT', member, { payoutNotices: false, supportReplies: true });
    expect((await call('GET', member)).body).toEqual({ ...all, payoutNotices: false });
    expect(await published(member.id)).toHaveLength(2);
    expect(await published(other.id)).toEqual([]);
  });

  it.each([
    ['a value that is not true or false', { supportReplies: 'no' }],
    ['a choice that does not exist (receipts cannot be turned off)', { receipts: false }],
    ['not an object', '[1]'],
  ])('refuses %s with a 400 and changes nothing', async (_, body) => {
    const member = userOf();
    const reply = await call('PUT', member, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await call('GET', member)).body).toEqual({
      supportReplies: true,
      investmentUpdates: true,
      payoutNotices: true,
    });
    expect(await published(member.id)).toEqual([]);
  });

  it('needs a session (401) and a verified e-mail (403)', async () => {
    expect((await call('GET', null)).status).toBe(401);
    expect((await call('PUT', null, { supportReplies: false })).status).toBe(401);
    expect((await call('PUT', userOf(false), { supportReplies: false })).status).toBe(403);
  });
});
