import { randomUUID } from 'node:crypto';
import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { context, propagation, trace } from '@opentelemetry/api';
import { create, toBinary } from '@bufbuild/protobuf';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  deadLetterListSchema,
  deadLetterRoutesOf,
  eventCatalog,
  EventHeader,
  replayResultSchema,
  type EventConsumingService,
} from '@app/contracts';
import { ConfigResourceTypes, type Kafka, type Producer } from 'kafkajs';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import {
  baseConfigSchema,
  DeadLettersRepository,
  ensureTopics,
  KAFKA,
  MAX_ATTEMPTS,
  OutboxRelay,
  OutboxService,
  PlatformModule,
  TransactionRunner,
  type Event,
  type EventContext,
  type EventHandler,
  type EventOfBatch,
  type Transaction,
} from '@app/platform';
import { query, rawRequest, startApp, startInternalPort, waitFor, accessCookie } from '../../../test-support';

// The event backbone end to end on the real Postgres and Kafka: a probe service publishes
// ProfileUpdated events through its outbox and consumes them itself, storing each event's first
// changed field in a column of 12 characters. A longer one is a poison event (the column refuses
// it on every attempt, until it is widened); "refused" fails always; "flaky" ones fail as if the
// database were away, a few times. Each applied
// event also leaves work for after its commit, which notes whether its row was visible by then.
// Batches of a partition are also sent to Kafka directly, as one fetch brings them.

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
/** Calls of the handler per label. */
const calls = new Map<string, number>();
/** A label's second call waits for this (before it fails, for a label that always does). */
const held = new Map<string, Promise<void>>();
/** A label's first call waits for this. */
const heldFirst = new Map<string, Promise<void>>();
/** Per key, what the work after each commit saw: the label, and whether its row was visible to others. */
const afterCommits = new Map<string, { label: string; visible: boolean }[]>();
/** Per key, how many events each call of handleAll took. */
const runs = new Map<string, number[]>();

@Injectable()
class ProbeHandler implements EventHandler<'ProfileUpdated'> {
  readonly eventType = 'ProfileUpdated' as const;

  constructor(private readonly transactions: TransactionRunner) {}

  async handle(event: Event<'ProfileUpdated'>, { manager, eventId }: EventContext): Promise<void> {
    const label = event.changedFields[0] ?? '';
    calls.set(label, (calls.get(label) ?? 0) + 1);
    const left = flaky.get(label) ?? 0;
    if (left > 0) {
      flaky.set(label, left - 1);
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    }
    if (calls.get(label) === 1) await heldFirst.get(label);
    if (calls.get(label) === 2) await held.get(label);
    if (label.endsWith('refused')) throw new Error('refused, as on every attempt');
    await manager.query('INSERT INTO events_probe.applied (event_id, key, label) VALUES ($1, $2, $3)', [
      eventId,
      event.userId,
      label,
    ]);
    this.noteAfterCommit(manager, event.userId, eventId, label);
  }

  /**
   * Events labelled "run-…" in one statement; any other label refuses the run, as a set-based
   * statement refuses a row, and the consumer applies them one at a time instead.
   */
  async handleAll(events: EventOfBatch<'ProfileUpdated'>[], manager: Transaction): Promise<void> {
    const labels = events.map(({ event }) => event.changedFields[0] ?? '');
    if (labels.some((label) => !label.startsWith('run-') || label.endsWith('refused'))) {
      throw new Error('refused as a run');
    }
    await manager.query(
      `INSERT INTO events_probe.applied (event_id, key, label)
       SELECT id, key, label FROM unnest($1::uuid[], $2::uuid[], $3::varchar[]) WITH ORDINALITY AS e (id, key, label, n) ORDER BY n`,
      [events.map(({ context }) => context.eventId), events.map(({ event }) => event.userId), labels],
    );
    const key = events[0]!.event.userId;
    runs.set(key, [...(runs.get(key) ?? []), events.length]);
    events.forEach(({ event, context }, index) =>
      this.noteAfterCommit(manager, event.userId, context.eventId, labels[index]!),
    );
  }

