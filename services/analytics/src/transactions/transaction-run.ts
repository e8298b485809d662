import {
  amlThresholdsNzd,
  screen,
  screeningRecordStatus,
  supersedes,
  toUsd,
  type ScreeningRule,
  type SourceTransaction,
  type TransactionStatus,
} from '@app/contracts';

/**
 * The read model's rules for a reported transaction, applied to a run of events (a partition's
 * consecutive events, or an event alone; ReadModelRepository.applyAll). A run gives the same rows
 * as its events applied each in turn, each a run of one over what the one before stored. The run
 * is folded here first, in its order, over the stored rows of its transactions: each event sees its transaction as the events
 * before it left it, so a later status of a transaction seen earlier in the run moves the rollups
 * from that status, not from the stored one. What the fold yields is additive (rollup moves,
 * customer steps, screening records), so the repository writes each table once for the run.
 */

/** A transaction's row: as stored, or as an earlier event of the run left it. */
export interface TransactionRow {
  /** Null until the row is inserted (a transaction new in the run). */
  id: string | null;
  user_id: string;
  source: string;
  source_id: string;
  type: string;
  amount: string;
  currency: string;
  amount_usd: string | null;
  status: TransactionStatus;
  risk_level: string;
  risk_score: number;
  processor: string;
  country: string | null;
  payment_method: string | null;
  customer_ref: string | null;
  property_id: string | null;
  blockchain_tx_hash: string | null;
  description: string | null;
  occurred_at: Date;
}

/** One row in (sign 1) or out (-1) of its day's and month's bucket, by event (`seq`, its place in the run). */
export interface MovedRow {
  seq: number;
  sign: 1 | -1;
  row: TransactionRow;
}

/** A day's channel bucket gains a transaction (txCount 1) or an identified one (identified 1). */
export interface ChannelMove {
  row: TransactionRow;
  txCount: 0 | 1;
  identified: 0 | 1;
}

/**
 * An event's move of the customer its row names: the completed spend it held before (`before`,
 * USD) and holds after, and whether it names the customer for the first time (counts once).
 */
export interface CustomerStep {
  seq: number;
  userId: string;
  customerRef: string;
  occurredAt: Date;
  before: string;
  after: string;
  first: boolean;
}

/** An applied event's screening: the rules it triggers become compliance records of its transaction. */
export interface ScreeningStep {
  key: string;
  tx: SourceTransaction;
  rules: ScreeningRule[];
  score: number;
  amountNzd: number | null;
}

export interface FoldedRun {
  /** The rows the run changed, as the last event left them, and whether each is new (not stored). */
  rows: Map<string, { row: TransactionRow; isNew: boolean }>;
  moved: MovedRow[];
  channels: ChannelMove[];
  customers: CustomerStep[];
  screenings: ScreeningStep[];
  /** Events of a transaction stored under another user: ignored, and worth a warning. */
  otherUser: SourceTransaction[];
}

/** The key of a transaction's row (source has no colon). */
export const keyOf = (tx: { source: string; source_id?: string; sourceId?: string }): string =>
  `${tx.source}:${tx.source_id ?? tx.sourceId}`;

const completedUsd = (status: TransactionStatus, usd: string | null): string =>
  status === 'completed' && usd ? usd : '0';

/**
 * Folds the run's events, in order, over `stored` (the stored rows of its transactions, by key):
 * the read model's rules, one event at a time. An event of a transaction stored
 * under another user, or whose status the stored one does not let through, is ignored; a new
 * transaction is inserted whole; a known one takes the event's status and risk, its first hash
 * and its first customer, and keeps its amount, currency, type, channel and time.
 */
