import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { fromBinary } from '@bufbuild/protobuf';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { eventBoundsViolation, eventCatalog, EventHeader, type EventType } from '@app/contracts';
import type { Consumer, EachBatchPayload, EachMessagePayload, IHeaders, Kafka } from 'kafkajs';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { isUuid } from '../auth/tokens';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { schemaOf } from '../database/schema';
import { deadLetteredTotal, deadLettersOpen, consumerRetriesTotal } from '../metrics/metrics';
import { DeadLettersRepository, type Envelope } from './dead-letters.repository';
import { CONSUMER_GROUP, EVENT_HANDLERS, type EventContext, type EventHandler } from './event-handler';
import { ensureTopics, KAFKA, sleep, TOPIC_PREFIX } from './kafka';
import { isTransientError } from './transient-error';

/** An event that can never be applied as it is (undecodable, outside its bounds): dead-lettered at once. */
export class PoisonEventError extends Error {
  override name = 'PoisonEventError';
}

/** Attempts at an event that fails for a reason that is not transient, before it is dead-lettered. */
export const MAX_ATTEMPTS = 5;
/** Wait after the first such failure; doubles each time (200, 400, 800, 1600 ms: about 3 s in all). */
const FAILURE_BACKOFF_MS = 200;
/** Wait while the database or another dependency is away; doubles up to the maximum, for as long as it takes. */
const TRANSIENT_BACKOFF_MS = 500;
const MAX_TRANSIENT_BACKOFF_MS = 2000;
/**
 * A transaction applies a partition's events until it has worked this long (checked before each
 * next event): an event waits for the commit of the events before it in its transaction, so this
 * bounds what sharing one adds to its latency.
 */
const TRANSACTION_MAX_MS = 20;
/**
 * And until it holds this many: a handler that fails rolls back its transaction, and the events
 * before it are applied again without it, so this bounds the work a failure repeats.
 */
const TRANSACTION_MAX_EVENTS = 100;
/**
 * Offsets are committed to Kafka at most this often: under load a batch ends every few
 * milliseconds, and a commit after each was about as many requests to the broker as the fetches
 * (each an append to its offsets log). Events applied whose offsets had not reached Kafka when the
 * consumer died are delivered again, and their inbox rows turn them away.
 */
const COMMIT_GAP_MS = 250;

const tracer = trace.getTracer('@app/platform/events');

const headersOf = (headers: IHeaders | undefined): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[name] = Buffer.isBuffer(first) ? first.toString() : String(first);
  }
  return out;
};

const envelopeOf = (
  payload: Pick<EachMessagePayload, 'message'> & Partial<Pick<EachMessagePayload, 'topic' | 'partition'>>,
): Envelope => ({
  topic: payload.topic ?? '',
  partition: payload.partition ?? -1,
  offset: payload.message.offset ?? '-1',
  key: payload.message.key ? payload.message.key.toString() : null,
  headers: headersOf(payload.message.headers),
  value: payload.message.value ?? null,
});

/** A message that passed its checks, with what its handler needs besides the transaction. */
interface Decoded {
  type: EventType;
  handler: EventHandler;
  event: unknown;
  context: Omit<EventContext, 'manager'>;
}

/** Why an attempt at a message failed (an object of its own: anything may be thrown). */
interface Failure {
  error: unknown;
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);

/**
 * Feeds Kafka events to the service's handlers. Each event is applied in a transaction with its
 * inbox row, so a redelivered event changes nothing. The events a fetch brought of one partition
 * share transactions, in order, their inbox rows written in one statement (a commit per event,
 * each waiting for its WAL flush, held a consumer to about half the events per second; a savepoint
 * per event cost two more round trips each); an offset is resolved once its event's transaction
 * has committed. When an event fails there, its transaction is rolled back, the events before it
 * commit in a new one, and it is retried alone where it stands, so nothing
 * behind it on the partition overtakes it: for as long as it takes when the failure is transient
 * (the database away, a deadlock), and MAX_ATTEMPTS times otherwise, after which the event goes to
 * the service's dead letters and the consumer moves on. A poison event (undecodable, outside its
 * bounds) goes there at once. A dead letter can be replayed after a fix, through the inbox, so at
 * most once. While the broker is away it keeps reconnecting.
 */
