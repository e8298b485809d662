import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { context, propagation, ROOT_CONTEXT, SpanKind, trace, type Span } from '@opentelemetry/api';
import { EventHeader } from '@app/contracts';
import type { Kafka, Producer } from 'kafkajs';
import { Client, type PoolClient, type QueryResult } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { schemaOf } from '../database/schema';
import { ensureTopics, INBOX_MARGIN_HOURS, KAFKA, sleep, TOPIC_PREFIX } from './kafka';
import { OutboxFloor, type OutboxScan } from './outbox-floor';
import { OutboxNotifier } from './outbox.notifier';

const BATCH = 200;
/** The poll while the relay cannot LISTEN (its connection lost): rows of other processes still leave soon. */
const UNHEARD_POLL_MS = 200;
/**
 * After a drain that published something, commits are gathered this long before the next one, so
 * under load one drain publishes several rows instead of one per commit (each drain is a
 * transaction and a Kafka request). A lone event still leaves at once: an idle relay drains on the
 * first commit. 50 ms put the p99 from commit to a consumer's effect at 1,000 events/s above 50 ms;
 * 10 ms added about 10 ms to the median at 200 and 1,000 events/s against 3 ms (bench/events.mjs).
 */
const GATHER_MS = 3;
/** Another relay holds the schema's lock (it drains, and heard the same commits): wake-ups wait this long. */
const BUSY_MS = 100;
const MAX_BACKOFF_MS = 5000;
/** Rows past their retention (published outbox rows, inbox rows) are deleted at most this often, this many a statement, at most this many statements a time. */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCH = 1000;
const PRUNE_ROUNDS = 100;
/** Whether this drain's transaction holds the schema's relay lock (a setting local to the transaction). */
const LOCKED_SETTING = 'outbox.relay_locked';

const tracer = trace.getTracer('@app/platform/events');

interface OutboxRow {
  seq: string;
  topic: string;
  key: string;
  payload: Buffer;
  headers: Record<string, string>;
}

