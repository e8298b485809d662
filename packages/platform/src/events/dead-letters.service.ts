import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, type DeadLetterList, type DeadLetterView, type ReplayResult } from '@app/contracts';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { isUuid } from '../auth/tokens';
import { AppError } from '../errors/app-error';
import { DeadLettersRepository, type DeadLetterRow } from './dead-letters.repository';
import { EventConsumer } from './event-consumer';

const notFound = () => new AppError(ErrorCode.NotFound, 'Dead letter not found.');

const viewOf = (row: DeadLetterRow): DeadLetterView => ({
  id: row.id,
  consumer: row.consumer,
  eventId: row.eventId,
  type: row.type,
  topic: row.topic,
  partition: row.partition,
  offset: row.offset,
  key: row.key,
  error: row.error,
  attempts: row.attempts,
  firstFailedAt: new Date(row.firstFailedAt).toISOString(),
  lastFailedAt: new Date(row.lastFailedAt).toISOString(),
  replayedAt: row.replayedAt ? new Date(row.replayedAt).toISOString() : null,
});

/**
 * The dead letters of this service's consumer and their replay after a fix: the stored message goes
 * through the consumer again, in one transaction with its inbox row and the mark on the dead letter,
 * so a replay applies an event at most once however often it is asked for.
 */
@Injectable()
export class DeadLettersService {
  private readonly logger = new Logger(DeadLettersService.name);

  constructor(
    private readonly repository: DeadLettersRepository,
    private readonly consumer: EventConsumer,
    @Inject(APP_CONFIG) private readonly config: BaseConfig,
  ) {}

  /** The path names a service; only this one's are here (any other is a 404, like an unknown path). */
  private check(service: string): void {
    if (service !== this.config.SERVICE_NAME) throw new AppError(ErrorCode.NotFound, 'Not found');
  }

  async list(service: string, status: 'open' | 'all', limit: number): Promise<DeadLetterList> {
    this.check(service);
    const rows = await this.repository.list(this.consumer.groupId, status === 'all', limit);
    return { deadLetters: rows.map(viewOf), open: await this.repository.countOpen(this.consumer.groupId) };
  }

  async replay(service: string, id: string): Promise<ReplayResult> {
    this.check(service);
    if (!isUuid(id)) throw notFound();
    const row = await this.repository.find(this.consumer.groupId, id);
    if (!row) throw notFound();
    return this.replayRow(row);
  }

  /** Replays every open dead letter, oldest first (the order they failed in). */
  async replayAll(service: string): Promise<ReplayResult[]> {
    this.check(service);
    const open = await this.repository.list(this.consumer.groupId, false, 10_000);
    const results: ReplayResult[] = [];
    for (const row of open.reverse()) results.push(await this.replayRow(row));
    return results;
  }

  private async replayRow(row: DeadLetterRow): Promise<ReplayResult> {
    if (row.replayedAt) return { id: row.id, outcome: 'already-applied' };
    try {
      const applied = await this.consumer.applyEnvelope(
        {
          topic: row.topic,
          partition: row.partition,
          offset: row.offset,
          key: row.key,
          headers: row.headers,
          value: row.payload,
        },
        async (manager) => void (await this.repository.markReplayed(manager, row.id)),
      );
      this.logger.log(
        `dead letter ${row.id} (${row.type ?? 'event'}) replayed: ${applied ? 'applied' : 'already applied'}`,
      );
      return { id: row.id, outcome: applied ? 'applied' : 'already-applied' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.repository.recordReplayFailure(row.id, message);
      this.logger.warn(`dead letter ${row.id} replay failed again: ${message}`);
      return { id: row.id, outcome: 'failed', error: message };
    }
  }
}
