import { randomUUID } from 'node:crypto';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { baseConfigSchema, OutboxService, PlatformModule } from '@app/platform';
import { query, startWorker, waitFor } from '../../../test-support';

// Rows committed by another process wake the relay through Postgres LISTEN/NOTIFY: a writer app
// without a relay (as a worker or a replica whose relay is not the one draining) commits events,
// and the relay of another app of the same schema publishes them, though it polls only every 60 s.

process.env.KAFKA_TOPIC_PREFIX = `test.wake-${randomUUID().slice(0, 8)}.`;
const SCHEMA = 'outbox_wake_probe';
const POLL_MS = '60000';

const appOf = (name: string, relay: boolean) => {
  @Module({
    imports: [
      PlatformModule.forService({
        config: baseConfigSchema,
        database: { schema: SCHEMA, entities: [], migrations: [] },
        events: { relay },
        env: { ...process.env, SERVICE_NAME: name, PORT: '0', OUTBOX_POLL_MS: POLL_MS },
      }),
    ],
  })
  class ProbeModule {}
  return ProbeModule;
};

describe('outbox relay wake-up from another process', () => {
  let relayApp: INestApplicationContext;
  let writerApp: INestApplicationContext;
  let writer: DataSource;

  const listening = () =>
    query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
         AND application_name = $1 AND query LIKE 'LISTEN%' AND state = 'idle'`,
      [`${SCHEMA}-outbox-listen`],
    ).then((rows) => rows.length === 1);

  /**
   * Commits one event in the writer app (`write` runs the transaction's work, writing the event with
   * `publish`); resolves once it is published, with the time that took.
   */
  const publishAndTime = async (
    write = (manager: EntityManager, publish: (manager: EntityManager) => Promise<string>) => publish(manager),
  ): Promise<number> => {
    const key = randomUUID();
    const outbox = writerApp.get(OutboxService);
    const committed = Date.now();
    const id = await writer.transaction((manager) =>
      write(manager, (into) => outbox.publish(into, 'ProfileUpdated', key, { userId: key, changedFields: ['wake'] })),
    );
    await waitFor(
      async () =>
        (await query<{ published_at: Date | null }>(`SELECT published_at FROM ${SCHEMA}.outbox WHERE id = $1`, [id]))[0]
          ?.published_at,
      5_000,
      'the event published',
    );
    return Date.now() - committed;
  };

  beforeAll(async () => {
    await query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    relayApp = await startWorker(appOf('outbox-wake-relay', true));
    writerApp = await startWorker(appOf('outbox-wake-writer', false));
    writer = writerApp.get<DataSource>(getDataSourceToken());
    await waitFor(listening, 10_000, 'the relay listening');
    // The relay's first drains are over; it now waits out its 60 s poll unless woken.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  });

  afterAll(async () => {
    await writerApp?.close();
    await relayApp?.close();
  });

  it('publishes a row committed by another process within a second, not at the next poll', async () => {
    expect(await publishAndTime()).toBeLessThan(1000);
    expect(await publishAndTime()).toBeLessThan(1000);
  });

  it('wakes the relay when a transaction that wrote the row in a savepoint commits, not at the release', async () => {
    const inSavepoint = async (manager: EntityManager, publish: (manager: EntityManager) => Promise<string>) => {
      const id = await manager.transaction(publish);
      // A relay woken by the release would find nothing yet, and then sleep through the commit.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return id;
    };
    expect(await publishAndTime(inSavepoint)).toBeLessThan(1000);
  });

  it('listens again after its connection is lost, and is woken as before', async () => {
    const [{ terminated }] = await query<{ terminated: boolean }>(
      'SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE application_name = $1',
      [`${SCHEMA}-outbox-listen`],
    );
    expect(terminated).toBe(true);
    await waitFor(listening, 10_000, 'the relay listening again');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await publishAndTime()).toBeLessThan(1000);
  });
});
