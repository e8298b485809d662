import { randomUUID } from 'node:crypto';
import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  deadLetterListSchema,
  deadLetterRoutesOf,
  replayResultSchema,
  type EventConsumingService,
} from '@app/contracts';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import {
  baseConfigSchema,
  MAX_ATTEMPTS,
  OutboxService,
  PlatformModule,
  type Event,
  type EventContext,
  type EventHandler,
} from '@app/platform';
import { query, rawRequest, startApp, startInternalPort, waitFor, accessCookie } from '../../../test-support';

// The event backbone end to end on the real Postgres and Kafka: a probe service publishes
// ProfileUpdated events through its outbox and consumes them itself, storing each event's first
// changed field in a column of 12 characters. A longer one is a poison event (the column refuses
// it on every attempt); "flaky" ones fail as if the database were away, a few times.

// A topic prefix of its own, so the probe reads only what it publishes.
process.env.KAFKA_TOPIC_PREFIX = `test.probe-${randomUUID().slice(0, 8)}.`;
const SERVICE = 'events-probe';

const exporter = new InMemorySpanExporter();
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(new W3CTraceContextPropagator());

class CreateProbe1764892800500 implements MigrationInterface {
  name = 'CreateProbe1764892800500';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE events_probe.applied (
      seq bigserial PRIMARY KEY, event_id uuid NOT NULL, key uuid NOT NULL, label varchar(12) NOT NULL)`);
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE events_probe.applied');
  }
}

/** Failures left for each "flaky" label, as if the database were restarting. */
const flaky = new Map<string, number>();

@Injectable()
class ProbeHandler implements EventHandler<'ProfileUpdated'> {
  readonly eventType = 'ProfileUpdated' as const;
  async handle(event: Event<'ProfileUpdated'>, { manager, eventId }: EventContext): Promise<void> {
    const label = event.changedFields[0] ?? '';
    const left = flaky.get(label) ?? 0;
    if (left > 0) {
      flaky.set(label, left - 1);
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    }
    await manager.query('INSERT INTO events_probe.applied (event_id, key, label) VALUES ($1, $2, $3)', [
      eventId,
      event.userId,
      label,
    ]);
  }
}

@Module({
  imports: [
    PlatformModule.forService({
      config: baseConfigSchema,
      database: { schema: 'events_probe', entities: [], migrations: [CreateProbe1764892800500] },
      events: { handlers: [ProbeHandler] },
      // The probe is described like a real consumer: its dead-letter routes, admin only.
      routes: deadLetterRoutesOf(SERVICE as EventConsumingService),
      env: { ...process.env, SERVICE_NAME: SERVICE, PORT: '0' },
    }),
  ],
  providers: [ProbeHandler],
})
class ProbeModule {}

describe('event backbone: order, dead letters, replay and one trace', () => {
  let app: INestApplication;
  let url: string;
  let dataSource: DataSource;
  let outbox: OutboxService;
  const cookie = (role: string) =>
    accessCookie({ id: randomUUID(), email: 'ops@platform.test', emailVerified: true, role });

  beforeAll(async () => {
    await query('DROP SCHEMA IF EXISTS events_probe CASCADE');
    ({ app, url } = await startApp(ProbeModule));
    dataSource = app.get<DataSource>(getDataSourceToken());
    outbox = app.get(OutboxService);
  });

  afterAll(async () => {
    await app?.close();
  });

  /** Publishes one event in its own transaction, as a service would with its state change. */
  const publish = (key: string, label: string) =>
    dataSource.transaction((manager) =>
      outbox.publish(manager, 'ProfileUpdated', key, { userId: key, changedFields: [label] }),
    );
  const appliedLabels = async (key: string) =>
    (await query<{ label: string }>('SELECT label FROM events_probe.applied WHERE key = $1 ORDER BY seq', [key])).map(
      (row) => row.label,
    );
  const deadLetterOf = async (eventId: string) =>
    (
      await query<{ id: string; attempts: number; error: string; replayed_at: Date | null }>(
        'SELECT id, attempts, error, replayed_at FROM events_probe.dead_letters WHERE event_id = $1',
        [eventId],
      )
    )[0];

  it('dead-letters a poison event between two valid ones, which apply within seconds, and replays it once after the fix', async () => {
    const key = randomUUID();
    await publish(key, 'before');
    const poison = await publish(key, 'x'.repeat(20));
    await publish(key, 'after');

    // The poison event fails MAX_ATTEMPTS times (about 3 s of backoff), then the partition moves on.
    const started = Date.now();
    await waitFor(async () => (await appliedLabels(key)).length === 2, 20_000, 'valid events applied');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await appliedLabels(key)).toEqual(['before', 'after']);
    const dead = await deadLetterOf(poison);
    expect(dead).toMatchObject({ attempts: MAX_ATTEMPTS, replayed_at: null });
    expect(dead!.error).toMatch(/value too long/);

    // Visible to ops: the admin API and the metrics; not to anyone else.
    expect(
      (await rawRequest(`${url}/api/admin/${SERVICE}/dead-letters`, 'GET', { headers: { cookie: cookie('user') } }))
        .status,
    ).toBe(403);
    expect((await rawRequest(`${url}/api/admin/${SERVICE}/dead-letters`, 'GET')).status).toBe(401);
    expect(
      (await rawRequest(`${url}/api/admin/identity/dead-letters`, 'GET', { headers: { cookie: cookie('admin') } }))
        .status,
    ).toBe(404);
    const listed = deadLetterListSchema.parse(
      (await rawRequest(`${url}/api/admin/${SERVICE}/dead-letters`, 'GET', { headers: { cookie: cookie('admin') } }))
        .body,
    );
    expect(listed.open).toBeGreaterThanOrEqual(1);
    expect(listed.deadLetters.find((letter) => letter.eventId === poison)).toMatchObject({
      type: 'ProfileUpdated',
      attempts: MAX_ATTEMPTS,
      replayedAt: null,
      key,
    });
    const metrics = (await rawRequest(`${await startInternalPort(app)}/metrics`, 'GET')).text;
    expect(metrics).toMatch(/events_dead_lettered_total\{consumer="[^"]*events-probe",type="ProfileUpdated"\} [1-9]/);
    expect(metrics).toMatch(/events_dead_letters_open\{consumer="[^"]*events-probe"\} [1-9]/);

    // Replaying before the fix fails again and keeps it open.
    const replay = () =>
      rawRequest(`${url}/api/admin/${SERVICE}/dead-letters/${dead!.id}/replay`, 'POST', {
        headers: { cookie: cookie('admin') },
      });
    const again = await replay();
    expect(again.status).toBe(200);
    expect(replayResultSchema.parse(again.body)).toMatchObject({ outcome: 'failed' });
    expect((await deadLetterOf(poison))!.replayed_at).toBeNull();

    // The fix: a wider column. The replay applies it once; replaying again changes nothing.
    await query('ALTER TABLE events_probe.applied ALTER COLUMN label TYPE varchar(40)');
    expect(replayResultSchema.parse((await replay()).body)).toEqual({ id: dead!.id, outcome: 'applied' });
    expect(replayResultSchema.parse((await replay()).body)).toEqual({ id: dead!.id, outcome: 'already-applied' });
    expect(await appliedLabels(key)).toEqual(['before', 'after', 'x'.repeat(20)]);
    expect((await deadLetterOf(poison))!.replayed_at).not.toBeNull();
  });

  it('retries a transient failure in place for as long as it lasts, without skipping or reordering', async () => {
    const key = randomUUID();
    flaky.set('flaky', MAX_ATTEMPTS + 1);
    const id = await publish(key, 'flaky');
    await publish(key, 'next');
    await waitFor(async () => (await appliedLabels(key)).length === 2, 60_000, 'both applied');
    expect(await appliedLabels(key)).toEqual(['flaky', 'next']);
    expect(flaky.get('flaky')).toBe(0);
    expect(await deadLetterOf(id)).toBeUndefined();
  });

  it('publishes one key in commit order, and never skips a row that commits late', async () => {
    const key = randomUUID();
    const other = randomUUID();
    const outboxRow = (label: string) =>
      query<{ published_at: Date | null }>(
        'SELECT published_at FROM events_probe.outbox WHERE key IN ($1, $2) AND position($3::bytea IN payload) > 0',
        [key, other, Buffer.from(label)],
      ).then((rows) => rows[0]);

    // T1 writes an event of the key and stays open; T2 writes one of the same key and commits.
    const t1 = dataSource.createQueryRunner();
    await t1.connect();
    await t1.startTransaction();
    await outbox.publish(t1.manager, 'ProfileUpdated', key, { userId: key, changedFields: ['first'] });
    // A third, of another key, commits meanwhile: it must not wait for T1.
    await publish(other, 'unrelated');
    await waitFor(async () => (await appliedLabels(other)).length === 1, 20_000, 'other key applied');

    const t2 = publish(key, 'second');
    // T2 either waits for T1's key (the fix), or commits and is published ahead of T1 (the bug).
    const blocked = () =>
      query(
        "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%pg_advisory_xact_lock%'",
      ).then((rows) => rows.length > 0);
    await Promise.race([
      waitFor(blocked, 20_000, 'T2 waiting for the key'),
      t2.then(() => waitFor(async () => (await outboxRow('second'))?.published_at, 20_000, 'T2 published')),
    ]);
    await t1.commitTransaction();
    await t1.release();
    await t2;

    await waitFor(async () => (await appliedLabels(key)).length === 2, 20_000, 'both applied');
    expect(await appliedLabels(key)).toEqual(['first', 'second']);
  });

  it('continues the trace of the request that wrote an event into the consumer that applies it', async () => {
    exporter.reset();
    const key = randomUUID();
    const tracer = trace.getTracer('test');
    const { eventId, traceId } = await tracer.startActiveSpan('POST /api/user/profile', async (span) => {
      const id = await publish(key, 'traced');
      span.end();
      return { eventId: id, traceId: span.spanContext().traceId };
    });
    await waitFor(async () => (await appliedLabels(key)).length === 1, 20_000, 'traced event applied');
    const spans = await waitFor(
      async () => {
        const finished = exporter.getFinishedSpans();
        const consumed = finished.find(
          (span) => span.name === 'ProfileUpdated process' && span.attributes['messaging.message.id'] === eventId,
        );
        const published = finished.find(
          (span) => span.name === 'ProfileUpdated publish' && span.attributes['messaging.message.id'] === eventId,
        );
        return consumed && published ? { consumed, published } : undefined;
      },
      10_000,
      'consumer span',
    );
    expect(spans.published.spanContext().traceId).toBe(traceId);
    expect(spans.consumed.spanContext().traceId).toBe(traceId);
    expect(spans.consumed.parentSpanContext?.spanId).toBe(spans.published.spanContext().spanId);
  });
});
