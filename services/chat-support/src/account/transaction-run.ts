import { isUuid } from '@app/platform';
import { replacesStatus, type ReportedTransaction } from './account-context.util';

/** A stored transaction row, as a run of events finds it (read under the accounts' locks). */
export type StoredTransaction = Pick<ReportedTransaction, 'source' | 'sourceId' | 'userId' | 'status' | 'occurredAt'>;

/** What a run of events changes, each row once. */
export interface TransactionRunWrites {
  /** New rows. */
  inserted: ReportedTransaction[];
  /**
   * Stored rows that changed: a status (`replacement` null), or the whole row when a reported one
   * took the place of one pushed out of another user's newest in the same run.
   */
  updated: { source: string; sourceId: string; status: string; replacement: ReportedTransaction | null }[];
  /** Stored rows pushed out of their user's newest. */
  deleted: { source: string; sourceId: string }[];
  /** Events of a transaction stored under another user (ignored, with a warning). */
  otherUsers: ReportedTransaction[];
}

/** A row during the fold: stored (`reported` null) or reported in the run, and whether its status moved. */
interface Row {
  source: string;
  sourceId: string;
  userId: string;
  status: string;
  occurredAt: number;
  reported: ReportedTransaction | null;
  moved: boolean;
}

/** Source ids are uuids, compared as Postgres does (case-insensitive) and ranked as it orders them. */
const keyOf = (tx: { source: string; sourceId: string }) => `${tx.source}\u0000${tx.sourceId.toLowerCase()}`;

/** recentTransactions' order: newest first, ties by source id (as Postgres orders uuids: lower-case hex). */
const newestFirst = (a: Row, b: Row) =>
  b.occurredAt - a.occurredAt || (a.sourceId < b.sourceId ? 1 : a.sourceId > b.sourceId ? -1 : 0);

/**
 * Folds a run of reported transactions, in order, each applied to what the ones before it left, into
 * the rows the run changes, so it is written in one statement (which cannot change a row twice). The
 * account context's only rules for a reported transaction: one event alone is a run of one. Per
 * event: a stored transaction takes the reported status when it is the user's (user ids compared
 * as uuids: in lower case) and `replacesStatus` allows the move; a new one joins its user's newest
 * `keep` unless older than all of them, the user's rows that fall out deleted. `stored` holds every
 * stored row of the run's users and the stored rows of its transactions; each event's user id must
 * be a uuid.
 */
export function foldTransactionRun(
  txs: ReportedTransaction[],
  stored: StoredTransaction[],
  keep: number,
): TransactionRunWrites {
  const before = new Map(stored.map((row) => [keyOf(row), row]));
  const rows = new Map<string, Row>();
  const byUser = new Map<string, Set<string>>();
  const place = (key: string, row: Row) => {
    rows.set(key, row);
    byUser.set(row.userId, (byUser.get(row.userId) ?? new Set()).add(key));
  };
  for (const [key, row] of before) {
    place(key, {
      ...row,
      sourceId: row.sourceId.toLowerCase(),
      occurredAt: row.occurredAt.getTime(),
      reported: null,
      moved: false,
    });
  }
  const otherUsers: ReportedTransaction[] = [];
  for (const tx of txs) {
    const key = keyOf(tx);
    const row = rows.get(key);
    if (row) {
      if (row.userId !== tx.userId.toLowerCase()) otherUsers.push(tx);
      else if (tx.status !== row.status && replacesStatus(tx.status, row.status)) {
        row.status = tx.status;
        row.moved = true;
      }
      continue;
    }
    const occurredAt = tx.occurredAt.getTime();
    // What cannot be ranked as Postgres orders the rows: the run fails, and the consumer applies its
    // events one at a time, where this one fails alone.
    if (Number.isNaN(occurredAt)) throw new RangeError(`${tx.source} transaction ${tx.sourceId}: invalid time`);
    if (!isUuid(tx.sourceId)) throw new RangeError(`${tx.source} transaction ${tx.sourceId}: not a uuid`);
    const userId = tx.userId.toLowerCase();
    const reported: Row = {
      source: tx.source,
      sourceId: tx.sourceId.toLowerCase(),
      userId,
      status: tx.status,
      occurredAt,
      reported: tx,
      moved: false,
    };
    const ranked = [...(byUser.get(userId) ?? [])].map((other) => rows.get(other)!).concat(reported);
    ranked.sort(newestFirst);
    const newest = new Set(ranked.slice(0, keep));
    if (newest.has(reported)) place(key, reported);
    for (const other of ranked) {
      if (newest.has(other)) continue;
      const otherKey = keyOf(other);
      rows.delete(otherKey);
      byUser.get(userId)?.delete(otherKey);
    }
  }
  return { ...changesOf(before, rows), otherUsers };
}

/** The run's changes, from the rows before and after it. */
function changesOf(
  before: Map<string, StoredTransaction>,
  after: Map<string, Row>,
): Omit<TransactionRunWrites, 'otherUsers'> {
  const changes: Omit<TransactionRunWrites, 'otherUsers'> = { inserted: [], updated: [], deleted: [] };
  for (const [key, row] of before) {
    if (!after.has(key)) changes.deleted.push({ source: row.source, sourceId: row.sourceId });
  }
  for (const [key, row] of after) {
    const reported = row.reported && { ...row.reported, status: row.status };
    if (!before.has(key)) {
      if (reported) changes.inserted.push(reported);
    } else if (reported || row.moved) {
      changes.updated.push({ source: row.source, sourceId: row.sourceId, status: row.status, replacement: reported });
    }
  }
  return changes;
}
