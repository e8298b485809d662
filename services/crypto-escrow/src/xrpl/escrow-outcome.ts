/** How an escrow that left the ledger was closed: from its history, or from the ledger's time rules. */
export type ClosedStatus = 'finished' | 'cancelled';

/** A transaction as account_tx / tx list it: api_version 2 nests it in tx_json, version 1 in tx or at the top. */
export interface ListedTx {
  hash?: string;
  ledger_index?: number;
  tx_json?: Record<string, unknown>;
  tx?: Record<string, unknown>;
  meta?: { TransactionResult?: string } | string;
}

export const txOf = (entry: ListedTx): Record<string, unknown> =>
  entry.tx_json ?? entry.tx ?? (entry as Record<string, unknown>);
const resultOf = (entry: ListedTx) => (typeof entry.meta === 'object' ? entry.meta?.TransactionResult : undefined);
const ledgerIndexOf = (entry: ListedTx) => Number(entry.ledger_index ?? txOf(entry).ledger_index ?? NaN);

export interface EscrowId {
  owner: string;
  sequence: number;
}

export interface ClosingTx {
  status: ClosedStatus;
  hash: string | null;
}

/** The successful EscrowFinish / EscrowCancel of this escrow among these entries, if any. */
export function closingTxIn(entries: ListedTx[], escrow: EscrowId): ClosingTx | null {
  const found = entries.find((entry) => {
    const tx = txOf(entry);
    return (
      (tx.TransactionType === 'EscrowFinish' || tx.TransactionType === 'EscrowCancel') &&
      tx.Owner === escrow.owner &&
      Number(tx.OfferSequence) === escrow.sequence &&
      resultOf(entry) === 'tesSUCCESS'
    );
  });
  if (!found) return null;
  const tx = txOf(found);
  return {
    status: tx.TransactionType === 'EscrowFinish' ? 'finished' : 'cancelled',
    hash: found.hash ?? (tx.hash as string | undefined) ?? null,
  };
}

export interface HistoryPage {
  transactions: ListedTx[];
  marker?: unknown;
}

export type HistorySearch =
  | { kind: 'found'; closing: ClosingTx; pages: number }
  /** complete: read back to the create's ledger or the end of the history, not cut short by pageCap. */
  | { kind: 'not-found'; pages: number; complete: boolean };

/**
 * Reads the owner's account_tx newest first, page by page (marker), until the closing transaction
 * turns up, a page reaches back past the ledger that created the escrow (nothing older can close it),
 * the history ends, or pageCap pages have been read.
 */
export async function searchHistory(
  readPage: (marker: unknown) => Promise<HistoryPage>,
  escrow: EscrowId & { createLedger: number | null },
  pageCap: number,
): Promise<HistorySearch> {
  const { createLedger } = escrow;
  const beforeCreate = (entry: ListedTx) => createLedger !== null && ledgerIndexOf(entry) < createLedger;
  let marker: unknown;
  for (let pages = 1; pages <= pageCap; pages += 1) {
    const page = await readPage(marker);
    const closing = closingTxIn(
      page.transactions.filter((entry) => !beforeCreate(entry)),
      escrow,
    );
    if (closing) return { kind: 'found', closing, pages };
    // Pages run newest first: once one reaches before the create, everything since has been read.
    const pastCreate = page.transactions.some(beforeCreate);
    marker = page.marker;
    if (pastCreate || !marker) return { kind: 'not-found', pages, complete: true };
  }
  return { kind: 'not-found', pages: pageCap, complete: false };
}

export type EscrowOutcome =
  | { decided: true; status: ClosedStatus; hash: string | null; reason: string | null }
  | { decided: false; reason: string };

export const FINISHED_BY_TIME_RULE =
  'left the ledger before CancelAfter, when only EscrowFinish can remove it; its closing transaction was not found';
export const OWNER_NOT_ON_LEDGER =
  "left the ledger with its owner's account (deleted, or the network was reset); the ledger can no longer say how it closed";
export const OUTCOME_NOT_IN_HISTORY =
  'left the ledger after CancelAfter, when EscrowFinish and EscrowCancel were both possible; its closing transaction was not found in account_tx';

/**
 * What the monitor may record for an escrow gone from account_objects. The history decides when it
 * has the closing transaction. Otherwise the ledger's time rules: EscrowCancel succeeds only once the
 * parent ledger's close time is past CancelAfter, and EscrowFinish fails from then on. So while the
 * latest validated close time is not past CancelAfter (or there is none), only a finish can have
 * removed it; after that both could have, and nothing is decided.
 */
export function escrowOutcome(input: {
  closing: ClosingTx | null;
  cancelAfter: number | null;
  ledgerCloseTime: number;
}): EscrowOutcome {
  if (input.closing) return { decided: true, ...input.closing, reason: null };
  if (input.cancelAfter === null || input.ledgerCloseTime <= input.cancelAfter) {
    return { decided: true, status: 'finished', hash: null, reason: FINISHED_BY_TIME_RULE };
  }
  return { decided: false, reason: OUTCOME_NOT_IN_HISTORY };
}