  private noteAfterCommit(manager: Transaction, key: string, eventId: string, label: string): void {
    this.transactions.afterCommit(manager, async () => {
      const seen = afterCommits.get(key) ?? [];
      afterCommits.set(key, seen);
      const entry = { label, visible: false };
      seen.push(entry);
      entry.visible = (await query('SELECT 1 FROM events_probe.applied WHERE event_id = $1', [eventId])).length === 1;
    });
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
  let kafka: Kafka;
  let producer: Producer;
  const cookie = (role: string) =>
    accessCookie({ id: randomUUID(), email: 'ops@platform.test', emailVerified: true, role });

  beforeAll(async () => {
    await query('DROP SCHEMA IF EXISTS events_probe CASCADE');
    ({ app, url } = await startApp(ProbeModule));
    dataSource = app.get<DataSource>(getDataSourceToken());
    outbox = app.get(OutboxService);
    kafka = app.get<Kafka>(KAFKA);
    producer = kafka.producer();
    await producer.connect();
  });

  afterAll(async () => {
    await producer?.disconnect();
    await app?.close();
  });

  /** Publishes one event in its own transaction, as a service would with its state change. */
  const publish = (key: string, label: string) =>
    dataSource.transaction((manager) =>
      outbox.publish(manager, 'ProfileUpdated', key, { userId: key, changedFields: [label] }),
    );
  /** A transaction that has written an event of `key` (its id and number drawn) and stays open until `commit`. */
  const openWithEvent = async (key: string, label: string) => {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    await outbox.publish(runner.manager, 'ProfileUpdated', key, { userId: key, changedFields: [label] });
    return {
      commit: async () => {
        await runner.commitTransaction();
        await runner.release();
      },
    };
  };
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

  const topic = `${process.env.KAFKA_TOPIC_PREFIX}${eventCatalog.ProfileUpdated.topic}`;
  const groupId = `${process.env.KAFKA_TOPIC_PREFIX}${SERVICE}`;
  /** A message as the relay sends it (`headers` replace its own), with the id it was given. */
  const messageOf = (key: string, label: string, headers: Record<string, string> = {}) => {
    const schema = eventCatalog.ProfileUpdated.schema;
    const id = randomUUID();
    return {
      id,
      key,
      value: Buffer.from(toBinary(schema, create(schema, { userId: key, changedFields: [label] }))),
      headers: {
        [EventHeader.Id]: id,
        [EventHeader.Type]: 'ProfileUpdated',
        [EventHeader.OccurredAt]: new Date().toISOString(),
        ...headers,
      },
    };
  };
  /** Sends messages to partition 0 in one request, so one fetch brings them; returns the first one's offset. */
  const sendBatch = async (messages: ReturnType<typeof messageOf>[]): Promise<number> => {
    const [sent] = await producer.send({
      topic,
      messages: messages.map(({ key, value, headers }) => ({ key, value, headers, partition: 0 })),
    });
    return Number(sent!.baseOffset);
  };
  /** The offset the consumer group would resume partition 0 at. */
  const committedOffset = async () => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
      return Number(offsets!.partitions.find((partition) => partition.partition === 0)?.offset);
    } finally {
      await admin.disconnect();
    }
  };
  const afterCommitsOf = (key: string) => afterCommits.get(key) ?? [];

  it('commits the events of a batch before one that fails, retries that one alone, then applies the rest in order', async () => {
    const key = randomUUID();
    const refused = 'refused';
    let release!: () => void;
    held.set(refused, new Promise<void>((resolve) => (release = resolve)));
    const batch = ['one', 'two', refused, 'four', 'five'].map((label) => messageOf(key, label));
    const first = await sendBatch(batch);

    // While the failing event's first retry is held: the two before it have committed, their work
    // after the commit has run, Kafka has their offsets; nothing behind it has overtaken it.
    try {
      await waitFor(async () => (await appliedLabels(key)).length === 2, 20_000, 'the first two applied');
      await waitFor(async () => (await committedOffset()) === first + 2, 10_000, 'their offsets committed');
      await waitFor(async () => afterCommitsOf(key).length === 2, 5_000, 'their work after the commit');
      expect(afterCommitsOf(key)).toEqual([
        { label: 'one', visible: true },
        { label: 'two', visible: true },
      ]);
      await waitFor(async () => calls.get(refused) === 2, 5_000, 'the first retry');
      expect(await appliedLabels(key)).toEqual(['one', 'two']);
      expect(await deadLetterOf(batch[2]!.id)).toBeUndefined();
    } finally {
      release();
    }
    await waitFor(async () => (await appliedLabels(key)).length === 4, 20_000, 'the last two applied');
    expect(await appliedLabels(key)).toEqual(['one', 'two', 'four', 'five']);
    expect(await deadLetterOf(batch[2]!.id)).toMatchObject({
      attempts: MAX_ATTEMPTS,
      error: 'refused, as on every attempt',
    });
    expect(calls.get(refused)).toBe(MAX_ATTEMPTS);
    await waitFor(async () => afterCommitsOf(key).length === 4, 5_000, 'the work after the last commits');
    expect(afterCommitsOf(key).map(({ label }) => label)).toEqual(['one', 'two', 'four', 'five']);
    expect(afterCommitsOf(key).every(({ visible }) => visible)).toBe(true);
    await waitFor(async () => (await committedOffset()) === first + batch.length, 10_000, 'all offsets committed');
  });

  it('gives consecutive events to a handler that takes several in one call, in order; a failing call is retried one event at a time', async () => {
    const key = randomUUID();
    const together = ['run-1', 'run-2', 'run-3', 'run-4'];
    const first = await sendBatch(together.map((label) => messageOf(key, label)));
    await waitFor(async () => (await appliedLabels(key)).length === 4, 20_000, 'the run applied');
    expect(await appliedLabels(key)).toEqual(together);
    // Kafka learns the offsets in the background (no commit between a batch and the next fetch).
    await waitFor(async () => (await committedOffset()) === first + 4, 10_000, 'their offsets committed');
    expect(runs.get(key)).toEqual([4]);
    expect(together.map((label) => calls.get(label))).toEqual([undefined, undefined, undefined, undefined]);

    // One event the run's statement refuses: the call is rolled back, the events go one at a time,
    // and only that one fails (and is dead-lettered); the rest apply once each, in order.
    const mixed = ['run-5', 'run-refused', 'run-7', 'run-8'].map((label) => messageOf(key, label));
    await sendBatch(mixed);
    await waitFor(async () => (await appliedLabels(key)).length === 7, 30_000, 'the rest applied');
    expect(await appliedLabels(key)).toEqual([...together, 'run-5', 'run-7', 'run-8']);
    expect(await deadLetterOf(mixed[1]!.id)).toMatchObject({ attempts: MAX_ATTEMPTS });
    expect(calls.get('run-refused')).toBe(MAX_ATTEMPTS);
    await waitFor(async () => afterCommitsOf(key).length === 7, 5_000, 'the work after the commits');
    expect(afterCommitsOf(key).map(({ label }) => label)).toEqual([...together, 'run-5', 'run-7', 'run-8']);
    expect(afterCommitsOf(key).every(({ visible }) => visible)).toBe(true);
  });

  it('leaves the events behind one that outlasts the time of its transaction to the next transaction, none lost', async () => {
    const key = randomUUID();
    let release!: () => void;
    heldFirst.set('slow-one', new Promise<void>((resolve) => (release = resolve)));
    const batch = ['slow-one', 'slow-two', 'slow-three'].map((label) => messageOf(key, label));
    await sendBatch(batch);
    await waitFor(async () => calls.get('slow-one') === 1, 20_000, 'the first handler called');
    // Past the 20 ms a transaction may work: the two behind it wait for the next one, whose inbox
    // rows the first must not keep.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.get('slow-two')).toBeUndefined();
    release();
    await waitFor(async () => (await appliedLabels(key)).length === 3, 20_000, 'all three applied');
    expect(await appliedLabels(key)).toEqual(['slow-one', 'slow-two', 'slow-three']);
    expect(['slow-one', 'slow-two', 'slow-three'].map((label) => calls.get(label))).toEqual([1, 1, 1]);
    const inbox = await query<{ event_id: string }>(
      'SELECT event_id FROM events_probe.inbox WHERE event_id = ANY($1::uuid[])',
      [batch.map(({ id }) => id)],
    );
    expect(inbox).toHaveLength(3);
  });

  it('dead-letters a poison event in the middle of a batch at once, and applies the rest in order', async () => {
    const key = randomUUID();
    const batch = [
      messageOf(key, 'p-one'),
      messageOf(key, 'p-two'),
      messageOf(key, 'p-poison', { [EventHeader.OccurredAt]: 'not a date' }),
      messageOf(key, 'p-four'),
      messageOf(key, 'p-five'),
    ];
    await sendBatch(batch);
    await waitFor(async () => (await appliedLabels(key)).length === 4, 20_000, 'the valid events applied');
    expect(await appliedLabels(key)).toEqual(['p-one', 'p-two', 'p-four', 'p-five']);
    // At once: one attempt, no retries.
    const dead = await deadLetterOf(batch[2]!.id);
    expect(dead).toMatchObject({ attempts: 1 });
    expect(dead!.error).toMatch(/occurred-at/);
    expect(calls.get('p-poison')).toBeUndefined();
  });

  it('keeps apart the dead letters of two events at one offset (a topic created again) and adds up the attempts of one', async () => {
    const letters = app.get(DeadLettersRepository);
    // An offset no message of this run reaches, as a topic created again would hand out a second time.
    const offset = String(1_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
    const record = (message: ReturnType<typeof messageOf>, error: string, withId = true) =>
      letters.record({
        consumer: groupId,
        eventId: withId ? message.id : null,
        type: 'ProfileUpdated',
        envelope: {
          topic,
          partition: 0,
          offset,
          key: message.key,
          headers: message.headers,
          value: message.value,
        },
        error,
        attempts: 1,
        firstFailedAt: new Date(),
      });
    const key = randomUUID();
    const [first, second] = [messageOf(key, 'first'), messageOf(key, 'second')];
    const firstId = await record(first, 'first failed');
    const secondId = await record(second, 'second failed');
    expect(secondId).not.toBe(firstId);
    // The first event delivered again (a restart before its offset reached Kafka): the same row.
    expect(await record(first, 'first failed again')).toBe(firstId);
    const rows = () =>
      query<{ event_id: string | null; attempts: number; error: string }>(
        `SELECT event_id, attempts, error FROM events_probe.dead_letters WHERE "offset" = $1 ORDER BY error`,
        [offset],
      );
    expect(await rows()).toEqual([
      { event_id: first.id, attempts: 2, error: 'first failed again' },
      { event_id: second.id, attempts: 1, error: 'second failed' },
    ]);
    // Messages without an event id are told apart by their payload.
    const [third, fourth] = [messageOf(key, 'third'), messageOf(key, 'fourth')];
    const thirdId = await record(third, 'third failed', false);
    expect(await record(fourth, 'fourth failed', false)).not.toBe(thirdId);
    expect(await record(third, 'third failed again', false)).toBe(thirdId);
    expect((await rows()).filter((row) => row.event_id === null)).toEqual([
      { event_id: null, attempts: 1, error: 'fourth failed' },
      { event_id: null, attempts: 2, error: 'third failed again' },
    ]);
  });

  it('applies nothing twice when a batch is delivered again, among events it has not seen', async () => {
    const key = randomUUID();
    const batch = ['r-one', 'r-two', 'r-three'].map((label) => messageOf(key, label));
    await sendBatch(batch);
    await waitFor(async () => (await appliedLabels(key)).length === 3, 20_000, 'the batch applied');

    // The same events again, with a new one in the middle and one at the end.
    const [one, two, three] = batch;
    await sendBatch([one!, messageOf(key, 'r-new'), two!, three!, messageOf(key, 'r-last')]);
    await waitFor(async () => (await appliedLabels(key)).includes('r-last'), 20_000, 'the last event applied');
    expect(await appliedLabels(key)).toEqual(['r-one', 'r-two', 'r-three', 'r-new', 'r-last']);
    await waitFor(async () => afterCommitsOf(key).length >= 5, 5_000, 'the work after the commits');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(afterCommitsOf(key).map(({ label }) => label)).toEqual(['r-one', 'r-two', 'r-three', 'r-new', 'r-last']);
    expect(['r-one', 'r-two', 'r-three'].map((label) => calls.get(label))).toEqual([1, 1, 1]);
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
    const t1 = await openWithEvent(key, 'first');
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
    await t1.commit();
    await t2;

    await waitFor(async () => (await appliedLabels(key)).length === 2, 20_000, 'both applied');
    expect(await appliedLabels(key)).toEqual(['first', 'second']);
  });

  it('publishes a row that commits late after the relay has published many numbered after it', async () => {
    const late = randomUUID();
    const others = randomUUID();
    // T1 draws its number, then stays open while later rows commit and leave in several drains.
    const t1 = await openWithEvent(late, 'late');
    for (let i = 1; i <= 4; i++) {
      await publish(others, `after-${i}`);
      await waitFor(async () => (await appliedLabels(others)).length === i, 20_000, `later row ${i} applied`);
    }
    await t1.commit();

    await waitFor(async () => (await appliedLabels(late)).length === 1, 20_000, 'the late row applied');
    expect(await appliedLabels(late)).toEqual(['late']);
  });

  it('publishes a row whose transaction drew its number while nothing else ran, after drains that found nothing', async () => {
    const relay = app.get(OutboxRelay);
    /** One drain that held the relay lock (the background relay may hold it a moment). */
    const drainHoldingLock = async () => {
      for (let i = 0; i < 200; i++) if ((await relay.drain()) >= 0) return;
      throw new Error('the relay lock never came free');
    };
    const quiet = randomUUID();
    const others = randomUUID();
    // T1 takes its id and number; no transaction ends after it while the relay drains and finds nothing.
    const t1 = await openWithEvent(quiet, 'quiet');
    await drainHoldingLock();
    await drainHoldingLock();
    // A later row commits and is published meanwhile, and more drains follow.
    await publish(others, 'meanwhile');
    await drainHoldingLock();
    await drainHoldingLock();
    await t1.commit();

    await waitFor(async () => (await appliedLabels(quiet)).length === 1, 20_000, 'the quiet row applied');
    expect(await appliedLabels(quiet)).toEqual(['quiet']);
  });

  it('deletes published rows past their retention (7 days by default) and keeps the others', async () => {
    const relay = app.get(OutboxRelay);
    const key = randomUUID();
    // The recent row is numbered first: a floor past the old rows is past it too.
    const ids = [await publish(key, 'recent'), await publish(key, 'old-1'), await publish(key, 'old-2')];
    await waitFor(async () => (await appliedLabels(key)).length === 3, 20_000, 'all three applied');
    await query(`UPDATE events_probe.outbox SET published_at = now() - interval '8 days' WHERE id = ANY($1::uuid[])`, [
      ids.slice(1),
    ]);
    const kept = async () =>
      (await query<{ id: string }>('SELECT id FROM events_probe.outbox WHERE id = ANY($1::uuid[])', [ids])).map(
        (row) => row.id,
      );
    // Once the relay's floor has passed them (a drain after the one that published them).
    await waitFor(
      async () => {
        await relay.prune();
        return (await kept()).length === 1;
      },
      20_000,
      'old rows deleted',
    );
    expect(await kept()).toEqual([ids[0]]);
    expect(await query('SELECT 1 FROM events_probe.outbox WHERE published_at IS NULL')).toEqual([]);
  });

  it('deletes inbox rows of events applied longer ago than Kafka can deliver them again (7 days, then 2 more) and keeps the others', async () => {
    const relay = app.get(OutboxRelay);
    const key = randomUUID();
    const ids = [await publish(key, 'inbox-old'), await publish(key, 'inbox-edge'), await publish(key, 'inbox-new')];
    await waitFor(async () => (await appliedLabels(key)).length === 3, 20_000, 'all three applied');
    const age = (id: string, hours: number) =>
      query(`UPDATE events_probe.inbox SET processed_at = now() - make_interval(hours => $2) WHERE event_id = $1`, [
        id,
        hours,
      ]);
    // The topics keep an event 168 hours and a segment of 24 more; the inbox a day beyond that.
    await age(ids[0]!, 168 + 48 + 1);
    await age(ids[1]!, 168 + 48 - 1);
    await relay.prune();
    const kept = await query<{ event_id: string }>(
      'SELECT event_id FROM events_probe.inbox WHERE event_id = ANY($1::uuid[]) ORDER BY processed_at',
      [ids],
    );
    expect(kept.map((row) => row.event_id)).toEqual([ids[1], ids[2]]);
  });

  it('creates its topics with the retention the inbox counts on, and sets it on an existing topic, keeping its other configs', async () => {
    const admin = kafka.admin();
    await admin.connect();
    const configsOf = async (topic: string) => {
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }],
      });
      return Object.fromEntries(resources[0]!.configEntries.map((entry) => [entry.configName, entry.configValue]));
    };
    const week = String(168 * 3_600_000);
    const day = String(24 * 3_600_000);
    try {
      // The probe's own topic, made by its consumer or its relay (there once an event went through).
      const key = randomUUID();
      await publish(key, 'topic-made');
      await waitFor(async () => (await appliedLabels(key)).length === 1, 20_000, 'an event applied');
      expect(await configsOf(`${process.env.KAFKA_TOPIC_PREFIX}${eventCatalog.ProfileUpdated.topic}`)).toMatchObject({
        'retention.ms': week,
        'segment.ms': day,
      });
      // A topic made before, with a longer retention (as the broker's default segments give) and a config of ops'.
      const topic = `${process.env.KAFKA_TOPIC_PREFIX}made-before`;
      await admin.createTopics({
        waitForLeaders: true,
        topics: [
          {
            topic,
            numPartitions: 1,
            replicationFactor: 1,
            configEntries: [
              { name: 'retention.ms', value: String(30 * 24 * 3_600_000) },
              { name: 'max.message.bytes', value: '2000000' },
            ],
          },
        ],
      });
      await ensureTopics(admin, [topic], 168);
      await waitFor(async () => (await configsOf(topic))['retention.ms'] === week, 10_000, 'the retention set');
      expect(await configsOf(topic)).toMatchObject({
        'retention.ms': week,
        'segment.ms': day,
        'max.message.bytes': '2000000',
      });
    } finally {
      await admin.disconnect();
    }
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
