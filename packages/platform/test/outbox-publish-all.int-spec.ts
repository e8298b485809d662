import { randomUUID } from 'node:crypto';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { fromBinary } from '@bufbuild/protobuf';
import { ProfileUpdatedSchema } from '@app/contracts';
import type { DataSource } from 'typeorm';
import { baseConfigSchema, OutboxService, PlatformModule } from '@app/platform';
import { query, startWorker } from '../../../test-support';

// Several events written by one statement (what a batch that commits together writes): numbered in
// the order given, each with its own headers, and none at all if one is outside its bounds.

process.env.KAFKA_TOPIC_PREFIX = `test.publish-all-${randomUUID().slice(0, 8)}.`;
const SCHEMA = 'outbox_publish_all_probe';

@Module({
  imports: [
    PlatformModule.forService({
      config: baseConfigSchema,
      database: { schema: SCHEMA, entities: [], migrations: [] },
      events: { relay: false },
      env: { ...process.env, SERVICE_NAME: 'outbox-publish-all', PORT: '0' },
    }),
  ],
})
class ProbeModule {}

describe('OutboxService.publishAll', () => {
  let app: INestApplicationContext;
  let dataSource: DataSource;
  let outbox: OutboxService;

  beforeAll(async () => {
    await query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    app = await startWorker(ProbeModule);
    dataSource = app.get<DataSource>(getDataSourceToken());
    outbox = app.get(OutboxService);
  });

  afterAll(() => app?.close());

  it('writes the events in the order given, each with its own key, request id and payload, after an earlier single one', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const ids = await dataSource.transaction(async (manager) => {
      const single = await outbox.publish(manager, 'ProfileUpdated', first, {
        userId: first,
        changedFields: ['before'],
      });
      const many = await outbox.publishAll(manager, [
        { type: 'ProfileUpdated', key: second, data: { userId: second, changedFields: ['a'] }, requestId: 'req-a' },
        { type: 'ProfileUpdated', key: first, data: { userId: first, changedFields: ['b'] } },
        { type: 'ProfileUpdated', key: second, data: { userId: second, changedFields: ['c'] }, requestId: 'req-c' },
      ]);
      return [single, ...many];
    });
    const rows = await query<{ id: string; key: string; payload: Buffer; headers: Record<string, string> }>(
      `SELECT id, key, payload, headers FROM ${SCHEMA}.outbox WHERE key IN ($1, $2) ORDER BY seq`,
      [first, second],
    );
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(rows.map((row) => [row.key, fromBinary(ProfileUpdatedSchema, row.payload).changedFields[0]])).toEqual([
      [first, 'before'],
      [second, 'a'],
      [first, 'b'],
      [second, 'c'],
    ]);
    expect(rows.map((row) => [row.headers['event-id'], row.headers['event-type'], row.headers['request-id']])).toEqual([
      [ids[0], 'ProfileUpdated', undefined],
      [ids[1], 'ProfileUpdated', 'req-a'],
      [ids[2], 'ProfileUpdated', undefined],
      [ids[3], 'ProfileUpdated', 'req-c'],
    ]);
  });

  it('writes nothing when one of the events is outside its bounds', async () => {
    const key = randomUUID();
    await expect(
      dataSource.transaction((manager) =>
        outbox.publishAll(manager, [
          { type: 'ProfileUpdated', key, data: { userId: key, changedFields: ['fine'] } },
          { type: 'ProfileUpdated', key, data: { userId: key, changedFields: ['x'.repeat(65)] } },
        ]),
      ),
    ).rejects.toThrow(/outside its bounds/);
    expect(await query(`SELECT 1 FROM ${SCHEMA}.outbox WHERE key = $1`, [key])).toHaveLength(0);
  });
});
