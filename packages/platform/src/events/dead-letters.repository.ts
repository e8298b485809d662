import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { schemaOf } from '../database/schema';

/** A Kafka message as the consumer received it; enough to apply it again later. */
export interface Envelope {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  headers: Record<string, string>;
  value: Buffer | null;
}

export interface DeadLetterFailure {
  consumer: string;
  eventId: string | null;
  type: string | null;
  envelope: Envelope;
  error: string;
  attempts: number;
  firstFailedAt: Date;
}

export interface DeadLetterRow {
  id: string;
  consumer: string;
  eventId: string | null;
  type: string | null;
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  headers: Record<string, string>;
  payload: Buffer | null;
  error: string;
  attempts: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
  replayedAt: Date | null;
}

const columns = `id, consumer, event_id AS "eventId", type, topic, partition, "offset"::text AS "offset", key, headers,
  payload, error, attempts, first_failed_at AS "firstFailedAt", last_failed_at AS "lastFailedAt",
  replayed_at AS "replayedAt"`;

/** At most this much of an error's text is kept (a stack or a huge value would bloat the table). */
const MAX_ERROR_LENGTH = 4000;

/** The service's dead_letters table (platform migrations `CreateDeadLetters`, `DeadLettersByMessage`). */
@Injectable()
export class DeadLettersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get table(): string {
    return `"${schemaOf(this.dataSource)}"."dead_letters"`;
  }

  /**
   * Records a failure; the same message dead-lettered again (a redelivery) adds its attempts. The
   * same message is the same place in Kafka with the same event id (payload, when it has none):
   * another event at an offset a recreated topic handed out again gets a row of its own. The
   * conflict target repeats the columns and expression of the unique index `dead_letters_message`
   * (migration DeadLettersByMessage) word for word: Postgres picks the index by them.
   */
  async record(failure: DeadLetterFailure): Promise<string> {
    const { envelope } = failure;
    const [row] = (await this.dataSource.query(
      `INSERT INTO ${this.table} AS d (consumer, event_id, type, topic, partition, "offset", key, headers, payload,
         error, attempts, first_failed_at, last_failed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now())
       ON CONFLICT (consumer, topic, partition, "offset", (coalesce(event_id, md5(coalesce(payload, ''::bytea)))))
       DO UPDATE
         SET error = excluded.error, attempts = d.attempts + excluded.attempts, last_failed_at = now(),
             replayed_at = NULL
       RETURNING id`,
      [
        failure.consumer,
        failure.eventId?.slice(0, 100) ?? null,
        failure.type?.slice(0, 100) ?? null,
        envelope.topic,
        envelope.partition,
        envelope.offset,
        envelope.key,
        envelope.headers,
        envelope.value,
        failure.error.slice(0, MAX_ERROR_LENGTH),
        failure.attempts,
        failure.firstFailedAt,
      ],
    )) as { id: string }[];
    return row!.id;
  }

  /** Newest failure first; open ones only unless `includeReplayed`. */
  list(consumer: string, includeReplayed: boolean, limit: number): Promise<DeadLetterRow[]> {
    return this.dataSource.query(
      `SELECT ${columns} FROM ${this.table}
        WHERE consumer = $1 AND ($2 OR replayed_at IS NULL)
        ORDER BY last_failed_at DESC, id LIMIT $3`,
      [consumer, includeReplayed, limit],
    );
  }

  async find(consumer: string, id: string): Promise<DeadLetterRow | undefined> {
    const [row] = (await this.dataSource.query(`SELECT ${columns} FROM ${this.table} WHERE consumer = $1 AND id = $2`, [
      consumer,
      id,
    ])) as DeadLetterRow[];
    return row;
  }

  /** Marks a dead letter replayed, in the transaction that applied it (once: a second replay finds it done). */
  async markReplayed(manager: EntityManager, id: string): Promise<boolean> {
    const rows = (await manager.query(
      `UPDATE ${this.table} SET replayed_at = now() WHERE id = $1 AND replayed_at IS NULL RETURNING id`,
      [id],
    )) as unknown[];
    return rows.length > 0;
  }

  async recordReplayFailure(id: string, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${this.table} SET error = $2, attempts = attempts + 1, last_failed_at = now() WHERE id = $1`,
      [id, error.slice(0, MAX_ERROR_LENGTH)],
    );
  }

  async countOpen(consumer: string): Promise<number> {
    const [{ n }] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM ${this.table} WHERE consumer = $1 AND replayed_at IS NULL`,
      [consumer],
    )) as { n: number }[];
    return n;
  }
}