export function foldRun(txs: SourceTransaction[], stored: Map<string, TransactionRow>): FoldedRun {
  const current = new Map(stored);
  const run: FoldedRun = { rows: new Map(), moved: [], channels: [], customers: [], screenings: [], otherUser: [] };
  for (const [seq, tx] of txs.entries()) {
    const key = keyOf(tx);
    const old = current.get(key);
    if (old && old.user_id !== tx.userId) {
      run.otherUser.push(tx);
      continue;
    }
    if (old && !supersedes(tx.status, old.status)) continue;
    const amountUsd = toUsd(tx.amount, tx.currency);
    const screening = screen({ type: tx.type, status: tx.status, amountUsd, country: tx.country });
    const row: TransactionRow = old
      ? {
          ...old,
          status: tx.status,
          risk_level: screening.level,
          risk_score: screening.score,
          blockchain_tx_hash: tx.blockchainTxHash ?? old.blockchain_tx_hash,
          customer_ref: old.customer_ref ?? tx.customerRef,
        }
      : {
          id: null,
          user_id: tx.userId,
          source: tx.source,
          source_id: tx.sourceId,
          type: tx.type,
          amount: tx.amount,
          currency: tx.currency,
          amount_usd: amountUsd,
          status: tx.status,
          risk_level: screening.level,
          risk_score: screening.score,
          processor: tx.processor,
          country: tx.country,
          payment_method: tx.paymentMethod,
          customer_ref: tx.customerRef,
          property_id: tx.propertyId,
          blockchain_tx_hash: tx.blockchainTxHash,
          description: tx.description,
          occurred_at: tx.occurredAt,
        };
    current.set(key, row);
    run.rows.set(key, { row, isNew: !stored.has(key) });
    run.moved.push({ seq, sign: 1, row });
    if (old) run.moved.push({ seq, sign: -1, row: old });
    if (!old) run.channels.push({ row, txCount: 1, identified: row.customer_ref ? 1 : 0 });
    else if (!old.customer_ref && row.customer_ref) run.channels.push({ row: old, txCount: 0, identified: 1 });
    if (row.customer_ref) {
      run.customers.push({
        seq,
        userId: tx.userId,
        customerRef: row.customer_ref,
        occurredAt: row.occurred_at,
        before: old?.customer_ref ? completedUsd(old.status, old.amount_usd) : '0',
        after: completedUsd(tx.status, row.amount_usd),
        first: !old?.customer_ref,
      });
    }
    if (screening.rules.length) {
      run.screenings.push({ key, tx, rules: screening.rules, score: screening.score, amountNzd: screening.amountNzd });
    }
  }
  return run;
}

/** A compliance record as written: one per transaction and rule, a later event's replacing an earlier one's. */
export interface ScreeningRecord {
  userId: string;
  transactionId: string;
  rule: ScreeningRule;
  status: 'review' | 'cleared';
  score: number;
  data: string;
}

/** The record's data: what the screening saw of the event. */
export const screeningData = (tx: SourceTransaction, amountNzd: number | null): string =>
  JSON.stringify({
    transactionId: tx.sourceId,
    transactionStatus: tx.status,
    amount: tx.amount,
    currency: tx.currency,
    amountNzd: amountNzd === null ? null : Math.round(amountNzd * 100) / 100,
    thresholdsNzd: amlThresholdsNzd,
    occurredAt: tx.occurredAt.toISOString(),
  });

/** A structuring record as the run finds it: its transaction and the occurredAt of its data. */
export interface StructuringRecord {
  userId: string;
  transactionId: string;
  occurredAt: Date;
}

const DAY_MS = 86_400_000;

/**
 * The run's compliance records, last per transaction and rule. A structuring record's status
 * counts the user's other structuring records of the 24 hours before the event (by their data's
 * occurredAt) as they stand when the event applies: those stored before the run (`stored`, at
 * least all of the windows the run's events ask about), as the run's earlier events rewrote or
 * added them.
 */
export function screeningRecords(
  steps: ScreeningStep[],
  idOf: (key: string) => string,
  stored: StructuringRecord[],
): ScreeningRecord[] {
  const structuring = new Map(stored.map((record) => [record.transactionId, record]));
  const records = new Map<string, ScreeningRecord>();
  for (const { key, tx, rules, score, amountNzd } of steps) {
    const transactionId = idOf(key);
    const data = screeningData(tx, amountNzd);
    for (const rule of rules) {
      let before = 0;
      if (rule === 'structuring') {
        const to = tx.occurredAt.getTime();
        for (const record of structuring.values()) {
          const at = record.occurredAt.getTime();
          if (record.userId === tx.userId && record.transactionId !== transactionId && at >= to - DAY_MS && at <= to) {
            before += 1;
          }
        }
        structuring.set(transactionId, { userId: tx.userId, transactionId, occurredAt: tx.occurredAt });
      }
      const status = screeningRecordStatus(rule, score, before);
      records.set(`${transactionId}:${rule}`, { userId: tx.userId, transactionId, rule, status, score, data });
    }
  }
  return [...records.values()];
}

/** Per user, the span of structuring records the run's structuring events ask about. */
export function structuringWindows(steps: ScreeningStep[]): { userId: string; from: Date; to: Date }[] {
  const spans = new Map<string, { from: number; to: number }>();
  for (const { tx, rules } of steps) {
    if (!rules.includes('structuring')) continue;
    const at = tx.occurredAt.getTime();
    const span = spans.get(tx.userId);
    spans.set(tx.userId, { from: Math.min(span?.from ?? at, at - DAY_MS), to: Math.max(span?.to ?? at, at) });
  }
  return [...spans].map(([userId, { from, to }]) => ({ userId, from: new Date(from), to: new Date(to) }));
}
