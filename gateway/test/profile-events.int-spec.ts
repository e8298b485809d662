import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { EventHeader, Topic } from '@app/contracts';
import { ACCESS_COOKIE, createKafka, EventConsumer } from '@app/platform';
import type { IHeaders } from 'kafkajs';
import {
  bodyOf,
  CookieJar,
  eventMessage,
  largestEvent,
  PrivateKafkaBroker,
  query,
  startApp,
  userIdOf,
  validRegistration,
  waitFor,
} from '../../test-support';
import type * as IdentityApp from '../../services/identity/src/app.module';
import type * as ProfileApp from '../../services/profile/src/app.module';

// Kafka goes down in one test: both services use a broker of this file's own, never the shared one.
const kafka = new PrivateKafkaBroker();
process.env.KAFKA_BROKERS = kafka.brokers;

interface OutboxRow {
  id: string;
  key: string;
  payload: Buffer;
  headers: Record<string, string>;
}

describe('profile: built from identity events through Kafka', () => {
  let identity: INestApplication;
  let profile: INestApplication;
  let identityUrl: string;
  let profileUrl: string;

  beforeAll(async () => {
    await kafka.create();
    // Config is read when the modules load, so after KAFKA_BROKERS names this file's broker.
    const { AppModule: IdentityModule } = jest.requireActual<typeof IdentityApp>(
      '../../services/identity/src/app.module',
    );
    const { AppModule: ProfileModule } = jest.requireActual<typeof ProfileApp>('../../services/profile/src/app.module');
    ({ app: identity, url: identityUrl } = await startApp(IdentityModule));
    ({ app: profile, url: profileUrl } = await startApp(ProfileModule));
  });

  afterAll(async () => {
    await kafka.start();
    await profile?.close();
    await identity?.close();
    await kafka.destroy();
  });

  async function registerAndSignIn(): Promise<{ jar: CookieJar; userId: string; email: string }> {
    const jar = new CookieJar();
    const body = validRegistration();
    const registered = await jar.fetch(`${identityUrl}/api/auth/register`, { method: 'POST', json: body });
    expect(registered.status).toBe(201);
    const userId = await userIdOf(body.email);
    await jar.fetch(`${identityUrl}/api/auth/login`, {
      method: 'POST',
      json: { email: body.email, password: body.password },
    });
    return { jar, userId, email: body.email };
  }

  const profileRow = (userId: string) =>
    query(
      'SELECT first_name, company_name, business_type, country, business_address FROM profile.profiles WHERE user_id = $1',
      [userId],
    ).then((rows) => rows[0]);

  it('creates the profile prefilled from registration', async () => {
    const { userId } = await registerAndSignIn();
    const row = await waitFor(() => profileRow(userId), 30000, 'profile row');
    expect(row).toEqual({
      first_name: 'Aroha',
      company_name: 'Kauri Coffee Roasters',
      business_type: 'limited_company',
      country: 'New Zealand',
      business_address: '12 Queen Street, Auckland 1010',
    });
  });

  it('applies a redelivered UserRegistered once: the user’s later edits survive it', async () => {
    const { jar, userId } = await registerAndSignIn();
    await waitFor(() => profileRow(userId), 30000, 'profile row');
    const [original] = await query<OutboxRow>(
      'SELECT id, key, payload, headers FROM identity.outbox WHERE key = $1 AND type = $2',
      [userId, 'UserRegistered'],
    );

    // Sessions need a verified e-mail for the profile API; mint the same user verified.
    await query('UPDATE identity.users SET email_verified = true WHERE id = $1', [userId]);
    await jar.fetch(`${identityUrl}/api/auth/me`);
    const saved = await jar.fetch(`${profileUrl}/api/user/profile`, { method: 'PUT', json: { firstName: 'Mere' } });
    expect(saved.status).toBe(200);

    // Redeliver the very same message through Kafka and wait until the group has consumed past it.
    const client = createKafka(process.env.KAFKA_BROKERS!, 'redelivery-test');
    const producer = client.producer();
    await producer.connect();
    const topic = `${process.env.KAFKA_TOPIC_PREFIX}${Topic.IdentityEvents}`;
    const [sent] = await producer.send({
      topic,
      messages: [{ key: original.key, value: original.payload, headers: original.headers as IHeaders }],
    });
    await producer.disconnect();
    const admin = client.admin();
    await admin.connect();
    await waitFor(
      async () => {
        const [offsets] = await admin.fetchOffsets({
          groupId: `${process.env.KAFKA_TOPIC_PREFIX}profile`,
          topics: [topic],
        });
        const partition = offsets.partitions.find((p) => p.partition === sent.partition);
        return partition && BigInt(partition.offset) > BigInt(sent.baseOffset!);
      },
      30000,
      'redelivered message consumed',
    );
    await admin.disconnect();

    expect(await query('SELECT count(*)::int AS n FROM profile.inbox WHERE event_id = $1', [original.id])).toEqual([
      { n: 1 },
    ]);
    expect((await profileRow(userId))?.first_name).toBe('Mere');

    // And by hand: the consumer refuses the second application outright.
    const consumer = profile.get(EventConsumer);
    const message = {
      key: Buffer.from(original.key),
      value: original.payload,
      headers: original.headers as IHeaders,
    } as never;
    await expect(consumer.apply({ message })).resolves.toBe(false);
    expect(original.headers[EventHeader.Type]).toBe('UserRegistered');
  });

  it('serves and saves the 19 fields, the NZBN and GST registration, publishing ProfileUpdated with what changed', async () => {
    const { jar, userId } = await registerAndSignIn();
    await waitFor(() => profileRow(userId), 30000, 'profile row');
    await query('UPDATE identity.users SET email_verified = true WHERE id = $1', [userId]);
    await jar.fetch(`${identityUrl}/api/auth/me`);
    expect(jar.get(ACCESS_COOKIE)).toBeDefined();

    const loaded = await bodyOf(await jar.fetch(`${profileUrl}/api/user/profile`));
    expect(Object.keys(loaded)).toHaveLength(21);
    expect(loaded).toMatchObject({ firstName: 'Aroha', companyName: 'Kauri Coffee Roasters', website: '' });

    const saved = await jar.fetch(`${profileUrl}/api/user/profile`, {
      method: 'PUT',
      json: { ...loaded, city: 'Albany', website: 'https://kauri.example' },
    });
    expect(await bodyOf(saved)).toMatchObject({ city: 'Albany', website: 'https://kauri.example', firstName: 'Aroha' });
    const reloaded = await bodyOf(await jar.fetch(`${profileUrl}/api/user/profile`));
    expect(reloaded.city).toBe('Albany');
    const events = await query<{ type: string }>('SELECT type FROM profile.outbox WHERE key = $1', [userId]);
    expect(events).toEqual([{ type: 'ProfileUpdated' }]);
  });

  it('loses no registration while Kafka is down: the profile appears once it is back', async () => {
    await kafka.stop();
    try {
      const { userId } = await registerAndSignIn();
      const [pending] = await query('SELECT published_at FROM identity.outbox WHERE key = $1', [userId]);
      expect(pending).toEqual({ published_at: null });
      await new Promise((r) => setTimeout(r, 2000));
      expect(await profileRow(userId)).toBeUndefined();
      await kafka.start();
      await waitFor(() => profileRow(userId), 90000, 'profile after Kafka came back');
      const [published] = await query('SELECT published_at FROM identity.outbox WHERE key = $1', [userId]);
      expect(published.published_at).not.toBeNull();
    } finally {
      await kafka.start();
    }
  }, 150000);

  it('stores the largest value of every field of every event it consumes', async () => {
    const consumer = profile.get(EventConsumer);
    for (const type of consumer.eventTypes) {
      const user = randomUUID();
      const message = eventMessage(type, user, largestEvent(type, { userId: user }));
      await expect(consumer.apply({ message } as never)).resolves.toBe(true);
    }
    const [row] = await query<{ address: number; name: number }>(
      'SELECT length(business_address) AS address, length(company_name) AS name FROM profile.profiles ORDER BY created_at DESC LIMIT 1',
    );
    expect(row).toEqual({ address: 500, name: 200 });
  });
});
