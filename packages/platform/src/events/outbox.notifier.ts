import { randomUUID } from 'node:crypto';
import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import { schemaOf } from '../database/schema';
import { OUTBOX_WRITTEN } from './outbox.service';

/** At most one NOTIFY per process this often, however many commits wrote outbox rows meanwhile. */
const NOTIFY_GAP_MS = 5;

/** The Postgres channel the relays of a schema listen on (one per schema: a plain identifier). */
export const outboxChannelOf = (schema: string): string => `outbox_${schema}`;

/**
 * Tells the relays that a commit wrote outbox rows. This process's relay hears it at once, in
 * process (a TypeORM transaction subscriber). The relays of other processes (replicas, the worker)
 * hear a Postgres NOTIFY on the schema's channel, sent after the commit in a statement of its own:
 * never inside the writing transaction, where it would serialise the commits of every notifying
 * transaction in the database (ingestion fell from 283 to 168 deliveries/s when it was). A process
 * has at most one NOTIFY in flight and sends at most one per NOTIFY_GAP_MS; its payload is the
 * process's id, so its own relay ignores it. A lost NOTIFY only delays: the relays also poll.
 */
@Injectable()
export class OutboxNotifier implements OnApplicationBootstrap, BeforeApplicationShutdown, EntitySubscriberInterface {
  /** Sent as the payload, so the relay of this process tells its own notifications apart. */
  readonly instance = randomUUID();
  private readonly listeners = new Set<() => void>();
  private sending = false;
  private pending = false;
  private lastSent = 0;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  get channel(): string {
    return outboxChannelOf(schemaOf(this.dataSource));
  }

  onApplicationBootstrap(): void {
    this.dataSource.subscribers.push(this);
  }

  beforeApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    const index = this.dataSource.subscribers.indexOf(this);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
  }

  /** Calls `listener` (this process's relay) after every commit that wrote outbox rows. */
  onCommit(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * TypeORM calls this after every commit of the data source, and after a savepoint's release:
   * skipped, the rows are not visible until the transaction commits (and a wake-up then would be
   * spent on nothing, leaving the commit to the poll).
   */
  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (!event.queryRunner.data?.[OUTBOX_WRITTEN] || event.queryRunner.isTransactionActive) return;
    event.queryRunner.data[OUTBOX_WRITTEN] = false;
    this.listeners.forEach((listener) => listener());
    this.notifyOthers();
  }

  /** Coalesced: a commit during a NOTIFY in flight (or within the gap) is covered by the next one. */
  private notifyOthers(): void {
    if (this.stopped) return;
    this.pending = true;
    if (this.sending || this.timer) return;
    const wait = this.lastSent + NOTIFY_GAP_MS - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.send();
      }, wait);
      return;
    }
    void this.send();
  }

  private async send(): Promise<void> {
    if (this.stopped || !this.pending || !this.dataSource.isInitialized) return;
    this.pending = false;
    this.sending = true;
    this.lastSent = Date.now();
    try {
      // Its own transaction, committed without waiting for the WAL flush: a notification lost in
      // a crash costs one poll interval, nothing else.
      await this.dataSource.query("SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)", [
        this.channel,
        this.instance,
      ]);
    } catch {
      // The database away: the relays poll, and the next commit notifies again.
    } finally {
      this.sending = false;
    }
    if (this.pending) this.notifyOthers();
  }
}