@Injectable()
export class EventConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventConsumer.name);
  private readonly handlers = new Map<string, EventHandler>();
  private consumer?: Consumer;
  private running = false;
  private starting?: Promise<void>;
  /** The offset commit in flight (commitInBackground), and the one to send after it. */
  private committing?: Promise<void>;
  private nextCommit?: () => Promise<void>;
  /** Ends the wait between two offset commits (stopping sends the last one at once). */
  private commitNow?: () => void;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(TOPIC_PREFIX) private readonly topicPrefix: string,
    @Inject(CONSUMER_GROUP) readonly groupId: string,
    @Inject(EVENT_HANDLERS) private readonly handlerTypes: Type<EventHandler>[],
    private readonly moduleRef: ModuleRef,
    private readonly deadLetters: DeadLettersRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<BaseConfig, 'KAFKA_RETENTION_HOURS' | 'KAFKA_FETCH_WAIT_MS'>,
  ) {}

  /** The event types this service applies. */
  get eventTypes(): EventType[] {
    return [...this.handlers.keys()] as EventType[];
  }

  onApplicationBootstrap(): void {
    for (const type of this.handlerTypes) {
      const handler = this.moduleRef.get(type, { strict: false });
      this.handlers.set(handler.eventType, handler);
    }
    if (this.handlers.size === 0) return;
    deadLettersOpen.watch(this.groupId, () => this.deadLetters.countOpen(this.groupId));
    this.running = true;
    this.starting = this.start();
  }

  /**
   * Before the database pool closes (TypeORM closes it on application shutdown): the batch being
   * applied stops at its next transaction, and what committed is told to Kafka before leaving.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    await this.starting;
    await this.consumer?.stop().catch(() => undefined);
    this.commitNow?.();
    await this.committing;
    await this.consumer?.disconnect().catch(() => undefined);
    deadLettersOpen.unwatch(this.groupId);
  }

  /**
   * Tells Kafka the offsets resolved so far without holding up the next fetch: one offset commit
   * in flight at a time, and the next COMMIT_GAP_MS after it was sent if batches resolved more
   * meanwhile (at once when the consumer stops). (kafkajs's auto-commit made a round trip to the
   * broker after every batch, before the next fetch, in every event's latency.) A commit that
   * fails (the group rebalancing, the broker away) is left to the next one; events whose offsets
   * never reached Kafka are delivered again after a restart or a rebalance, and their inbox rows
   * turn them away.
   */
  private commitInBackground(commit: () => Promise<void>): void {
    this.nextCommit = commit;
    if (this.committing) return;
    this.committing = (async () => {
      for (let next = this.nextCommit; next; next = this.nextCommit) {
        this.nextCommit = undefined;
        const sent = performance.now();
        await next().catch((error: unknown) =>
          this.logger.debug(`consumer ${this.groupId}: offsets not committed yet (${messageOf(error)})`),
        );
        const wait = sent + COMMIT_GAP_MS - performance.now();
        if (wait > 0 && this.running) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, wait);
            this.commitNow = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          this.commitNow = undefined;
        }
      }
      this.committing = undefined;
    })();
  }

  private get topics(): string[] {
    return [...new Set(this.eventTypes.map((type) => this.topicPrefix + eventCatalog[type].topic))];
  }

  private async start(): Promise<void> {
    let backoff = 500;
    while (this.running) {
      try {
        await this.connect();
        return;
      } catch (error) {
        this.logger.warn(`consumer ${this.groupId} not connected yet: ${(error as Error).message}`);
        await this.consumer?.disconnect().catch(() => undefined);
        this.consumer = undefined;
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 5000);
      }
    }
  }

  private async connect(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      await ensureTopics(admin, this.topics, this.config.KAFKA_RETENTION_HOURS);
    } finally {
      await admin.disconnect();
    }
    // kafkajs never restarts on its own: reconnecting here re-creates missing topics first, which
    // a broker that came back empty needs.
    const consumer = this.kafka.consumer({
      groupId: this.groupId,
      maxWaitTimeInMs: this.config.KAFKA_FETCH_WAIT_MS,
      retry: { retries: 8, initialRetryTime: 300, restartOnFailure: async () => false },
    });
    this.consumer = consumer;
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!this.running || this.consumer !== consumer) return;
      this.logger.warn(`consumer ${this.groupId} crashed (${payload.error.message}); reconnecting`);
      this.consumer = undefined;
      consumer.disconnect().catch(() => undefined);
      this.starting = this.start();
    });
    await consumer.connect();
    await consumer.subscribe({ topics: this.topics, fromBeginning: true });
    // Offsets are resolved by hand, only for events whose transaction committed: what is left
    // unresolved when the consumer stops is delivered again. They are committed to Kafka in the
    // background (commitInBackground), not by kafkajs after each batch.
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.consumeBatch(payload),
    });
    this.logger.log(`consumer ${this.groupId} subscribed to ${this.topics.join(', ')}`);
  }

  /**
   * Applies a partition's fetched messages in order: as many as it can in each transaction
   * (applyTogether); one that failed there, or all of a transaction that failed as a whole, alone
   * and retried in place (consume) before any behind it. Returns early when the service stops or
   * the partition was taken away, leaving the messages not applied yet to be delivered again.
   */
  private async consumeBatch({
    batch,
    resolveOffset,
    heartbeat,
    commitOffsetsIfNecessary,
    uncommittedOffsets,
    isRunning,
    isStale,
  }: EachBatchPayload): Promise<void> {
    const envelopes = batch.messages.map((message) =>
      envelopeOf({ topic: batch.topic, partition: batch.partition, message }),
    );
    const stopped = () => !this.running || !isRunning() || isStale();
    let next = 0;
    try {
      while (next < envelopes.length && !stopped()) {
        const { committed, alone, failure } = await this.applyTogether(
          envelopes.slice(next, next + TRANSACTION_MAX_EVENTS),
        );
        for (const envelope of envelopes.slice(next, next + committed)) resolveOffset(envelope.offset);
        next += committed;
        // Kafka learns what committed before a retry that may take seconds (or an outage's length).
        if (alone > 0) await commitOffsetsIfNecessary(uncommittedOffsets());
        for (const [index, envelope] of envelopes.slice(next, next + alone).entries()) {
          if (stopped()) return;
          await this.consume(envelope, heartbeat, index === 0 ? failure : undefined);
          resolveOffset(envelope.offset);
          next += 1;
        }
        await heartbeat();
      }
    } finally {
      if (next > 0) this.commitInBackground(() => commitOffsetsIfNecessary(uncommittedOffsets()));
    }
  }

  /**
   * Applies leading messages in order in one transaction: their inbox rows in one statement, then
   * each new one's handler, until the transaction has worked TRANSACTION_MAX_MS, then commits.
   * There is no savepoint per message: when a handler fails, the whole transaction is rolled back
   * and the messages before the failing one are applied again in a new one, so each committed
   * transaction holds only messages that applied. Returns how many leading messages committed
   * (those this service does not consume among them) and how many after those to apply alone: the
   * one that failed or is poison, with its failure; or all the transaction held, when it failed as
   * a whole (its commit, the connection), so none of it stands.
   */
  private async applyTogether(envelopes: Envelope[]): Promise<{ committed: number; alone: number; failure?: Failure }> {
    const decoded: (Decoded | undefined)[] = [];
    let failure: Failure | undefined;
    for (const envelope of envelopes) {
      try {
        decoded.push(this.decode(envelope));
      } catch (error) {
        failure = { error };
        break;
      }
    }
    // The messages tried together: all that decoded, then fewer each time a handler fails.
    let count = decoded.length;
    // From here on, each message goes to its handler's `handle`, not `handleAll`.
    let singlyFrom = count;
    for (;;) {
      if (count === 0) return { committed: 0, alone: failure ? 1 : 0, failure };
      const outcome = await this.applyAll(envelopes.slice(0, count), decoded.slice(0, count), singlyFrom);
      if ('failedAt' in outcome) {
        ({ failedAt: count, failure } = outcome);
        continue;
      }
      if ('runFailedAt' in outcome) {
        singlyFrom = outcome.runFailedAt;
        continue;
      }
      if ('held' in outcome) {
        const all = outcome.held === count;
        return { committed: outcome.held, alone: all && failure ? 1 : 0, failure: all ? failure : undefined };
      }
      const alone = Math.min(outcome.attempted, envelopes.length);
      this.logger.warn(
        `${this.describe(envelopes[0]!)} and ${alone - 1} after it: their transaction failed (${messageOf(outcome.error)}); ` +
          'applying them one at a time',
      );
      return { committed: 0, alone };
    }
  }

  /**
   * One transaction over decoded messages (undefined: not this service's). Consecutive new messages
   * of a handler that takes several at once (`handleAll`) go to it together, those from `singlyFrom`
   * on one at a time. Returns how many leading messages it committed; or, rolled back, the index of
   * the message whose handler failed, with its failure, or of the first message of a `handleAll`
   * call that failed; or, rolled back, the error that broke the transaction itself and how many
   * messages it had reached.
   */
  private async applyAll(
    envelopes: Envelope[],
    decoded: (Decoded | undefined)[],
    singlyFrom: number,
  ): Promise<
    | { held: number }
    | { failedAt: number; failure: Failure }
    | { runFailedAt: number }
    | { attempted: number; error: unknown }
  > {
    const runner = this.dataSource.createQueryRunner();
    const started = performance.now();
    let held = 0;
    try {
      await runner.startTransaction();
      const fresh = await this.recordInInbox(runner.manager, decoded);
      let index = 0;
      while (index < decoded.length) {
        if (held > 0 && performance.now() - started >= TRANSACTION_MAX_MS) break;
        const message = decoded[index];
        if (!message || !fresh.delete(message.context.eventId)) {
          held = index += 1;
          continue;
        }
        const run = [message];
        if (message.handler.handleAll && index < singlyFrom) {
          while (index + run.length < singlyFrom) {
            const next = decoded[index + run.length];
            if (next?.handler !== message.handler || !fresh.delete(next.context.eventId)) break;
            run.push(next);
          }
        }
        try {
          if (run.length === 1) {
            await this.traced(envelopes[index]!, message, () =>
              message.handler.handle(message.event as never, { ...message.context, manager: runner.manager }),
            );
          } else {
            await this.tracedAll(envelopes.slice(index, index + run.length), run, () =>
              message.handler.handleAll!(
                run.map(({ event, context }) => ({ event: event as never, context })),
                runner.manager,
              ),
            );
          }
        } catch (error) {
          await this.rollback(runner);
          return run.length === 1 ? { failedAt: index, failure: { error } } : { runFailedAt: index };
        }
        held = index += run.length;
      }
      // Messages left for the next transaction leave no inbox row behind.
      if (fresh.size > 0) await this.forgetInInbox(runner.manager, [...fresh]);
      await runner.commitTransaction();
      return { held };
    } catch (error) {
      await this.rollback(runner);
      return { attempted: held + 1, error };
    } finally {
      await runner.release();
    }
  }

  /**
   * Ends the runner's transaction with plain SQL, whatever state TypeORM believes it is in; the
   * runner is released after, and with it any work it kept for after a commit.
   */
  private async rollback(runner: QueryRunner): Promise<void> {
    await runner.query('ROLLBACK').catch(() => undefined);
  }

  /** Inserts the messages' inbox rows in one statement; returns the event ids not there before. */
  private async recordInInbox(manager: EntityManager, decoded: (Decoded | undefined)[]): Promise<Set<string>> {
    const messages = decoded.filter((message): message is Decoded => message !== undefined);
    if (messages.length === 0) return new Set();
    const inserted: { event_id: string }[] = await manager.query(
      `INSERT INTO "${schemaOf(this.dataSource)}"."inbox" (event_id, consumer, type)
       SELECT event_id, $2, type FROM unnest($1::uuid[], $3::varchar[]) AS message (event_id, type)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [messages.map(({ context }) => context.eventId), this.groupId, messages.map(({ type }) => type)],
    );
    return new Set(inserted.map(({ event_id }) => event_id));
  }

  private async forgetInInbox(manager: EntityManager, eventIds: string[]): Promise<void> {
    await manager.query(
      `DELETE FROM "${schemaOf(this.dataSource)}"."inbox" WHERE consumer = $1 AND event_id = ANY($2::uuid[])`,
      [this.groupId, eventIds],
    );
  }

  /**
   * Applies one message alone, retrying it in place; returns once it is applied, skipped (not ours)
   * or dead-lettered, so Kafka may commit past it. `failure` is its first attempt's, made in a
   * shared transaction. Throws only when the service is stopping, which leaves the message to be
   * delivered again.
   */
  private async consume(envelope: Envelope, heartbeat: () => Promise<void>, failure?: Failure): Promise<void> {
    const firstFailedAt = new Date();
    let failures = 0;
    let transientWait = TRANSIENT_BACKOFF_MS;
    for (let failed = failure; ; failed = undefined) {
      try {
        if (failed) throw failed.error;
        await this.applyEnvelope(envelope);
        return;
      } catch (error) {
        if (!this.running) throw error;
        if (!(error instanceof PoisonEventError) && isTransientError(error)) {
          consumerRetriesTotal.inc({ consumer: this.groupId, reason: 'transient' });
          this.logger.warn(`${this.describe(envelope)}: ${messageOf(error)}; retrying in ${transientWait} ms`);
          await sleep(transientWait);
          transientWait = Math.min(transientWait * 2, MAX_TRANSIENT_BACKOFF_MS);
          await heartbeat();
          continue;
        }
        failures += 1;
        if (error instanceof PoisonEventError || failures >= MAX_ATTEMPTS) {
          await this.deadLetter(envelope, error, failures, firstFailedAt, heartbeat);
          return;
        }
        consumerRetriesTotal.inc({ consumer: this.groupId, reason: 'failure' });
        this.logger.warn(`${this.describe(envelope)} failed (attempt ${failures}): ${messageOf(error)}`);
        await sleep(FAILURE_BACKOFF_MS * 2 ** (failures - 1));
        await heartbeat();
      }
    }
  }

  /** Stores the message as a dead letter; waits out a database outage rather than lose it. */
  private async deadLetter(
    envelope: Envelope,
    error: unknown,
    attempts: number,
    firstFailedAt: Date,
    heartbeat: () => Promise<void>,
  ): Promise<void> {
    const type = envelope.headers[EventHeader.Type] ?? null;
    let wait = TRANSIENT_BACKOFF_MS;
    for (;;) {
      try {
        const id = await this.deadLetters.record({
          consumer: this.groupId,
          eventId: envelope.headers[EventHeader.Id] ?? null,
          type,
          envelope,
          error: messageOf(error),
          attempts,
          firstFailedAt,
        });
        deadLetteredTotal.inc({ consumer: this.groupId, type: type ?? 'unknown' });
        this.logger.error(
          `${this.describe(envelope)} dead-lettered as ${id} after ${attempts} attempt(s): ${messageOf(error)}`,
        );
        return;
      } catch (storeError) {
        if (!this.running) throw storeError;
        this.logger.warn(`${this.describe(envelope)}: dead letter not stored yet (${messageOf(storeError)})`);
        await sleep(wait);
        wait = Math.min(wait * 2, MAX_TRANSIENT_BACKOFF_MS);
        await heartbeat();
      }
    }
  }

  private describe(envelope: Envelope): string {
    const type = envelope.headers[EventHeader.Type] ?? 'event';
    const where = `${envelope.topic}[${envelope.partition}]@${envelope.offset}`;
    return `${this.groupId}: ${type} ${envelope.headers[EventHeader.Id] ?? '(no id)'} at ${where}`;
  }

  /** Applies one message exactly once; exposed for tests that redeliver by hand. */
  apply(payload: Pick<EachMessagePayload, 'message'> & Partial<Pick<EachMessagePayload, 'topic' | 'partition'>>) {
    return this.applyEnvelope(envelopeOf(payload));
  }

  /**
   * Decodes, checks and applies one message in a transaction with its inbox row; `alsoInTransaction`
   * runs in that transaction whether or not the event was applied before (a replay marks its dead
   * letter there). Returns whether this call applied it. Throws PoisonEventError for a message that
   * can never apply, and whatever the handler throws.
   */
  async applyEnvelope(
    envelope: Envelope,
    alsoInTransaction?: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    const decoded = this.decode(envelope);
    if (!decoded) return false;
    return this.traced(envelope, decoded, () =>
      this.dataSource.transaction(async (manager) => {
        const applied = await this.applyIn(manager, decoded);
        await alsoInTransaction?.(manager);
        return applied;
      }),
    );
  }

  /**
   * The message as its handler takes it, or undefined when this service does not consume its
   * type; throws PoisonEventError when it can never apply.
   */
  private decode(envelope: Envelope): Decoded | undefined {
    const type = envelope.headers[EventHeader.Type] as EventType | undefined;
    const handler = type ? this.handlers.get(type) : undefined;
    if (!type || !handler) return undefined;
    const eventId = envelope.headers[EventHeader.Id];
    if (!eventId || !isUuid(eventId)) throw new PoisonEventError(`${type}: missing or malformed event-id header`);
    const occurredAt = new Date(envelope.headers[EventHeader.OccurredAt] ?? Date.now());
    if (Number.isNaN(occurredAt.getTime())) throw new PoisonEventError(`${type}: malformed occurred-at header`);
    if (!envelope.value) throw new PoisonEventError(`${type}: empty payload`);
    let event: unknown;
    try {
      event = fromBinary(eventCatalog[type].schema, envelope.value);
    } catch (error) {
      throw new PoisonEventError(`${type}: undecodable payload (${messageOf(error)})`);
    }
    const violation = eventBoundsViolation(type, event);
    if (violation) throw new PoisonEventError(`${type} outside its bounds: ${violation}`);
    const requestId = envelope.headers[EventHeader.RequestId];
    return { type, handler, event, context: { eventId, occurredAt, requestId } };
  }

  /** Records the event in the inbox and, unless it was there already, applies it; returns whether it did. */
  private async applyIn(manager: EntityManager, decoded: Decoded): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "${schemaOf(this.dataSource)}"."inbox" (event_id, consumer, type) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [decoded.context.eventId, this.groupId, decoded.type],
    );
    if (inserted.length === 0) return false;
    await decoded.handler.handle(decoded.event as never, { ...decoded.context, manager });
    return true;
  }

  /**
   * Runs `work`, which applies several messages at once, with a span of each message's processing
   * open (each continuing its producer's trace); `work` runs in the first one's.
   */
  private async tracedAll<T>(envelopes: Envelope[], decoded: Decoded[], work: () => Promise<T>): Promise<T> {
    const spans = decoded.map((message, index) => this.startSpan(envelopes[index]!, message));
    try {
      return await context.with(spans[0]!.context, work);
    } catch (error) {
      for (const { span } of spans) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: messageOf(error) });
      }
      throw error;
    } finally {
      for (const { span } of spans) span.end();
    }
  }

  /** Runs `work` in a span of the event's processing, which continues the producer's trace. */
  private async traced<T>(envelope: Envelope, decoded: Decoded, work: () => Promise<T>): Promise<T> {
    const { span, context: spanContext } = this.startSpan(envelope, decoded);
    try {
      return await context.with(spanContext, work);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: messageOf(error) });
      throw error;
    } finally {
      span.end();
    }
  }

  /** A span of the event's processing, continuing the trace the relay put in its headers. */
  private startSpan(envelope: Envelope, { type, context: { eventId } }: Decoded): { span: Span; context: Context } {
    const parent = propagation.extract(ROOT_CONTEXT, envelope.headers);
    const span = tracer.startSpan(
      `${type} process`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': 'kafka',
          'messaging.operation': 'process',
          'messaging.destination.name': envelope.topic,
          'messaging.consumer.group.name': this.groupId,
          'messaging.message.id': eventId,
        },
      },
      parent,
    );
    return { span, context: trace.setSpan(parent, span) };
  }
}
