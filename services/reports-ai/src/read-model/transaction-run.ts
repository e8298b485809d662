import {
  screen,
  screeningRecordStatus,
  supersedes,
  toUsd,
  type RiskLevel,
  type Screening,
  type ScreeningRule,
  type SourceTransaction,
  type TransactionStatus,
} from '@app/contracts';

/** A transaction's row as one or more events of a run leave it (the columns an event writes). */
export interface TransactionRow {
  userId: string;
  source: SourceTransaction['source'];
  sourceId: string;
  type: SourceTransaction['type'];
  amount: string;
  currency: string;
  amountUsd: string | null;
  status: TransactionStatus;
  riskLevel: RiskLevel;
  riskScore: number;
  processor: string;
  country: string | null;
  paymentMethod: string | null;
  customerRef: string | null;
  occurredAt: Date;
}

/** A screening record as the last event of its transaction that triggered its rule leaves it. */
export interface ScreeningRow {
  source: string;
  sourceId: string;
  rule: ScreeningRule;
  userId: string;
  status: 'review' | 'cleared';
  riskScore: number;
  occurredAt: Date;
}

/** A stored transaction, as the events of a run find it (read locked before the run is folded). */
export interface StoredTransaction {
  source: string;
  sourceId: string;
  userId: string;
  status: TransactionStatus;
  customerRef: string | null;
}

/** A stored structuring record: its transaction, the user it counts for and when. */
export interface StoredStructuring {
  source: string;
  sourceId: string;
  userId: string;
  occurredAt: Date;
}

/** What a run of events writes: each transaction's last row, each record's last version, and the events refused. */
export interface TransactionRunWrites {
  transactions: TransactionRow[];
  screenings: ScreeningRow[];
  /** Events of a transaction stored under another user (ignored, with a warning). */
  otherUsers: SourceTransaction[];
}

/** The window before a transaction in which structuring records count (24 hours, ends included). */
const structuringWindowMs = 24 * 3_600_000;

const keyOf = (tx: { source: string; sourceId: string }) => `${tx.source}\u0000${tx.sourceId}`;

/** An event's transaction priced and screened, as the repository writes it. */
export function screened(tx: SourceTransaction): { amountUsd: string | null; screening: Screening } {
  const amountUsd = toUsd(tx.amount, tx.currency);
  return { amountUsd, screening: screen({ type: tx.type, status: tx.status, amountUsd, country: tx.country }) };
}

/**
 * The stored structuring records a run's fold needs (a structuring record's status counts the
 * user's others in the 24 hours before it): the users whose events trigger the rule, over all their
 * windows; null when none does.
 */
export const structuringScope = (txs: SourceTransaction[]): { userIds: string[]; from: Date; to: Date } | null => {
  const structuring = txs.filter((tx) => screened(tx).screening.rules.includes('structuring'));
  if (structuring.length === 0) return null;
  const times = structuring.map((tx) => tx.occurredAt.getTime());
  return {
    userIds: [...new Set(structuring.map((tx) => tx.userId.toLowerCase()))],
    from: new Date(Math.min(...times) - structuringWindowMs),
    to: new Date(Math.max(...times)),
  };
};

/**
 * Folds a run of events, in order, into the rows they leave, each event applied to what the ones
 * before it left (stored, or written earlier in the run), so a run is written in one statement
 * (one INSERT ... ON CONFLICT cannot touch a row twice); a handler's single event is a run of one.
 * Per event: a transaction stored under another user is left alone; a known one takes the
 * reported status when `supersedes` allows the move (and its risk, and a customer
 * reference it lacked), keeping its first event's amount, type and time; a new one is stored
 * whole. Each applied event's rules then write their records, a structuring record's status
 * counting the user's others in the 24 hours before it, stored (`structuring`: at least those of
 * the run's structuring users and times) or written earlier in the run. `stored` holds the stored
 * rows of the run's transactions.
 */
export function foldTransactionRun(
  txs: SourceTransaction[],
  stored: StoredTransaction[],
  structuring: StoredStructuring[],
): TransactionRunWrites {
  const rows = new Map<string, StoredTransaction | TransactionRow>(stored.map((row) => [keyOf(row), row]));
  const written = new Map<string, TransactionRow>();
  const screenings = new Map<string, ScreeningRow>();
  const structuringAt = new Map(structuring.map((record) => [keyOf(record), record]));
  const otherUsers: SourceTransaction[] = [];
  for (const tx of txs) {
    const key = keyOf(tx);
    const userId = tx.userId.toLowerCase();
    const old = rows.get(key);
    if (old && old.userId !== userId) {
      otherUsers.push(tx);
      continue;
    }
    if (old && !supersedes(tx.status, old.status)) continue;
    const { amountUsd, screening } = screened(tx);
    const reported = rowOf(tx, userId, amountUsd, screening);
    // A row written earlier in the run keeps its first event's columns (they are what is inserted);
    // a stored one's are not written at all, only those the conflict's update sets.
    const earlier = written.get(key);
    const row: TransactionRow = old
      ? {
          ...(earlier ?? reported),
          status: reported.status,
          riskLevel: reported.riskLevel,
          riskScore: reported.riskScore,
          customerRef: old.customerRef ?? reported.customerRef,
        }
      : reported;
    rows.set(key, row);
    written.set(key, row);
    for (const rule of screening.rules) {
      let structuringBefore = 0;
      if (rule === 'structuring') {
        const at = tx.occurredAt.getTime();
        for (const [other, record] of structuringAt) {
          const when = record.occurredAt.getTime();
          if (other !== key && record.userId === userId && when >= at - structuringWindowMs && when <= at) {
            structuringBefore += 1;
          }
        }
        structuringAt.set(key, { source: tx.source, sourceId: tx.sourceId, userId, occurredAt: tx.occurredAt });
      }
      screenings.set(`${key}\u0000${rule}`, {
        source: tx.source,
        sourceId: tx.sourceId,
        rule,
        userId,
        status: screeningRecordStatus(rule, screening.score, structuringBefore),
        riskScore: screening.score,
        occurredAt: tx.occurredAt,
      });
    }
  }
  return { transactions: [...written.values()], screenings: [...screenings.values()], otherUsers };
}

/** The row an event of a new transaction inserts. */
function rowOf(tx: SourceTransaction, userId: string, amountUsd: string | null, screening: Screening): TransactionRow {
  return {
    userId,
    source: tx.source,
    sourceId: tx.sourceId,
    type: tx.type,
    amount: tx.amount,
    currency: tx.currency,
    amountUsd,
    status: tx.status,
    riskLevel: screening.level,
    riskScore: screening.score,
    processor: tx.processor,
    country: tx.country,
    paymentMethod: tx.paymentMethod,
    customerRef: tx.customerRef,
    occurredAt: tx.occurredAt,
  };
}