/**
 * Publishes the outbox to Kafka in order. One relay per schema holds the advisory lock at a time,
 * so a key's events keep their order; rows are marked published only after Kafka acks, so a broker
 * outage delays events and loses none. A row committed late is never skipped: the relay reads
 * every unpublished row from a floor that never passes a number whose transaction may still
 * commit (OutboxFloor), not the rows after the last one it published.
 *
 * Wake-ups: a commit in this process that wrote a row wakes the relay at once (OutboxNotifier);
 * a commit in another process (a replica, the worker) wakes it through Postgres LISTEN on the
 * schema's channel, on a connection of its own that is reconnected when lost. Polling every
 * OUTBOX_POLL_MS (1 s by default; 200 ms while not listening) is the safety net.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private producer?: Producer;
  private readonly knownTopics = new Set<string>();
  private running = false;
  private loop?: Promise<void>;
  private listening?: Promise<void>;
  private listener?: Client;
  /** Whether the LISTEN connection is up: the poll is the longer OUTBOX_POLL_MS only then. */
  private heard = false;
  private unsubscribe?: () => void;
  private wake?: () => void;
  private stop?: () => void;
  private readonly stopped = new Promise<void>((resolve) => (this.stop = resolve));
  /** A commit wrote rows since the last drain began: drain again without waiting. */
  private notified = false;
  /** Where the scan for unpublished rows starts: below it every row is published or never will be. */
  private readonly floor = new OutboxFloor();
  /** When this relay last deleted published rows past their retention (0: not yet), and the deletion under way. */
  private prunedAt = 0;
  private pruning?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(TOPIC_PREFIX) private readonly topicPrefix: string,
    @Inject(APP_CONFIG) private readonly config: BaseConfig,
    private readonly notifier: OutboxNotifier,
  ) {}

  onApplicationBootstrap(): void {
    this.unsubscribe = this.notifier.onCommit(() => this.nudge());
    this.running = true;
    this.listening = this.listen();
    this.loop = this.run();
  }

  /** Before the database pool closes (TypeORM closes it on application shutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.stop?.();
    this.wake?.();
    this.unsubscribe?.();
    await this.listener?.end().catch(() => undefined);
    await Promise.all([this.loop, this.listening, this.pruning]);
    await this.producer?.disconnect().catch(() => undefined);
  }

  /** Rows were committed: drain soon. */
  private nudge(): void {
    this.notified = true;
    this.wake?.();
  }

  private get schema(): string {
    return schemaOf(this.dataSource);
  }

  private get pollMs(): number {
    return this.heard ? this.config.OUTBOX_POLL_MS : Math.min(this.config.OUTBOX_POLL_MS, UNHEARD_POLL_MS);
  }

  private async run(): Promise<void> {
    let backoff = 0;
    while (this.running) {
      try {
        this.notified = false;
        const published = await this.drain();
        backoff = 0;
        if (published >= 0 && Date.now() - this.prunedAt >= PRUNE_EVERY_MS) this.pruneInBackground();
        if (published === BATCH) continue;
        if (published > 0) await this.idle(GATHER_MS, true);
        if (published < 0) await this.idle(BUSY_MS, true);
      } catch (error) {
        this.logger.warn(`outbox relay paused: ${(error as Error).message}`);
        await this.producer?.disconnect().catch(() => undefined);
        this.producer = undefined;
        // The broker may have come back without its topics (a new or wiped cluster): check again.
        this.knownTopics.clear();
        backoff = Math.min(Math.max(backoff * 2, UNHEARD_POLL_MS * 2), MAX_BACKOFF_MS);
      }
      await this.idle(backoff || this.pollMs);
    }
  }

  /**
   * LISTENs on the schema's channel on a connection of its own (a pooled one would be handed to
   * queries), reconnecting with backoff when it is lost. Notifications of this process's own
   * commits are ignored: those woke the relay in process already.
   */
  private async listen(): Promise<void> {
    const options = this.dataSource.options as PostgresConnectionOptions;
    const channel = this.notifier.channel;
    let backoff = 500;
    while (this.running) {
      const client = new Client({
        connectionString: options.url,
        host: options.host,
        port: options.port,
        user: options.username,
        password: typeof options.password === 'string' ? options.password : undefined,
        database: options.database,
        ssl: options.ssl as never,
        application_name: `${this.schema}-outbox-listen`,
        // A connection that hangs or dies silently is noticed, and replaced.
        connectionTimeoutMillis: 5000,
        keepAlive: true,
      });
      const lost = new Promise<Error>((resolve) => {
        client.on('error', resolve);
        client.on('end', () => resolve(new Error('connection closed')));
      });
      client.on('notification', ({ payload }) => {
        if (payload !== this.notifier.instance) this.nudge();
      });
      this.listener = client;
      try {
        // Raced with the connection's loss and with shutdown: pg's connect() never settles when the
        // client is ended while it connects (an app closed right after it started).
        const listening = client.connect().then(() => client.query(`LISTEN "${channel}"`));
        listening.catch(() => undefined);
        const failed = await Promise.race([listening.then(() => undefined), lost, this.stopped.then(() => undefined)]);
        if (failed) throw failed;
        if (!this.running) throw new Error('stopping');
        this.heard = true;
        backoff = 500;
        // Rows committed while nobody listened: drain now.
        this.nudge();
        const error = await Promise.race([lost, this.stopped.then(() => undefined)]);
        if (error && this.running) this.logger.warn(`outbox relay stopped listening: ${error.message}; reconnecting`);
      } catch (error) {
        if (this.running) this.logger.warn(`outbox relay cannot listen: ${(error as Error).message}`);
      }
      this.heard = false;
      // Bounded: ending a client that never finished connecting may not settle either.
      await Promise.race([client.end().catch(() => undefined), sleep(1000)]);
      if (!this.running) return;
      // The shorter poll applies from now on: end the current wait.
      this.wake?.();
      await Promise.race([sleep(backoff), this.stopped]);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
  }

  /** Waits for a notification or the timeout, whichever comes first (`full`: the timeout, unless stopping). */
  private idle(ms: number, full = false): Promise<void> {
    if (!this.running || (this.notified && !full)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, ms);
      // A notice ends the wait early, unless the wait is a full one; stopping always does.
      this.wake = full ? () => (this.running ? undefined : done()) : done;
    });
  }

  /**
   * Publishes one batch; returns how many rows it published, or -1 when another relay holds the
   * lock. Two round trips to Postgres around the Kafka request, not six: the transaction's start,
   * the schema's lock, the floor's readings (OutboxFloor) and the batch go as one simple query, the
   * rows' marking, the transaction's id and the commit as another (their texts hold only the code's
   * constants and numbers Postgres gave).
   */
  async drain(): Promise<number> {
    const runner = this.dataSource.createQueryRunner();
    let client: PoolClient | undefined;
    try {
      client = (await runner.connect()) as PoolClient;
      const [, lock, snapshot, batch] = (await client.query(this.takeBatch(this.floor.from))) as unknown as [
        unknown,
        QueryResult<{ locked: string; allocated: string | null }>,
        QueryResult<{ xmin: string }>,
        QueryResult<OutboxRow>,
      ];
      if (lock.rows[0]?.locked !== 'true') {
        await client.query('COMMIT');
        return -1;
      }
      const rows = batch.rows;
      const seqs = rows.map((row) => row.seq);
      if (!seqs.every((seq) => /^\d+$/.test(seq))) throw new Error('outbox seq is not a number');
      const scan: OutboxScan = {
        // Nothing handed out yet: no row below 1 can appear.
        allocated: BigInt(lock.rows[0]?.allocated ?? 0),
        xmin: BigInt(snapshot.rows[0]!.xmin),
        last: rows.length > 0 ? BigInt(seqs.at(-1)!) : undefined,
        full: rows.length === BATCH,
      };
      if (rows.length === 0) {
        await client.query('COMMIT');
        this.floor.scanned(scan);
        return 0;
      }
      await this.publish(rows);
      const [, marked] = (await client.query(
        `UPDATE "${this.schema}"."outbox" SET published_at = now() WHERE seq = ANY('{${seqs.join(',')}}'::bigint[]);
         SELECT pg_current_xact_id()::text AS xid; COMMIT`,
      )) as unknown as [unknown, QueryResult<{ xid: string }>];
      this.floor.scanned(scan, BigInt(marked.rows[0]!.xid));
      return rows.length;
    } catch (error) {
      await client?.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  /**
   * BEGIN; the schema's relay lock (held until the commit) and the last number the outbox's
   * sequence handed out; the oldest running transaction id, from a snapshot taken after that read
   * (each statement takes its own); the oldest unpublished rows from the floor up, only when the
   * lock is held (a relay that lost it has no use for them).
   */
  private takeBatch(from: bigint): string {
    const lockKey = `outbox:${this.schema}`.replaceAll("'", "''");
    const table = `"${this.schema}"."outbox"`.replaceAll("'", "''");
    return `BEGIN;
      SELECT set_config('${LOCKED_SETTING}', pg_try_advisory_xact_lock(hashtext('${lockKey}'))::text, true) AS locked,
             pg_sequence_last_value(pg_get_serial_sequence('${table}', 'seq')::regclass)::text AS allocated;
      SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin;
      SELECT seq, topic, key, payload, headers FROM "${this.schema}"."outbox"
       WHERE current_setting('${LOCKED_SETTING}') = 'true' AND published_at IS NULL AND seq >= ${from}
       ORDER BY seq LIMIT ${BATCH}`;
  }

  /**
   * Deletes published rows older than OUTBOX_RETENTION_HOURS (Kafka holds their events), the
   * oldest first, PRUNE_BATCH below the floor a statement (every row there is published), each
   * statement after the last one's rows, until one finds none old enough (rows are numbered about
   * in the order they are published) or after PRUNE_ROUNDS. Then the same for the schema's inbox:
   * rows of events applied longer ago than Kafka can deliver them again (KAFKA_RETENTION_HOURS and
   * INBOX_MARGIN_HOURS), which no longer have a redelivery to turn away. Returns how many rows of
   * each it deleted.
   */
  async prune(): Promise<{ outbox: number; inbox: number }> {
    this.prunedAt = Date.now();
    const runner = this.dataSource.createQueryRunner();
    const deleted = { outbox: 0, inbox: 0 };
    try {
      const client = (await runner.connect()) as PoolClient;
      let after = '-1';
      for (let round = 0; round < PRUNE_ROUNDS; round++) {
        const { rows } = await client.query<{ last: string | null; deleted: number }>(
          `WITH oldest AS (
             SELECT seq FROM "${this.schema}"."outbox"
              WHERE seq > $1::bigint AND seq < $2::bigint ORDER BY seq LIMIT ${PRUNE_BATCH}
           ), gone AS (
             DELETE FROM "${this.schema}"."outbox"
              WHERE seq IN (SELECT seq FROM oldest) AND published_at < now() - make_interval(hours => $3::int)
             RETURNING seq
           )
           SELECT (SELECT max(seq) FROM oldest)::text AS last, (SELECT count(*) FROM gone)::int AS deleted`,
          [after, this.floor.from.toString(), this.config.OUTBOX_RETENTION_HOURS],
        );
        const { last, deleted: count } = rows[0]!;
        deleted.outbox += count;
        if (count === 0 || last === null) break;
        after = last;
      }
      for (let round = 0; round < PRUNE_ROUNDS; round++) {
        // By the index on processed_at (platform migration InboxRetention), the oldest first.
        const { rows } = await client.query<{ deleted: number }>(
          `WITH gone AS (
             DELETE FROM "${this.schema}"."inbox" WHERE ctid = ANY (ARRAY(
               SELECT ctid FROM "${this.schema}"."inbox"
                WHERE processed_at < now() - make_interval(hours => $1::int)
                ORDER BY processed_at LIMIT ${PRUNE_BATCH}))
             RETURNING 1
           )
           SELECT count(*)::int AS deleted FROM gone`,
          [this.config.KAFKA_RETENTION_HOURS + INBOX_MARGIN_HOURS],
        );
        deleted.inbox += rows[0]!.deleted;
        if (rows[0]!.deleted < PRUNE_BATCH) break;
      }
    } finally {
      await runner.release();
    }
    return deleted;
  }

  /** Beside publishing, never in its way; a failed deletion waits for the next turn. */
  private pruneInBackground(): void {
    if (this.pruning) return;
    this.pruning = this.prune()
      .then(() => undefined)
      .catch((error: unknown) =>
        this.logger.warn(
          `outbox relay could not delete outbox and inbox rows past their retention: ${(error as Error).message}`,
        ),
      )
      .finally(() => (this.pruning = undefined));
  }

  /** Sends the rows to Kafka in order, acknowledged by every in-sync replica. */
  private async publish(rows: OutboxRow[]): Promise<void> {
    const producer = await this.connectedProducer(rows);
    // One producer span per event, a child of the work that wrote it; its context travels on.
    const spans: Span[] = [];
    const byTopic = new Map<string, { key: string; value: Buffer; headers: Record<string, string> }[]>();
    for (const row of rows) {
      const topic = this.topicPrefix + row.topic;
      const span = tracer.startSpan(
        `${row.headers[EventHeader.Type] ?? 'event'} publish`,
        {
          kind: SpanKind.PRODUCER,
          attributes: {
            'messaging.system': 'kafka',
            'messaging.operation': 'publish',
            'messaging.destination.name': topic,
            'messaging.message.id': row.headers[EventHeader.Id] ?? '',
          },
        },
        propagation.extract(ROOT_CONTEXT, row.headers),
      );
      spans.push(span);
      const headers = { ...row.headers };
      propagation.inject(trace.setSpan(context.active(), span), headers);
      const messages = byTopic.get(topic) ?? [];
      if (messages.length === 0) byTopic.set(topic, messages);
      messages.push({ key: row.key, value: row.payload, headers });
    }
    try {
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
    } finally {
      spans.forEach((span) => span.end());
    }
  }

  private async connectedProducer(rows: OutboxRow[]): Promise<Producer> {
    const topics = [...new Set(rows.map((row) => this.topicPrefix + row.topic))];
    const unknown = topics.filter((topic) => !this.knownTopics.has(topic));
    if (unknown.length > 0) {
      const admin = this.kafka.admin();
      await admin.connect();
      try {
        await ensureTopics(admin, unknown, this.config.KAFKA_RETENTION_HOURS);
      } finally {
        await admin.disconnect();
      }
      unknown.forEach((topic) => this.knownTopics.add(topic));
    }
    if (this.producer) return this.producer;
    const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    this.producer = producer;
    return producer;
  }
}
